import { useLayoutEffect, useState } from 'react';

/**
 * Whether the component runs with scripts, told apart from markup rendered before any script runs (a
 * server-rendered first screen, in declarative shadow DOM).
 *
 * @module
 */

/**
 * `false` in the first render, `true` from the render after the component is mounted. A control that
 * needs scripts (a custom combobox) renders its script-free stand-in (a native control in a GET form)
 * while this is `false`: the server's markup and the first render of hydration are the same, and the
 * layout effect swaps the stand-in for the real control before the browser paints, so a page rendered
 * on the client never shows the stand-in.
 */
export function useScripted(): boolean {
  const [scripted, setScripted] = useState(false);
  // A layout effect: the swap happens before paint, never as a visible flash.
  useLayoutEffect(() => setScripted(true), []);
  return scripted;
}
