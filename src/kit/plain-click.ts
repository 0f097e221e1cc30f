/**
 * What a click's button and modifier keys say about the user's intent, the one check every in-app
 * link makes before it navigates without a page load.
 *
 * @module
 */

/** The parts of a mouse event (React's or the DOM's) that tell a plain click from another. */
export interface ClickKeys {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/**
 * Whether a click is a plain left click: the main button with no modifier key. Only such a click may
 * be taken over by in-app navigation; the others ask the browser for something else (⌘/Ctrl: a new
 * tab, Shift: a new window, Alt: a download, another button: the context or middle-click action), so
 * a link leaves them to the browser and its `href`.
 */
export function isPlainLeftClick(event: ClickKeys): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
