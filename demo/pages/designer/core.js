// The store designer's shared parts: the page's controls, what it holds for the shop being designed,
// and the messages it sends to the preview (docs/designer.md).

export const DESIGNER_SOURCE = 'shop-designer';
export const STOREFRONT_SOURCE = 'shop-storefront';
export const VERSION = 1;
export const DEFAULT_ACCENT = '#ec4899';

export const BLOCK_NAMES = {
  hero: 'Hero',
  rich_text: 'Text',
  product_carousel: 'Product carousel',
  image_grid: 'Image grid',
  cta: 'Call to action',
  catalogue: 'Catalogue',
  product: 'Product',
  cart_button: 'Cart button',
};

export const form = /** @type {HTMLFormElement} */ (document.getElementById('designer'));
export const frame = /** @type {HTMLIFrameElement} */ (document.getElementById('preview'));
export const status = /** @type {HTMLElement} */ (document.getElementById('status'));
export const list = /** @type {HTMLOListElement} */ (document.getElementById('sections'));
export const empty = /** @type {HTMLElement} */ (document.getElementById('sections-empty'));
export const field = (name) => /** @type {HTMLInputElement | HTMLSelectElement} */ (form.elements.namedItem(name));

/** What the designer holds for the shop being designed. */
export const state = {
  slug: 'acme',
  /** @type {{ id: number, name: string, settings: Record<string, unknown>, pages: { slug: string, name: string, type: string, content: { blocks?: unknown[], html?: string } }[] } | null} */
  saved: null,
  /** @type {{ id: number, name: string, images: string[] }[]} */
  products: [],
  /** @type {Record<string, unknown>[]} */
  blocks: [],
  connected: false,
  /** The shop's preview session (docs/designer.md), null without a key that opens one. */
  session: /** @type {string | null} */ (null),
  /** Why the operator key opened no preview session (the server's message), '' when it did or none was asked. */
  sessionError: '',
};

/** The shop's own origin: `http://<slug>.<this host>:<port>` (each shop answers on its host). */
export function shopOrigin(slug = state.slug) {
  return `${location.protocol}//${slug}.${location.hostname}${location.port ? `:${location.port}` : ''}`;
}

export function setStatus(text) {
  status.textContent = text;
}

/** Sends one designer message to the preview, addressed to the shop's exact origin only. */
export function send(message) {
  frame.contentWindow?.postMessage({ source: DESIGNER_SOURCE, version: VERSION, ...message }, shopOrigin());
}

/** `rgb(37 99 235)`, `rgb(37, 99, 235)` or `#2563eb` as `#2563eb` for the colour input. */
export function toHex(colour) {
  if (typeof colour !== 'string') return DEFAULT_ACCENT;
  if (/^#[0-9a-f]{6}$/i.test(colour)) return colour.toLowerCase();
  const parts = colour.match(/\d+/g);
  if (!parts || parts.length < 3) return DEFAULT_ACCENT;
  return `#${parts.slice(0, 3).map((part) => Number(part).toString(16).padStart(2, '0')).join('')}`;
}

export function currentSettings() {
  const style = form.querySelector('input[name="button_style"]:checked');
  return {
    accent_colour: field('accent').value,
    font: field('font').value,
    button_style: style ? style.value : 'round',
    logo: field('logo').value || null,
  };
}

export function pushSettings() {
  if (state.connected) send({ type: 'settings', settings: currentSettings() });
}

export function pushPage() {
  if (state.connected) send({ type: 'page', page: { slug: 'homepage', content: { blocks: state.blocks } } });
}

/**
 * The shop's saved content pages as they are: a login-required shop shows a visitor who has not signed
 * in none of its pages, so the preview gets them from the designer, as it gets the homepage.
 */
export function pushSavedPages() {
  if (!state.connected) return;
  for (const page of state.saved?.pages ?? []) {
    if (page.type === 'content') send({ type: 'page', page: { slug: page.slug, name: page.name, content: { html: page.content.html ?? '' } } });
  }
}
