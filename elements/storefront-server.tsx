import { JSDOM } from 'jsdom';
import { createElement } from 'react';
import { prerender } from 'react-dom/static';
import { api } from '../src/api/client.ts';
import { fetchUser } from '../src/api/user.ts';
import { ElementShell } from '../src/app/ElementShell.tsx';
import { prepareScreen } from '../src/app/screens.tsx';
import { decide, Storefront } from '../src/app/Storefront.tsx';
import type { Website } from '../src/contract/contract.ts';
import { matchRoute, type RouteId, type RouteMatch } from '../src/domain/routes.ts';
import { loadMessages } from '../src/i18n/index.ts';
import { setSanitizerWindow } from '../src/kit/content/sanitize.ts';
import { ErrorBoundary } from '../src/kit/ErrorBoundary.tsx';
import { currentPath, routerActive } from '../src/kit/router.tsx';
import { resetPageSingletons } from '../src/page-singleton.ts';
import { configurePage } from '../src/store/config.ts';
import { collectFirstScreenLoads, firstScreenAnswers, keepFirstScreenAnswers, renderingAsServer, runFirstScreenLoads } from '../src/store/first-screen.ts';
import { locale, setLocale, type Locale } from '../src/store/locale.ts';
import { sessionStatus, user } from '../src/store/session.ts';
import { savedShop, shopStatus } from '../src/store/shop.ts';
import { registeredCss } from '../src/theme/styles.ts';

/**
 * The storefront's first screen rendered on the server: the same components as
 * `<shop-storefront>` (elements/storefront.ts), rendered by React's own server renderer with the state
 * the browser will start from. Built for Node by `vite.ssr.config.ts` into `dist-ssr/`; the reference
 * server loads it when it is there (server/http/server-render.ts).
 *
 * The stores are page singletons, one set per process here: renders take turns, and each starts from
 * a fresh page (`resetPageSingletons`), so no request sees another's shop, user or data.
 *
 * @module
 */

// Shop HTML is sanitised with DOMPurify here as in the browser, on the window DOMPurify documents for Node.
setSanitizerWindow(new JSDOM('').window);

/** What one render needs: the request's shop, path, language and session. */
export interface ServerRenderInput {
  /** The shop's config as the storefront page inlines it (the member's whole config for a member). */
  website: Website;
  /** The path inside the storefront, with its query (`/products?search=mug`). */
  path: string;
  /** The interface language to render in (the shop's unless the request asks for another). */
  lang: Locale;
  /** The request's session token (`Admin-Token` cookie), or null for a guest. */
  token: string | null;
  /** The API's origin as this process can reach it (`http://127.0.0.1:<port>`): the stores' loads go there. */
  apiOrigin: string;
}

/** The first screen's markup and what the page carries with it. */
export interface ServerRenderedScreen {
  /** The element's shadow content: the themed root and its screen. */
  html: string;
  /** The styles of the components rendered (and of any rendered before in this process). */
  css: string;
  /** The route shown. */
  routeId: string;
  /** The signed-in user's id the screen was rendered for, or null for a guest. */
  userId: number | null;
  /** What the screen's loads answered (store/first-screen.ts), for the page to carry. */
  answers: Record<string, unknown>;
}

/**
 * What the storefront does with a request, known before its screen is rendered, so the page's head
 * can go out first: a redirect (a guard, an unknown path), a screen whose markup follows in `screen`,
 * or a screen the server leaves to the browser (a guard still waiting, a handoff).
 */
export type ServerRenderResult = { kind: 'redirect'; to: string } | { kind: 'page'; screen: Promise<ServerRenderedScreen> } | { kind: 'client' };

/** The element's tree, exactly as `createElementClass` mounts it for `<shop-storefront>`. */
function storefrontTree() {
  return createElement(ElementShell, { host: null, root: null as unknown as Document }, createElement(ErrorBoundary, null, createElement(Storefront)));
}

/**
 * Renders the tree to HTML once every lazy part in it has loaded: React's `prerender`, which waits for
 * all of it, so the markup holds no fallbacks and no completion scripts (a declarative shadow root runs
 * none, and the page's CSP allows only its nonce). The page itself still streams: its head goes out
 * before this runs (server/routes/storefront-page.ts).
 */
async function renderHtml(): Promise<string> {
  let failure: unknown = null;
  const { prelude } = await prerender(storefrontTree(), {
    // Every boundary inline, however large: React would otherwise move a big one out behind a script.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error: unknown) => {
      failure ??= error;
    },
  });
  const html = await new Response(prelude).text();
  if (failure) throw failure;
  // React puts the preloads it finds (`<img fetchpriority="high">`) before the tree; the page's head
  // preloads what the first screen needs, and the element's shadow root holds only its tree.
  return html.replace(/^(?:<link [^>]*>)+/, '');
}

/** The session's user for `token`, as the browser's restore would find it; a guest when it is refused. */
async function startSession(token: string | null): Promise<void> {
  if (!token) {
    sessionStatus.value = 'guest';
    return;
  }
  try {
    user.value = await fetchUser();
    sessionStatus.value = 'user';
  } catch {
    sessionStatus.value = 'guest';
  }
}

/** Sets the page up as the browser will start it, and decides what the request shows. */
async function start(input: ServerRenderInput) {
  resetPageSingletons();
  configurePage({ shop: input.website.slug });
  api.configure({ baseUrl: input.apiOrigin, authToken: input.token ?? undefined });
  await loadMessages(input.lang);
  setLocale(input.lang);
  // The texts are in: the language applies now rather than on the loader's next turn.
  locale.value = input.lang;
  savedShop.value = input.website;
  shopStatus.value = 'ready';
  await startSession(input.token);
  currentPath.value = input.path;
  // The element renders as routed (its links and the catalogue's forms are the router's).
  routerActive.value = true;
  // The stores' answers travel in the page, so the browser starts from them.
  keepFirstScreenAnswers();
  renderingAsServer.value = true;
  return decide(input.path);
}

/** The screen's markup: its shared stores loaded, then two passes around the loads its components ask for. */
async function renderScreen(input: ServerRenderInput, match: RouteMatch): Promise<ServerRenderedScreen> {
  const { route, params } = match;
  // The screen's code and the shared stores it reads, loaded as the browser loads them before it hydrates.
  await prepareScreen(route.id, input.path, params);
  collectFirstScreenLoads();
  await renderHtml();
  await runFirstScreenLoads();
  const answers = firstScreenAnswers();
  const html = await renderHtml();
  return { html, css: registeredCss(), routeId: route.id, userId: user.peek()?.id ?? null, answers };
}

/**
 * The screens the server renders: the public ones, whose first render depends only on the shop, the
 * session and the URL. The others (the cart and checkout, from the browser's stored cart; the account
 * area, loading its data) are left to the browser.
 */
const SERVER_RENDERED_ROUTES: ReadonlySet<RouteId> = new Set<RouteId>(['home', 'products', 'product', 'page', 'privacy-policy', 'terms-of-use', 'login', 'not-found']);

let turn: Promise<unknown> = Promise.resolve();

/**
 * Renders the storefront's first screen for one request. Renders take turns, the screen's markup
 * included (the stores are the process's); a render that fails rejects, and the browser then renders
 * the page itself.
 */
export function renderStorefront(input: ServerRenderInput): Promise<ServerRenderResult> {
  const decided = turn.then(() => start(input));
  const result = decided.then((decision): ServerRenderResult => {
    // A screen the browser renders is the browser's to guard too: its guards may read what only the
    // browser has (the checkout steps, its stored cart).
    const asked = matchRoute(input.path, input.website.pages, { pagesWithheld: input.website.guest_view === true });
    if (asked && !SERVER_RENDERED_ROUTES.has(asked.route.id)) return { kind: 'client' };
    if (decision.kind === 'redirect') return { kind: 'redirect', to: decision.to };
    if (decision.kind !== 'screen' || !SERVER_RENDERED_ROUTES.has(decision.match.route.id)) return { kind: 'client' };
    return { kind: 'page', screen: renderScreen(input, decision.match) };
  });
  // The next render starts once this one's markup is done (or it failed).
  turn = result.then((done) => (done.kind === 'page' ? done.screen : undefined)).catch(() => undefined);
  return result;
}
