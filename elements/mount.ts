import { createElement, useEffect, type ComponentType, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { adoptStyles } from '../src/theme/styles.ts';

/**
 * Gets the page ready to hydrate an element's server-rendered shadow root: the stores, texts and code
 * its first render reads, as the server had them. Resolves with what to run once the markup is
 * hydrated; null (or a rejection) renders the element afresh instead.
 */
export type PrepareHydration = (root: ShadowRoot) => Promise<(() => void) | null>;

/**
 * Runs `done` once the tree under it is committed: after hydration, when the page may change what
 * the server rendered. It renders no element, so the tree is the server's.
 */
function Hydrated({ done, children }: { done: () => void; children?: ReactNode }) {
  useEffect(done, [done]);
  return children;
}

/** One mounted element: its React root once there is one, and the props it renders with. */
interface MountContext<P> {
  component: ComponentType<P>;
  props: P;
  root: Root | null;
  /** For a hydrated element: what runs once its markup is hydrated (the tree keeps its wrapper after). */
  hydrated: (() => void) | null;
  unmounted: boolean;
}

/** What `@r2wc/core` asks of a renderer. */
export interface ElementRenderer<P> {
  mount: (container: HTMLElement, component: ComponentType<P>, props: P) => MountContext<P>;
  update: (context: MountContext<P>, props: P) => void;
  unmount: (context: MountContext<P>) => void;
}

/**
 * Whether `container` holds markup the server rendered for the element: its declarative shadow root
 * with the themed `.shop-root` (elements/storefront-server.tsx writes it).
 */
export function hasServerMarkup(container: Node): container is ShadowRoot {
  return typeof ShadowRoot !== 'undefined' && container instanceof ShadowRoot && [...container.children].some((child) => child.classList.contains('shop-root'));
}

/** The server's inline styles in a shadow root it rendered (the page's own, `data-shop-style`, aside). */
function serverStyles(root: ShadowRoot): HTMLStyleElement[] {
  return [...root.children].filter((child): child is HTMLStyleElement => child instanceof HTMLStyleElement && !child.hasAttribute('data-shop-style'));
}

/**
 * Whether the shadow root still holds the server's inline styles: the page's shared sheet waits until
 * they go. Adopted beside them, a sheet still filling as the code loads would come after them in the
 * cascade and undo rules of the parts not loaded yet (a text field took the padding of every control).
 */
export function holdsServerStyles(root: ShadowRoot): boolean {
  return serverStyles(root).length > 0;
}

/** The element's tree: its component, under {@link Hydrated} when it hydrated. */
function tree<P>(context: MountContext<P>): ReactNode {
  const element = createElement(context.component as ComponentType<object>, context.props as object);
  return context.hydrated ? createElement(Hydrated, { done: context.hydrated }, element) : element;
}

function render<P>(context: MountContext<P>, container: Element | DocumentFragment): void {
  context.root = createRoot(container);
  context.root.render(tree(context));
}

/** Whether React rendered `node` (it keeps its fiber on the node). */
function renderedByReact(node: Element): boolean {
  return Object.keys(node).some((key) => key.startsWith('__reactFiber'));
}

/**
 * What React recovered from while hydrating (the server's markup and the browser's first render
 * differed, which the server's tests must catch) is warned about. React renders that part again
 * itself; where it was the whole tree, it renders the tree beside the server's: a shadow root is a
 * container React does not empty. The server's root goes then, in the same task (a reader or a test
 * never sees two screens), and again on the next one when the error came before React's new tree.
 */
function recoverFromHydration(shadow: ShadowRoot): (error: unknown) => void {
  const dropServerRoot = () => {
    const roots = [...shadow.children].filter((child) => child.classList.contains('shop-root'));
    if (roots.length < 2 || !roots.some(renderedByReact)) return;
    for (const root of roots) if (!renderedByReact(root)) root.remove();
  };
  return (error) => {
    console.warn('[storefront] the server-rendered markup was rendered again in the browser:', error);
    dropServerRoot();
    setTimeout(dropServerRoot, 0);
  };
}

/**
 * The renderer the elements mount with: React's `createRoot` into the element's shadow root, as
 * r2wc's own; and, for an element given `prepare`, `hydrateRoot` over the markup a server rendered
 * into its declarative shadow root, once `prepare` has the page as the server had it. Until then the
 * server's markup stays as it is (readable, its links and forms working). A page that cannot start
 * from that markup (preparing failed, or it differs from the browser's render) is rendered afresh,
 * with a warning.
 */
export function elementRenderer<P>(prepare?: PrepareHydration): ElementRenderer<P> {
  return {
    mount(container, component, props) {
      const context: MountContext<P> = { component, props, root: null, hydrated: null, unmounted: false };
      if (!prepare || !hasServerMarkup(container)) {
        render(context, container);
        return context;
      }
      const shadow = container;
      prepare(shadow)
        .catch((error: unknown) => {
          console.warn('[storefront] could not start from the server-rendered page:', error);
          return null;
        })
        .then((hydrated) => {
          if (context.unmounted) return;
          // The server's inline styles give way to the page's shared sheet, which holds them by now, in
          // one task (no unstyled frame); the tree React hydrates holds no <style>.
          for (const style of serverStyles(shadow)) style.remove();
          adoptStyles(shadow);
          if (hydrated) {
            context.hydrated = hydrated;
            context.root = hydrateRoot(shadow, tree(context), { onRecoverableError: recoverFromHydration(shadow) });
            return;
          }
          shadow.replaceChildren();
          render(context, shadow);
        });
      return context;
    },
    update(context, props) {
      context.props = props;
      context.root?.render(tree(context));
    },
    unmount(context) {
      context.unmounted = true;
      context.root?.unmount();
      context.root = null;
    },
  };
}
