import { useEffect, useState } from 'react';

/** The longest of a computed, comma-separated CSS time list (`0.2s, 150ms`), in ms. */
function longestTime(list: string): number {
  return Math.max(0, ...list.split(',').map((item) => (item.trim().endsWith('ms') ? parseFloat(item) : parseFloat(item) * 1000) || 0));
}

/**
 * Whether a layer that animates out should still be in the DOM: true from the moment it opens until
 * `node`'s exit animation has ended after it closed, or at once when no animation runs (no motion
 * with prefers-reduced-motion). A timer a little past the computed duration stands in for an
 * `animationend` that never comes.
 */
export function useExitAnimation(open: boolean, node: HTMLElement | null): boolean {
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);

  useEffect(() => {
    if (open || !mounted) return;
    if (!node) {
      setMounted(false);
      return;
    }
    const style = getComputedStyle(node);
    const duration = !style.animationName || style.animationName === 'none' ? 0 : longestTime(style.animationDuration) + longestTime(style.animationDelay);
    if (duration <= 0) {
      setMounted(false);
      return;
    }
    const done = () => setMounted(false);
    const onEnd = (event: AnimationEvent) => {
      if (event.target === node) done();
    };
    node.addEventListener('animationend', onEnd);
    const fallback = setTimeout(done, duration + 50);
    return () => {
      node.removeEventListener('animationend', onEnd);
      clearTimeout(fallback);
    };
  }, [open, mounted, node]);

  return open || mounted;
}
