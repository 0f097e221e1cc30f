import DOMPurify, { type DOMPurify as Purifier, type WindowLike } from 'dompurify';

/**
 * The one way HTML from the shop's configuration (content pages, popups, rich-text blocks) reaches the
 * page. DOMPurify (a maintained, widely audited sanitiser: hand-written filters miss mutation XSS)
 * removes scripts, event handlers, `javascript:`/`data:`/`vbscript:` links and sources, forms, frames
 * and styles; what stays is text formatting, lists, tables, headings, links and images.
 *
 * - Links and images may point only to `http(s):`, `mailto:`, `tel:` or a relative URL.
 * - A link that opens a new window gets `rel="noopener noreferrer"` (no access to this page).
 * - An image without `alt` gets `alt=""` (decorative) so screen readers do not spell out its file name.
 * - `id` and `name` attributes are dropped: content must not clobber the page's DOM names.
 */

/** URLs content may use: http(s), mailto, tel, or relative (no scheme at all). */
const SAFE_URL = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

const CONFIG = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'frame', 'object', 'embed', 'base', 'meta', 'link', 'svg', 'math', 'template'],
  FORBID_ATTR: ['style', 'id', 'name', 'srcset', 'formaction', 'action', 'xlink:href'],
  ALLOWED_URI_REGEXP: SAFE_URL,
  ADD_ATTR: ['target'],
  ALLOW_DATA_ATTR: false,
  SANITIZE_NAMED_PROPS: true,
};

/** The page's DOMPurify, or the server renderer's own (`setSanitizerWindow`); its hook added once. */
let purifier: Purifier = DOMPurify;
let hooked = false;

/**
 * Sanitises with a DOMPurify bound to `window`: the server's renderer (elements/storefront-server.tsx)
 * has no page, so it hands in a jsdom window, the server-side setup DOMPurify documents.
 */
export function setSanitizerWindow(window: WindowLike): void {
  purifier = DOMPurify(window);
  hooked = false;
}

function addHooks(): void {
  if (hooked) return;
  hooked = true;
  purifier.addHook('afterSanitizeAttributes', (node) => {
    // By node type, not `instanceof Element`: on the server the node comes from another window.
    if (node.nodeType !== 1 || !('getAttribute' in node)) return;
    // A picture without a text alternative is taken as decorative, rather than read out as its file name.
    if (node.tagName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
    // DOMPurify keeps `data:` URLs on images and media whatever ALLOWED_URI_REGEXP says; shop content
    // may use only the URLs listed above, so they are removed here (no inline SVG or HTML documents).
    for (const name of ['src', 'href']) {
      const value = node.getAttribute(name);
      // eslint-disable-next-line no-control-regex -- browsers skip white space and control characters before a scheme
      if (value !== null && /^data:/i.test(value.replace(/[\u0000-\u0020]/g, ''))) node.removeAttribute(name);
    }
    if (!node.hasAttribute('target')) return;
    // Only links may name a window, and only a new one: no targeting of the host page's frames.
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
    else node.removeAttribute('target');
  });
}

/** The shop's HTML made safe to insert with `innerHTML` (an empty string for nothing usable). */
export function sanitizeHtml(html: string): string {
  addHooks();
  return purifier.sanitize(html, CONFIG);
}
