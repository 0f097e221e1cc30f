import { computed, signal } from '@preact/signals-react';
import { api } from '../api/client.ts';
import { isPointsCurrency, type Website } from '../contract/contract.ts';
import { fetchWebsite } from '../api/website.ts';
import { guestView } from '../domain/closed-shop.ts';
import { withPreview } from '../domain/preview.ts';
import { shopSlugFromHost } from '../domain/tenant.ts';
import { configurePageFromDocument, pageConfig } from './config.ts';
import { designerPreview } from './designer-preview.ts';
import { readInlinedWebsite } from './inlined-shop.ts';
import type * as LocaleChoice from './locale-choice.ts';
import { requestedLocale, setLocale } from './locale.ts';
import { pageSingleton } from '../page-singleton.ts';
import { storageBase } from './storage-base.ts';

/** Where the shop's presets stand: loading first, then the app knows which shop it is (spec §2 start-up). */
export type ShopStatus = 'idle' | 'loading' | 'ready' | 'not-found' | 'error';

/** The shop's configuration (spec §1) as the provider answered it, once loaded. */
export const savedShop = pageSingleton('savedShop', () => signal<Website | null>(null));

/**
 * The shop every screen and element shows: the saved configuration with a store designer's preview
 * laid over it (settings and pages, `store/designer-preview.ts`), or the saved one when there is none.
 * Computed, so the preview can never drift from the shop it was laid over, and ending it brings the
 * saved shop back by itself.
 */
export const shop = pageSingleton('shop', () =>
  computed(() => {
    const saved = savedShop.value;
    const preview = designerPreview.value;
    return saved && preview ? withPreview(saved, preview.settings, preview.pages) : saved;
  }),
);
export const shopStatus = pageSingleton('shopStatus', () => signal<ShopStatus>('idle'));

/** Points (budget) shop: currency `pkt` (spec §1). */
export const isPointsShop = pageSingleton('isPointsShop', () => computed(() => isPointsCurrency(shop.value?.currency)));

/** The shop's slug: the `shop` attribute, else the host-name rule (spec §1). */
export function resolveShopSlug(host: string = typeof location === 'undefined' ? '' : location.host): string | null {
  return pageConfig.value.shop ?? shopSlugFromHost(host, pageConfig.value.providerDomain);
}

/** Files are served from the provider's `/storage/` beside its API (spec §7). */
export function storageBaseFor(apiBase: string): string {
  return `${apiBase.replace(/\/+$/, '')}/storage/`;
}

/** The language a user picked themselves beats the shop's default for the rest of the visit. */
const userPickedLocale = pageSingleton('userPickedLocale', () => ({ value: false }));

/**
 * Marks the language just asked for as the user's own choice (the language switch calls it after
 * `setLocale`) and remembers it for the shop (`locale-choice.ts`), so a reload or the next visit
 * opens in it.
 */
export function markLocaleChosen(): Promise<void> {
  userPickedLocale.value = true;
  const slug = savedShop.peek()?.slug ?? resolveShopSlug();
  const lang = requestedLocale.peek();
  // Loaded on use: the storage module stays out of the runtime every element loads.
  return slug ? localeChoice().then((choice) => void choice?.rememberChosenLocale(slug, lang)) : Promise.resolve();
}

/** The stored-language module (`locale-choice.ts`), or null when its code cannot load (the shop's language applies). */
function localeChoice(): Promise<typeof LocaleChoice | null> {
  return import('./locale-choice.ts').catch(() => null);
}

/** Whether this page is shown inside another window's frame (a store designer's preview, maybe). */
export function isFramed(): boolean {
  try {
    return typeof window !== 'undefined' && window.parent !== window;
  } catch {
    return true;
  }
}

/** The page's one load of the shop, shared by every copy of the bundle. */
const shopLoad = pageSingleton('shop.load', () => ({ pending: null as Promise<void> | null }));

/**
 * Loads the shop's presets once per page, whatever number of elements ask (spec §2 start-up): reads
 * the configuration attributes of every shop element in the document, configures the API base,
 * takes the config for the resolved slug from the page when its server wrote it there
 * (`readInlinedWebsite`), else fetches it, then applies the shop's language and theme and adds its
 * live chat (once per page, see `injectLiveChat`); a framed page also starts listening for its store
 * designer (`startDesignerBridge`). An unknown
 * shop or a failure still resolves: `shopStatus` says which, and the storefront shows Store not found.
 */
export function loadShop(): Promise<void> {
  shopLoad.pending ??= (async () => {
    // Elements whose files have not run yet may carry the shop or the API base (e.g. `<shop-cart-button
    // shop="acme">` on a page whose catalogue script ran first): their attributes count too.
    configurePageFromDocument();
    const config = pageConfig.value;
    if (config.apiBase) {
      api.configure({ baseUrl: config.apiBase });
      storageBase.value = storageBaseFor(config.apiBase);
    }
    const slug = resolveShopSlug();
    if (!slug) {
      shopStatus.value = 'not-found';
      return;
    }
    shopStatus.value = 'loading';
    // The language chosen here before is read from the browser's storage: its code loads beside the config.
    const choiceModule = localeChoice();
    // Only a framed page can have a store designer: its bridge loads then, beside the shop's config,
    // and listens before the shop is ready (widgets on ordinary pages never load its code).
    const designer = isFramed()
      ? import('./designer.ts')
          .then((module) => module.startDesignerBridge(window, { status: shopStatus, website: savedShop, loadWhole: loadMemberShop, showGuestView }))
          .catch(() => undefined)
      : undefined;
    try {
      // The page's server may have written the config into the page: no request then, one round trip less before the first screen.
      const website = readInlinedWebsite(slug) ?? (await fetchWebsite(slug));
      await designer;
      if (!website) {
        shopStatus.value = 'not-found';
        return;
      }
      savedShop.value = website;
      // The language the visitor chose in this shop before (a reload, a later visit) beats the shop's
      // default; a language picked on this page meanwhile beats both.
      const chosen = (await choiceModule)?.readChosenLocale(website.slug) ?? null;
      if (!userPickedLocale.value) setLocale(chosen ?? website.lang);
      shopStatus.value = 'ready';
      // Most shops have no live chat: its code loads only for those that do. A failed load leaves the
      // page without the chat, as a refused script URL does.
      if (typeof document !== 'undefined' && website.livechat_enabled) {
        const apiBase = config.apiBase || location.href;
        void import('./livechat.ts').then((module) => module.injectLiveChat(website, apiBase)).catch(() => undefined);
      }
    } catch {
      shopStatus.value = 'error';
    }
  })();
  return shopLoad.pending;
}

/**
 * Loads the whole config of a login-required shop once its member has signed in, or a
 * store designer's preview session came (`store/designer.ts`): before
 * that the provider answered with its guest view (`guest_view`: no homepage, other pages or popups),
 * and this asks again with the member's token. The session store awaits it before it shows the user,
 * so no screen routes on the guest view with a member signed in (no empty homepage, no /404 for a
 * page the guest view did not list). A failure keeps the guest view: the member stays signed in and
 * the next page load asks again.
 */
export async function loadMemberShop(): Promise<void> {
  const current = savedShop.peek();
  if (!current?.guest_view) return;
  try {
    const whole = await fetchWebsite(current.slug);
    // Another shop meanwhile, or still the guest view (the token counts for another shop): keep what is shown.
    if (whole && whole.id === current.id && savedShop.peek() === current) savedShop.value = whole;
  } catch {
    // Offline or a passing failure: the guest view stays until the next load.
  }
}

/**
 * Back to the guest view of a login-required shop once its member has signed out or the session
 * ended: what the provider gives a guest, computed by the same rule (`guestView`), so the
 * next visitor at this browser sees no member content without a reload. Nothing for an open shop.
 */
export function showGuestView(): void {
  const current = savedShop.peek();
  if (current?.login_required && !current.guest_view) savedShop.value = guestView(current);
}

