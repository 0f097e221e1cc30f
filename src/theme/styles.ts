import { pageSingleton } from '../page-singleton.ts';

/**
 * The page's widget and screen styles, shared by every shadow root. Each module registers its CSS on
 * import (`registerStyles('button', css)`), so an entry carries only the styles of what it uses. Where
 * constructable stylesheets exist, one `CSSStyleSheet` holds everything and every root adopts it (a
 * style registered later reaches all roots at once); elsewhere each root gets `<style>` elements.
 */
interface StyleState {
  css: Map<string, string>;
  sheet: CSSStyleSheet | null;
  /** Roots using the `<style>` fallback, to receive styles registered after they attached. */
  fallbackRoots: Set<ShadowRoot>;
}

// Registered once, as each module loads: a fresh page in a test keeps them.
const state = pageSingleton<StyleState>(
  'styles',
  () => ({
    css: new Map(),
    sheet: supportsConstructableSheets() ? new CSSStyleSheet() : null,
    fallbackRoots: new Set(),
  }),
  'keep',
);

function supportsConstructableSheets(): boolean {
  try {
    return typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype && 'adoptedStyleSheets' in Document.prototype && !!new CSSStyleSheet();
  } catch {
    return false;
  }
}

function allCss(): string {
  return [...state.css.values()].join('\n');
}

/** Adds a module's CSS once (by `id`) to every current and future shadow root of the page. */
export function registerStyles(id: string, css: string): void {
  if (state.css.get(id) === css) return;
  state.css.set(id, css);
  if (state.sheet) {
    state.sheet.replaceSync(allCss());
    return;
  }
  for (const root of state.fallbackRoots) appendStyle(root, id, css);
}

function appendStyle(root: ShadowRoot, id: string, css: string): void {
  const existing = root.querySelector(`style[data-shop-style="${id}"]`);
  if (existing) {
    existing.textContent = css;
    return;
  }
  const style = root.ownerDocument.createElement('style');
  style.dataset.shopStyle = id;
  style.textContent = css;
  root.prepend(style);
}

/** Gives a shadow root the page's styles: the shared sheet, or `<style>` elements as a fallback. */
export function adoptStyles(root: ShadowRoot): void {
  if (state.sheet) {
    if (!root.adoptedStyleSheets.includes(state.sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, state.sheet];
    return;
  }
  state.fallbackRoots.add(root);
  for (const [id, css] of state.css) appendStyle(root, id, css);
}

/** Stops sending later styles to a fallback root that left the page. */
export function releaseStyles(root: ShadowRoot): void {
  state.fallbackRoots.delete(root);
}

/** The CSS registered so far (tests and the document-level fallback for light-DOM use). */
export function registeredCss(): string {
  return allCss();
}
