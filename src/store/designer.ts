import { effect, signal } from '@preact/signals-react';
import type { Website } from '../api/contract.ts';
import {
  parseDesignerOrigins,
  readDesignerMessage,
  storefrontMessage,
  type DesignerMessage,
  type DesignerPage,
  type DesignerSettings,
  type StorefrontMessage,
} from '../domain/designer.ts';
import { configurePageFromDocument, pageConfig } from './config.ts';
import { pageSingleton } from './registry.ts';
import { shop, shopStatus } from './shop.ts';
import { themeSettings } from './theme.ts';

/**
 * Store-designer preview mode (spec §1, §6): switched on by a message from the embedding designer;
 * it bypasses the guest and auth guards and hides popups that would block the view.
 */
export const designerMode = pageSingleton('designerMode', () => signal(false));

/**
 * Whether a framed page is still waiting to hear from its designer: from the start of the bridge until
 * the designer switches the mode on, or {@link DESIGNER_GRACE_MS} after the page said it is ready.
 * Meanwhile the storefront holds back guard redirects, so a designer previewing a login-required
 * shop's homepage does not land on the login screen before its message arrives. It holds nothing
 * else: a page no designer answers behaves normally after the grace period.
 */
export const awaitingDesigner = pageSingleton('awaitingDesigner', () => signal(false));

/** How long a framed page waits for its designer after saying it is ready. */
export const DESIGNER_GRACE_MS = 1500;

/** What the designer previews on top of the saved shop: settings and pages, never saved anywhere. */
interface PreviewState {
  settings: DesignerSettings;
  pages: Map<string, DesignerPage>;
  /** The shop as loaded, to return to when the designer switches the preview off. */
  saved: Website | null;
}

const preview = pageSingleton<PreviewState>('designerPreview', () => ({ settings: {}, pages: new Map(), saved: null }));

/**
 * The shop with the designer's settings and pages laid over it. Only pages the shop has are
 * previewed: the routes come from the shop's pages, so a made-up slug would lead nowhere.
 */
export function withPreview(website: Website, settings: DesignerSettings, pages: ReadonlyMap<string, DesignerPage>): Website {
  const nextPages = website.pages.map((page) => {
    const override = pages.get(page.slug);
    return override ? { ...page, name: override.name ?? page.name, content: override.content } : page;
  });
  return { ...website, settings: { ...website.settings, ...settings }, pages: nextPages };
}

/** Lays the preview over the loaded shop (from the saved copy, so pushes never pile up). */
function applyPreview(): void {
  const saved = preview.saved ?? shop.value;
  if (!saved) return;
  preview.saved = saved;
  const next = withPreview(saved, preview.settings, preview.pages);
  shop.value = next;
  themeSettings.value = next.settings;
}

/** Ends the preview: the saved shop and its look come back. */
function clearPreview(): void {
  preview.settings = {};
  preview.pages.clear();
  if (preview.saved) {
    shop.value = preview.saved;
    themeSettings.value = preview.saved.settings;
  }
  preview.saved = null;
}

/** Carries out one designer message; returns the receipt to send back. */
export function handleDesignerMessage(message: DesignerMessage): StorefrontMessage['type'] {
  switch (message.type) {
    case 'enable':
      designerMode.value = true;
      awaitingDesigner.value = false;
      return 'enabled';
    case 'disable':
      designerMode.value = false;
      clearPreview();
      return 'disabled';
    case 'settings':
      // Settings and pages preview only inside designer mode: a framed shop never restyles itself for
      // a designer that has not switched the mode on.
      if (!designerMode.value) return 'disabled';
      preview.settings = { ...preview.settings, ...message.settings };
      if (shopStatus.value === 'ready') applyPreview();
      return 'applied';
    case 'page':
      if (!designerMode.value) return 'disabled';
      preview.pages.set(message.page.slug, message.page);
      if (shopStatus.value === 'ready') applyPreview();
      return 'applied';
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
export function startDesignerBridge(win: Window = window): void {
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
    const receipt = handleDesignerMessage(message);
    parent.postMessage(storefrontMessage(receipt, shop.value?.slug ?? null), event.origin);
  });

  // Pushes that came before the shop loaded are laid over it once it has.
  effect(() => {
    if (shopStatus.value === 'ready' && designerMode.peek() && (Object.keys(preview.settings).length > 0 || preview.pages.size > 0) && !preview.saved) {
      applyPreview();
    }
  });

  const announce = () => {
    for (const origin of allowedDesignerOrigins()) parent.postMessage(storefrontMessage('ready', shop.value?.slug ?? null), origin);
  };
  // Tell the designer once the shop is known, so its first pushes land on a loaded shop.
  const stop = effect(() => {
    const status = shopStatus.value;
    if (status === 'ready' || status === 'not-found' || status === 'error') {
      queueMicrotask(() => stop());
      announce();
      setTimeout(() => {
        awaitingDesigner.value = false;
      }, DESIGNER_GRACE_MS);
    }
  });
}

/** @internal Tests start from a page with no designer. */
export function resetDesigner(): void {
  designerMode.value = false;
  awaitingDesigner.value = false;
  preview.settings = {};
  preview.pages.clear();
  preview.saved = null;
  started.value = false;
}
