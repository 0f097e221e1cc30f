import { loadMessages } from '../i18n/index.ts';
import { isLocale, locale, requestedLocale, type Locale } from '../store/locale.ts';
import { currentPath, routerActive } from '../kit/router.tsx';
import { adoptFirstScreenAnswers, dropFirstScreenAnswers, renderingAsServer } from '../store/first-screen.ts';
import { hasArrival, pageArrival } from '../store/handoff-address.ts';
import { restoreSession, user } from '../store/session.ts';
import { isFramed, loadShop } from '../store/shop.ts';
import { decide } from './Storefront.tsx';
import { prepareScreen } from './screens.tsx';

/**
 * The id of the JSON script the server writes beside a server-rendered `<shop-storefront>`
 * (server/http/server-render.ts).
 */
const FIRST_SCREEN_SCRIPT_ID = 'shop-first-screen';

/** What the page carries about the first screen the server rendered. */
interface CarriedFirstScreen {
  /** The route the server rendered. */
  route: string;
  /** The language it rendered in. */
  lang: Locale;
  /** The signed-in user's id it rendered for, or null for a guest. */
  userId: number | null;
  /** What the screen's loads answered (store/first-screen.ts). */
  answers: Record<string, unknown>;
}

function readCarried(document: Document): CarriedFirstScreen | null {
  const text = document.getElementById(FIRST_SCREEN_SCRIPT_ID)?.textContent;
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<CarriedFirstScreen> | null;
    if (!value || typeof value.route !== 'string' || !isLocale(value.lang) || typeof value.answers !== 'object' || value.answers === null) return null;
    return { route: value.route, lang: value.lang, userId: typeof value.userId === 'number' ? value.userId : null, answers: value.answers };
  } catch {
    return null;
  }
}

/** The server's markup is hydrated: what lives only in the browser fills in. */
function endRenderingAsServer(): void {
  renderingAsServer.value = false;
}

/** Once the browser leaves the first screen, every load asks the API again. */
function dropAnswersOnLeaving(): void {
  const first = currentPath.peek();
  const stop = currentPath.subscribe((path) => {
    if (path === first) return;
    dropFirstScreenAnswers();
    stop();
  });
}

/**
 * Gets the page ready to hydrate `<shop-storefront>`'s server-rendered first screen
 * (elements/mount.ts): the shop's config (inlined in the page), the session, the language's texts, the
 * router and the screen's code and stores, each as the server had them, the stores answered from what
 * the page carries rather than asked again. The element then hydrates with no loading state between.
 *
 * Resolves with what to run once hydrated (the browser-only parts filling in), or null where the
 * browser would not start from the same screen (a frame, a handoff in the URL, another session,
 * another route, another language chosen here before): the element renders afresh.
 */
export async function prepareStorefrontHydration(root: ShadowRoot): Promise<(() => void) | null> {
  const carried = readCarried(root.ownerDocument);
  // A framed page may be a store designer's preview, which shows what the designer sends, not the
  // shop the server rendered; a handoff in the URL signs someone in or fills the cart first.
  if (!carried || isFramed() || hasArrival(pageArrival())) return null;
  adoptFirstScreenAnswers(carried.answers);
  dropAnswersOnLeaving();
  routerActive.value = true;
  await loadShop();
  await restoreSession();
  const path = currentPath.peek();
  const decision = decide(path);
  const sameUser = (user.peek()?.id ?? null) === carried.userId;
  if (decision.kind !== 'screen' || decision.match.route.id !== carried.route || !sameUser) return null;
  // A visitor who chose another language here before gets the page in theirs, rendered afresh: a
  // language switched after hydration would reach parts React hydrates later (lazily loaded ones),
  // which then give up the server's markup anyway.
  if (requestedLocale.peek() !== carried.lang) return null;
  renderingAsServer.value = true;
  try {
    await loadMessages(carried.lang);
    locale.value = carried.lang;
    await prepareScreen(decision.match.route.id, path, decision.match.params);
  } catch (error) {
    // Rendered afresh, the page shows what it would have shown without the server.
    endRenderingAsServer();
    throw error;
  }
  return endRenderingAsServer;
}
