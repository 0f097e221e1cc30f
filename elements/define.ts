import r2wc from '@r2wc/core';
import { createElement, type ComponentType } from 'react';
import { ElementShell } from '../src/app/ElementShell.tsx';
import { requireMessageParts } from '../src/i18n/index.ts';
import { ALL_MESSAGE_PARTS, type MessagePart } from '../src/i18n/parts.ts';
import { ErrorBoundary } from '../src/kit/ErrorBoundary.tsx';
import { CONFIG_ATTRIBUTES, configurePageFromElement } from '../src/store/config.ts';
import { setLocale } from '../src/store/locale.ts';
import { ensureDocumentFonts } from '../src/theme/fonts.ts';
import { adoptStyles, releaseStyles } from '../src/theme/styles.ts';
import { elementRenderer, holdsServerStyles, type PrepareHydration } from './mount.ts';

/** How an attribute becomes a prop. */
export type PropType = 'string' | 'number' | 'boolean' | 'json';

/** The typed props record of an element: every prop named with its attribute type. */
export type PropTypes<P> = { [K in keyof P]-?: PropType };

/**
 * Attributes every element understands (DESIGN.md §3 "Configuration"): `lang`, the interface language
 * for the whole page (`en` or `pl`), and the page configuration attributes, listed once in
 * `CONFIG_ATTRIBUTES` (`shop`, `api-base`, `base-path`, `storefront-url`, `provider-domain`,
 * `designer-origins`; see `PageConfig` for each).
 */
export type CommonProps = { lang?: string } & { [K in keyof typeof CONFIG_ATTRIBUTES]?: string };

const CONFIG_ATTRIBUTE_NAMES: ReadonlySet<string> = new Set(Object.values(CONFIG_ATTRIBUTES));

const COMMON_PROPS = {
  lang: 'string',
  ...Object.fromEntries(Object.keys(CONFIG_ATTRIBUTES).map((key) => [key, 'string'])),
} as PropTypes<CommonProps>;

/** What an element needs beyond its component and props. */
export interface ElementOptions {
  /**
   * The dictionary parts it shows (`src/i18n/parts.ts`); the element renders once they are loaded for
   * the page's language. Default: every part. A small element lists fewer, so its page loads less.
   */
  messages?: readonly MessagePart[];
  /**
   * Starts the stores the element shows or hands on (e.g. `startCart`: its links to a storefront on
   * another origin carry the cart), run each time it connects. Importing a store starts nothing, so the
   * first element that needs one starts it; each start runs once per page.
   */
  start?: () => void;
  /**
   * Given, the element hydrates the markup a server rendered into its declarative shadow root
   * (`<template shadowrootmode="open">`) once this has the page as the server had it, instead of
   * rendering afresh (elements/mount.ts). Without server markup it changes nothing.
   */
  prepareHydration?: PrepareHydration;
}

/** What an element class is on a server, where there is no HTMLElement to extend: never registered. */
function ServerStandIn(): void {}

/** r2wc keeps an element's props and its render function under these registered symbols. */
const R2WC_PROPS = Symbol.for('r2wc.props');
const R2WC_RENDER = Symbol.for('r2wc.render');

type R2wcInternals = HTMLElement & { [R2WC_PROPS]: Record<string, unknown>; [R2WC_RENDER]: () => void };

/** `<x open>`, `<x open="true">` are on; `open="false"`, `"0"`, `"no"`, `"off"` and no attribute are off. */
export function parseBooleanAttribute(value: string | null): boolean {
  return value !== null && !/^(false|0|no|off)$/i.test(value.trim());
}

function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

/**
 * Turns a React component into a custom element class: an open shadow root holding the themed
 * `.shop-root` with an error boundary inside, the page's shared stylesheet adopted (a `<style>` fallback where constructable sheets
 * are missing), the document's fonts declared once, and attributes mapped to props by a typed record.
 *
 * It mends what r2wc leaves out: a boolean attribute present without a value (`<x open>`) turns the
 * prop on, and REMOVING any attribute turns its prop off (r2wc would keep the last value).
 * The caller registers the class with {@link defineOnce}, with a JSDoc block on the class from which
 * `custom-elements.json` is generated.
 */
export function createElementClass<P extends object>(component: ComponentType<P>, props: PropTypes<P>, options: ElementOptions = {}) {
  type ElementClass = { new (): HTMLElement & P & CommonProps };
  // On a server (Node, or the server pass of Next.js, Nuxt, Astro, SvelteKit, Remix) an import of an
  // entry must not throw: there is no HTMLElement to extend, so the entry's class is an empty stand-in
  // that {@link defineOnce} never registers. A DOM shim that brings one gets the real class.
  if (typeof HTMLElement === 'undefined') return ServerStandIn as unknown as ElementClass;
  const messages = options.messages ?? ALL_MESSAGE_PARTS;
  const allProps = { ...COMMON_PROPS, ...props } as Record<string, PropType>;
  const attributeToProp = new Map(Object.keys(allProps).map((prop) => [kebab(prop), prop]));

  function Root(all: P & CommonProps & { container?: ShadowRoot }) {
    const { container, ...rest } = all;
    // Whatever fails inside shows in the element's own box (and fires `shop-error`), never on the host page.
    return createElement(
      ElementShell,
      { host: container?.host as HTMLElement, root: container ?? document, messages },
      createElement(ErrorBoundary, null, createElement(component, rest as P)),
    );
  }

  const Base = r2wc(Root as never, { shadow: 'open', props: allProps as never }, elementRenderer(options.prepareHydration) as never) as unknown as {
    new (): R2wcInternals & { attributeChangedCallback(name: string, old: string | null, value: string | null): void; connectedCallback(): void; disconnectedCallback(): void };
  };

  class ShopElement extends Base {
    constructor() {
      super();
      // r2wc ignores empty attribute values: `<x open>` must still be on.
      for (const [prop, type] of Object.entries(allProps)) {
        if (type === 'boolean') this[R2WC_PROPS][prop] = parseBooleanAttribute(this.getAttribute(kebab(prop)));
      }
      if (this.hasAttribute('lang')) setLocale(this.getAttribute('lang'));
      // The texts start loading now, with the element's upgrade, not only once React first renders it.
      requireMessageParts(messages);
      // Page configuration attributes: the first element on the page that sets one wins.
      configurePageFromElement(this);
    }

    /**
     * r2wc attaches the element's shadow root in its constructor, and attaching one over a declarative
     * shadow root empties it: an element that hydrates keeps the server's markup instead.
     */
    override attachShadow(init: ShadowRootInit): ShadowRoot {
      if (options.prepareHydration && this.shadowRoot) return this.shadowRoot;
      return super.attachShadow(init);
    }

    override connectedCallback(): void {
      // An element made by script (`document.createElement`, a framework such as React) has no
      // attributes in its constructor: they are set afterwards, before it is connected.
      configurePageFromElement(this);
      ensureDocumentFonts(this.ownerDocument);
      // A server-rendered root keeps the server's styles until it is hydrated (elements/mount.ts).
      if (this.shadowRoot && !holdsServerStyles(this.shadowRoot)) adoptStyles(this.shadowRoot);
      options.start?.();
      super.connectedCallback();
    }

    override disconnectedCallback(): void {
      if (this.shadowRoot) releaseStyles(this.shadowRoot);
      super.disconnectedCallback();
    }

    override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
      const prop = attributeToProp.get(name);
      if (prop === 'lang' && value !== null) setLocale(value);
      // A page configuration attribute set after construction still counts (the first one set wins).
      if (value !== null && CONFIG_ATTRIBUTE_NAMES.has(name)) configurePageFromElement(this);
      if (prop && (value === null || allProps[prop] === 'boolean')) {
        this[R2WC_PROPS][prop] = allProps[prop] === 'boolean' ? parseBooleanAttribute(value) : undefined;
        this[R2WC_RENDER]();
        return;
      }
      super.attributeChangedCallback(name, old, value);
    }
  }
  return ShopElement as unknown as ElementClass;
}

/**
 * Registers `tag` once: a second bundle or entry on the same page keeps the first definition. Where
 * there is no custom element registry (a server importing the entry) it defines nothing.
 */
export function defineOnce(tag: `shop-${string}`, elementClass: CustomElementConstructor): void {
  if (typeof customElements === 'undefined' || typeof HTMLElement === 'undefined') return;
  if (!customElements.get(tag)) customElements.define(tag, elementClass);
}
