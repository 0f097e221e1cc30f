import { signal } from '@preact/signals-react';
import type { DesignerPage, DesignerSettings } from '../domain/designer.ts';
import { pageSingleton } from '../page-singleton.ts';

/**
 * What a store designer has switched on and pushes to preview (spec §1, §6), as plain state. The
 * screens read the mode, the shop (`store/shop.ts`) lays the preview over the saved config, and the
 * bridge that talks to the designer (`store/designer.ts`, loaded only on a framed page) writes here.
 * Keeping the state apart from the bridge lets the shop read it without the two importing each other.
 *
 * @module
 */

/** Designer preview mode: guest and auth guards are bypassed and blocking popups hidden. */
export const designerMode = pageSingleton('designerMode', () => signal(false));

/**
 * Whether a framed page is still waiting to hear from its designer: from the start of the bridge until
 * the designer switches the mode on, or the bridge's grace period after the page said it is ready.
 * Meanwhile the storefront holds back guard redirects, so a designer previewing a login-required
 * shop's homepage does not land on the login screen before its message arrives. It holds nothing
 * else: a page no designer answers behaves normally after the grace period.
 */
export const awaitingDesigner = pageSingleton('awaitingDesigner', () => signal(false));

/** Settings and pages a designer previews on top of the saved shop; never saved anywhere. */
export interface DesignerPreview {
  settings: DesignerSettings;
  pages: ReadonlyMap<string, DesignerPage>;
}

/** The designer's preview, `null` when there is none (each push replaces the value, never mutates it). */
export const designerPreview = pageSingleton('designerPreview', () => signal<DesignerPreview | null>(null));
