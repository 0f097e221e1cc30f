import { effect, type ReadonlySignal } from '@preact/signals-react';
import { api } from '../api/client.ts';
import { getAuthToken } from '../api/cookies.ts';
import type { Website } from '../contract/contract.ts';
import { parseDesignerOrigins, readDesignerMessage, storefrontMessage, type DesignerMessage, type StorefrontMessage } from '../domain/designer.ts';
import { configurePageFromDocument, pageConfig } from './config.ts';
import { awaitingDesigner, designerMode, designerPreview, type DesignerPreview } from './designer-preview.ts';
import { pageSingleton } from '../page-singleton.ts';

/**
 * The bridge to a store designer that frames the page (spec §1, §6): it checks and carries out the
 * designer's messages, writing the mode and the preview (`./designer-preview.ts`), which the shop lays
 * over its saved config. Loaded only on a framed page. It is handed the shop it reports on rather than
 * importing the shop's store, which starts it.
 *
 * @module
 */

/** How long a framed page waits for its designer after saying it is ready. */
export const DESIGNER_GRACE_MS = 1500;

/** What the bridge reads of the shop (whether it is known yet, and which it is) and tells it. */
export interface BridgeShop {
  status: ReadonlySignal<'idle' | 'loading' | 'ready' | 'not-found' | 'error'>;
  website: ReadonlySignal<Website | null>;
  /** Asks for a login-required shop's config again, whole, when its guest view is shown (`loadMemberShop`). */
  loadWhole: () => Promise<void>;
  /** Back to a login-required shop's guest view (`showGuestView`). */
  showGuestView: () => void;
}

/**
 * A designer's preview session started (a token) or ended (`null`), docs/designer.md: the shop's reads
 * carry it from now on, and a login-required shop's config is asked for again, whole; ended, a preview
 * nobody signed in to goes back to the guest view.
 */
export function changePreviewSession(token: string | null, shop: Pick<BridgeShop, 'loadWhole' | 'showGuestView'>): void {
  api.configure({ previewSession: token ?? undefined });
  if (token) void shop.loadWhole();
  else if (!getAuthToken()) shop.showGuestView();
}

const EMPTY_PREVIEW: DesignerPreview = { settings: {}, pages: new Map() };

/** Carries out one designer message for `shop`; returns the receipt to send back. */
export function handleDesignerMessage(message: DesignerMessage, shop: Pick<BridgeShop, 'loadWhole' | 'showGuestView'>): StorefrontMessage['type'] {
  switch (message.type) {
    case 'enable':
      designerMode.value = true;
      awaitingDesigner.value = false;
      return 'enabled';
    case 'disable':
      designerMode.value = false;
      designerPreview.value = null;
      changePreviewSession(null, shop);
      return 'disabled';
    case 'session':
      // Taken before `enable` too: a designer sends it first, so the screens' first reads carry it.
      changePreviewSession(message.token, shop);
      return 'applied';
    case 'settings': {
      // Settings and pages preview only inside designer mode: a framed shop never restyles itself for
      // a designer that has not switched the mode on.
      if (!designerMode.value) return 'disabled';
      const current = designerPreview.value ?? EMPTY_PREVIEW;
      designerPreview.value = { ...current, settings: { ...current.settings, ...message.settings } };
      return 'applied';
    }
    case 'page': {
      if (!designerMode.value) return 'disabled';
      const current = designerPreview.value ?? EMPTY_PREVIEW;
      designerPreview.value = { ...current, pages: new Map(current.pages).set(message.page.slug, message.page) };
      return 'applied';
    }
  }
}

/** The window that frames this page, or `null` on a top-level page (no designer can talk to it). */
function framingWindow(win: Window): Window | null {
  try {
    return win.parent && win.parent !== win ? win.parent : null;
  } catch {
    return null;
  }
}

/** The designers this page allows, read when needed: a later element may still name them. */
function allowedDesignerOrigins(): string[] {
  return parseDesignerOrigins(pageConfig.value.designerOrigins);
}

const started = pageSingleton('designerBridgeStarted', () => ({ value: false }));

/**
 * Listens for the store designer once per page, whatever number of elements start it. Only a framed
 * page listens; a message counts only when it comes from the framing window, from an origin the page
 * allows (`designer-origins`, exact match) and in a documented shape (`src/domain/designer.ts`).
 * Answers go to that exact origin, never `*`. On start it tells each allowed origin it is `ready`
 * (the browser delivers it only when the framing page really has that origin).
 */
export function startDesignerBridge(win: Window, shop: BridgeShop): void {
  if (started.value) return;
  const parent = framingWindow(win);
  if (!parent) return;
  started.value = true;
  configurePageFromDocument(win.document);
  if (allowedDesignerOrigins().length === 0) return;
  awaitingDesigner.value = true;

  win.addEventListener('message', (event: MessageEvent) => {
    if (event.source !== parent) return;
    const message = readDesignerMessage(event.origin, event.data, allowedDesignerOrigins());
    if (!message) return;
    const receipt = handleDesignerMessage(message, shop);
    parent.postMessage(storefrontMessage(receipt, shop.website.value?.slug ?? null), event.origin);
  });

  const announce = () => {
    for (const origin of allowedDesignerOrigins()) parent.postMessage(storefrontMessage('ready', shop.website.value?.slug ?? null), origin);
  };
  // Tell the designer once the shop is known, so its first pushes land on a loaded shop.
  const stop = effect(() => {
    const status = shop.status.value;
    if (status === 'ready' || status === 'not-found' || status === 'error') {
      queueMicrotask(() => stop());
      announce();
      setTimeout(() => {
        awaitingDesigner.value = false;
      }, DESIGNER_GRACE_MS);
    }
  });
}

