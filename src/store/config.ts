import { signal } from '@preact/signals-react';
import { pageSingleton } from '../page-singleton.ts';

/**
 * How this page uses the shop elements (DESIGN.md §3 "Configuration"), from attributes on any
 * element: `shop` and `api-base` override the host-name rule, `base-path` mounts the storefront under
 * a path, `storefront-url` is where widgets link to when no router is on the page, `provider-domain`
 * is the provider's own domain for the host-name rule, `designer-origins` lists the store designers
 * that may preview this page (exact origins, see `parseDesignerOrigins`). The first element that names
 * a value wins.
 */
export interface PageConfig {
  /** The shop's slug, overriding the host-name rule. */
  shop: string | null;
  /** The provider's API base URL (default: this page's origin). */
  apiBase: string | null;
  /** Path the storefront is mounted under, e.g. `/shop`. */
  basePath: string;
  /** Where links lead when no `<shop-storefront>` is on the page. */
  storefrontUrl: string | null;
  /** The provider's own domain for the host-name rule (default `localhost`). */
  providerDomain: string;
  /** Store designers allowed to preview this page: exact origins separated by spaces. */
  designerOrigins: string | null;
}

/** The provider's own domain: `<slug>.<domain>` hosts a shop (the demo's is `localhost`). */
export const DEFAULT_PROVIDER_DOMAIN = 'localhost';

export const pageConfig = pageSingleton('pageConfig', () =>
  signal<PageConfig>({ shop: null, apiBase: null, basePath: '', storefrontUrl: null, providerDomain: DEFAULT_PROVIDER_DOMAIN, designerOrigins: null }),
);

/** Which keys were set by an element already (the first one wins). */
const claimed = pageSingleton('pageConfigClaimed', () => new Set<keyof PageConfig>());

/** Normalises a base path: '' for the root, else a leading slash and no trailing one. */
export function normaliseBasePath(value: string): string {
  const trimmed = value.trim().replace(/\/+$/, '');
  if (trimmed === '' || trimmed === '/') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** Applies values from an element's attributes; a key already set by an earlier element is kept. */
export function configurePage(values: Partial<Record<keyof PageConfig, string | null | undefined>>): void {
  const next = { ...pageConfig.value };
  let changed = false;
  for (const [key, raw] of Object.entries(values) as [keyof PageConfig, string | null | undefined][]) {
    if (raw === null || raw === undefined || raw.trim() === '' || claimed.has(key)) continue;
    claimed.add(key);
    const value = key === 'basePath' ? normaliseBasePath(raw) : raw.trim();
    (next as Record<keyof PageConfig, string | null>)[key] = value;
    changed = true;
  }
  if (changed) pageConfig.value = next;
}

/**
 * The attribute that carries each configuration key on a shop element: the one list of them, from which
 * every element's attributes (`elements/define.ts`) and the page-wide look-up below are made.
 */
export const CONFIG_ATTRIBUTES = {
  shop: 'shop',
  apiBase: 'api-base',
  basePath: 'base-path',
  storefrontUrl: 'storefront-url',
  providerDomain: 'provider-domain',
  designerOrigins: 'designer-origins',
} as const satisfies Record<keyof PageConfig, string>;

/** Applies the configuration attributes of one shop element (see {@link configurePage}). */
export function configurePageFromElement(element: Element): void {
  configurePage(Object.fromEntries(Object.entries(CONFIG_ATTRIBUTES).map(([key, attribute]) => [key, element.getAttribute(attribute)])));
}

/**
 * Applies the configuration attributes of every shop element in `root` (the document), in document
 * order, including elements whose entry file has not run yet. An element applies its own attributes
 * when it is constructed, so without this the attributes of `<shop-cart-button shop="…">` would be
 * missed when another element's file ran first and loaded the shop. Keys already set are kept.
 */
export function configurePageFromDocument(root: ParentNode | null = typeof document === 'undefined' ? null : document): void {
  if (!root) return;
  const selector = Object.values(CONFIG_ATTRIBUTES)
    .map((attribute) => `[${attribute}]`)
    .join(',');
  for (const element of root.querySelectorAll(selector)) {
    if (element.localName.startsWith('shop-')) configurePageFromElement(element);
  }
}

