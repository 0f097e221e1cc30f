import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'hono';
import type { Website } from '../shared.ts';
import type { AppEnv } from './env.ts';
import { jsonForScript } from './first-screen.ts';

/**
 * The storefront page's server rendering: the page's `<shop-storefront>` carries its first
 * screen as a declarative shadow root, rendered by `dist-ssr/storefront-server.js` (built from
 * elements/storefront-server.tsx by `npm run build`). Without that build, with `SERVER_RENDER=off`, or
 * when a render fails, the page is what it was before: the element renders in the browser.
 *
 * @module
 */

/** What the renderer is asked to render (elements/storefront-server.tsx `ServerRenderInput`). */
export interface RenderInput {
  website: Website;
  path: string;
  lang: 'en' | 'pl';
  token: string | null;
  apiOrigin: string;
}

/** The first screen's markup (elements/storefront-server.tsx `ServerRenderedScreen`). */
export interface RenderedScreen {
  html: string;
  css: string;
  routeId: string;
  userId: number | null;
  answers: Record<string, unknown>;
}

/** What the renderer decided for a request (elements/storefront-server.tsx `ServerRenderResult`). */
export type RenderResult = { kind: 'redirect'; to: string } | { kind: 'page'; screen: Promise<RenderedScreen> } | { kind: 'client' };

/** The built renderer's module. */
export interface StorefrontRenderer {
  renderStorefront(input: RenderInput): Promise<RenderResult>;
}

/** The id of the JSON script carrying what the first screen was rendered with (read by the browser). */
export const FIRST_SCREEN_SCRIPT_ID = 'shop-first-screen';

const loaded = new Map<string, Promise<StorefrontRenderer | null>>();

/**
 * The built renderer in `dir` (`dist-ssr/`), loaded once per process, or null when there is no build
 * or it cannot load (reported once; the pages are then rendered by the browser).
 */
export function loadRenderer(dir: string): Promise<StorefrontRenderer | null> {
  const file = path.join(dir, 'storefront-server.js');
  let renderer = loaded.get(file);
  if (!renderer) {
    renderer = existsSync(file)
      ? import(pathToFileURL(file).href).then(
          (module: StorefrontRenderer) => module,
          (error: unknown) => {
            console.error('[server-render] the renderer did not load; pages render in the browser', error);
            return null;
          },
        )
      : Promise.resolve(null);
    loaded.set(file, renderer);
  }
  return renderer;
}

/**
 * Where the renderer's API calls reach this server: the address and port the request came in on,
 * past any proxy in front. Null for a request that did not come over a socket (tests' `app.request`).
 */
export function ownOrigin(c: Context<AppEnv>): string | null {
  const socket = (c.env as { incoming?: { socket?: { localAddress?: string; localPort?: number } } } | undefined)?.incoming?.socket;
  const address = socket?.localAddress;
  if (!address || !socket.localPort) return null;
  // An IPv4 peer on a dual-stack socket shows as `::ffff:127.0.0.1`.
  const host = address.startsWith('::ffff:') ? address.slice(7) : address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${socket.localPort}`;
}

/**
 * The element's content for the page: a declarative shadow root holding the styles and the markup,
 * then the JSON the browser starts from. CSS comes from the project's own files; a `</style` in it
 * could still never end the element early.
 */
export function renderedElementContent(screen: RenderedScreen, lang: 'en' | 'pl'): string {
  const css = screen.css.replace(/<\/style/gi, '<\\/style');
  const state = jsonForScript({ route: screen.routeId, lang, userId: screen.userId, answers: screen.answers });
  return `<template shadowrootmode="open"><style>${css}</style>${screen.html}</template><script type="application/json" id="${FIRST_SCREEN_SCRIPT_ID}">${state}</script>`;
}
