/**
 * The small driver interface the engine journeys are written against, implemented once over WebDriver
 * BiDi (Firefox ESR, `firefox.ts`) and once over classic W3C WebDriver (WebKitGTK, `webkit.ts`).
 * Elements are found by one in-page function ({@link FIND_SOURCE}) that walks every open shadow root,
 * so both engines find the same element the same way; clicks and keys are the engine's own input.
 */

/** One step of a query: a CSS selector, optionally an accessible-name pattern, matched deep (shadow roots included). */
export interface Step {
  css: string;
  /** Matched against the element's name: aria-label, aria-labelledby, its labels, else its text. */
  name?: RegExp;
  /** Matched against the element's text (`innerText`, or `value` for form fields). */
  text?: RegExp;
  /** Also match elements that are not rendered (no box, `visibility: hidden`). */
  hidden?: boolean;
  /** Keep only the nth match of this step (0-based; negative counts from the end). */
  nth?: number;
}

/** A query: each step searches inside (and inside the shadow roots of) what the step before it found. */
export type Query = Step | Step[];

/** The keys the keyboard journeys press, by their DOM key names. */
export type Key = 'Tab' | 'Enter' | 'Space' | 'Escape' | 'Backspace' | 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight';

/** Keys held down while another is pressed. */
export type Modifier = 'Shift' | 'Alt' | 'Control';

/** The W3C WebDriver code point of each key (WebDriver §17.4.2), the `value` of key actions in both protocols. */
export const KEY_CODES: Record<Key | Modifier, string> = {
  Tab: '\uE004',
  Enter: '\uE007',
  Space: '\uE00D',
  Escape: '\uE00C',
  Backspace: '\uE003',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  Shift: '\uE008',
  Control: '\uE009',
  Alt: '\uE00A',
};

/**
 * One key press as WebDriver key actions: the modifiers down, the key down and up, the modifiers up,
 * in one action sequence (`input.performActions` in BiDi, `POST /session/{id}/actions` in classic).
 */
export function keyActions(key: Key, modifiers: Modifier[] = []): { type: 'keyDown' | 'keyUp'; value: string }[] {
  return [
    ...modifiers.map((modifier) => ({ type: 'keyDown' as const, value: KEY_CODES[modifier] })),
    { type: 'keyDown' as const, value: KEY_CODES[key] },
    { type: 'keyUp' as const, value: KEY_CODES[key] },
    ...modifiers.toReversed().map((modifier) => ({ type: 'keyUp' as const, value: KEY_CODES[modifier] })),
  ];
}

/** Typed text as WebDriver key actions, one down and up per character. */
export const textActions = (text: string) => [...text].flatMap((character) => [{ type: 'keyDown' as const, value: character }, { type: 'keyUp' as const, value: character }]);

/** An element of the page, opaque to the journeys. */
export type ElementRef = { readonly __element: true };

export interface Engine {
  /** "Firefox ESR" or "WebKitGTK". */
  readonly name: string;
  /** The browser's own version string. */
  readonly version: string;
  goto(url: string): Promise<void>;
  url(): Promise<string>;
  /**
   * Runs `fn` (a function's source) in the current frame with `args` (JSON values or elements) and
   * answers its JSON result.
   */
  evaluate<T>(fn: string, args?: unknown[]): Promise<T>;
  /** The first element matching `query` in the current frame, or null. */
  find(query: Query): Promise<ElementRef | null>;
  /** Clicks the element's centre with the engine's pointer input (scrolled into view first). */
  click(element: ElementRef): Promise<void>;
  /** Focuses the element, selects what it holds and types `text` with the engine's key input. */
  type(element: ElementRef, text: string): Promise<void>;
  /** Picks the `<option>` whose value is `value` in a `<select>`, as a user would. */
  select(element: ElementRef, value: string): Promise<void>;
  /** Presses Enter in the element (focused first), as a user submitting a form from a field. */
  enter(element: ElementRef): Promise<void>;
  /** Presses `key` with `modifiers` held, sent to whatever has focus (no element is chosen first). */
  press(key: Key, modifiers?: Modifier[]): Promise<void>;
  /** Types `text` key by key into whatever has focus. */
  typeKeys(text: string): Promise<void>;
  /** Switches into the `<iframe>` element (later calls act in it) or, with `null`, back to the top page. */
  frame(element: ElementRef | null): Promise<void>;
  /**
   * Turns the pages' own scripts off or on (the driver's own evaluation still runs). Where the engine
   * can only do that for a new browser session (WebKitGTK), cookies and storage start afresh.
   */
  scripts(enabled: boolean): Promise<void>;
  /**
   * Sets the page's size in CSS px (the window's, where the engine sizes windows: WebKitGTK's
   * MiniBrowser goes no narrower than about 450 px).
   */
  resize(width: number, height: number): Promise<void>;
  /** Saves a PNG of the viewport (for a failed journey). */
  screenshot(file: string): Promise<void>;
  close(): Promise<void>;
}

const pattern = (re: RegExp | undefined) => (re ? [re.source, re.flags] : null);

/** A query as plain JSON for the page: regular expressions as source and flags. */
export function serialise(query: Query): unknown[] {
  const steps = Array.isArray(query) ? query : [query];
  return steps.map((step) => ({ css: step.css, name: pattern(step.name), text: pattern(step.text), hidden: step.hidden === true, nth: step.nth ?? null }));
}

/**
 * The in-page finder: `(steps, all)` → the first match (or every match when `all`). Kept as source text
 * (plain ES2020, no outside references): a compiled function could carry the compiler's helpers.
 */
export const FIND_SOURCE = `function find(steps, all) {
  const squash = (text) => (text || '').replace(/\\s+/g, ' ').trim();
  const isField = (el) => el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement;
  const textOf = (el) => isField(el) ? el.value : squash(el instanceof HTMLElement ? el.innerText : el.textContent);
  const nameOf = (el) => {
    const label = el.getAttribute('aria-label');
    if (label) return squash(label);
    const labelledBy = el.getAttribute('aria-labelledby');
    if (labelledBy) {
      const root = el.getRootNode();
      return squash(labelledBy.split(/\\s+/).map((id) => root.getElementById(id)).map((node) => (node ? node.textContent : '')).join(' '));
    }
    if (el.labels && el.labels.length > 0) return squash(Array.from(el.labels, (node) => node.textContent).join(' '));
    if (isField(el)) return squash(el.title || el.getAttribute('placeholder'));
    if (el instanceof HTMLImageElement) return squash(el.alt);
    return squash(el.textContent);
  };
  const rendered = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const descendants = (root) => {
    const out = [];
    const walk = (node) => {
      for (const child of node.querySelectorAll('*')) {
        out.push(child);
        if (child.shadowRoot) walk(child.shadowRoot);
      }
    };
    if (root instanceof Element && root.shadowRoot) walk(root.shadowRoot);
    walk(root);
    return out;
  };
  let scopes = [document];
  for (const step of steps) {
    const found = new Set();
    for (const scope of scopes) {
      for (const el of descendants(scope)) {
        if (!el.matches(step.css)) continue;
        if (step.name && !new RegExp(step.name[0], step.name[1]).test(nameOf(el))) continue;
        if (step.text && !new RegExp(step.text[0], step.text[1]).test(textOf(el))) continue;
        if (!step.hidden && !rendered(el)) continue;
        found.add(el);
      }
    }
    scopes = [...found];
    if (step.nth !== null) {
      const picked = scopes.at(step.nth);
      scopes = picked ? [picked] : [];
    }
    if (scopes.length === 0) return all ? [] : null;
  }
  return all ? scopes : (scopes[0] || null);
}`;
