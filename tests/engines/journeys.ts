import { expectNoAxeViolations as axe } from './axe.ts';
import { FIND_SOURCE, serialise, type ElementRef, type Engine, type Query, type Step } from './driver.ts';
import { ELEMENT_AT_SOURCE } from '../fixtures/element-at.ts';
import { GLOBEX_INVOICE_ADDRESS } from '../fixtures/globex-invoice-address.ts';

/**
 * The main journeys, written once against {@link Engine} and run in Firefox ESR and WebKitGTK
 * (`run.ts`) against one demo server and the demo data (docs/demo-data.md). They run in order in one
 * browser session: the acme buyer logs in, searches, adds a variant, opens the cart and orders; then
 * the intranet page's widgets and the store designer's preview. A journey whose `needs` failed is
 * counted as failed without running.
 */
export interface Journey {
  name: string;
  /** The journey whose state (session, cart) this one continues from. */
  needs?: string;
  run(engine: Engine, site: Site): Promise<void>;
}

/** Where the demo server answers. */
export interface Site {
  port: number;
  /** A shop's URL on its own host: `http://acme.localhost:<port>/cart`. */
  shop(slug: string, path?: string): string;
  /** A URL on the provider's own host: `http://localhost:<port>/demo/designer.html`. */
  provider(path: string): string;
}

const WAIT_MS = 20_000;

/** Polls `probe` until it answers something truthy; fails naming `what` after `timeoutMs`. */
export async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = WAIT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${(last as Error).message})` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

const describe = (query: Query) =>
  (Array.isArray(query) ? query : [query]).map((step) => `${step.css}${step.name ? ` named ${step.name}` : ''}${step.text ? ` with text ${step.text}` : ''}`).join(' › ');

/** Waits until `query` finds an element and answers it. */
export const element = (engine: Engine, query: Query, timeoutMs?: number) => until(describe(query), () => engine.find(query), timeoutMs);

/** Waits until `query` finds nothing. */
export const gone = (engine: Engine, query: Query) => until(`no ${describe(query)}`, async () => (await engine.find(query)) === null);

/** The text of every element `query` finds now. */
const texts = (engine: Engine, query: Query) =>
  engine.evaluate<string[]>(`(steps) => (${FIND_SOURCE})(steps, true).map((node) => node.innerText.replace(/\\s+/g, ' ').trim())`, [serialise(query)]);

/**
 * Whether a click at the element's centre would reach it and do something, as Playwright's actionability
 * checks: enabled, scrolled to the middle of the view, nothing on top (a toast, a modal backdrop), shadow
 * roots followed down. A hit on one of its labels counts.
 */
const TAKES_CLICK = `(target) => {
  if (target.disabled || target.getAttribute('aria-disabled') === 'true') return false;
  target.scrollIntoView({ block: 'center', inline: 'center' });
  const box = target.getBoundingClientRect();
  const x = box.left + box.width / 2;
  const y = box.top + box.height / 2;
  const hit = (${ELEMENT_AT_SOURCE})(x, y);
  for (let node = hit; node; node = node.parentNode || node.host) if (node === target) return true;
  const label = hit && hit.closest ? hit.closest('label') : null;
  return !!(label && target.labels && Array.from(target.labels).includes(label));
}`;

/** Waits until `query` finds an element a click would reach (as Playwright's actionability does), then clicks it. */
export async function press(engine: Engine, query: Query): Promise<void> {
  const target = await until(`${describe(query)} to take a click`, async () => {
    const found = await engine.find(query);
    return found && (await engine.evaluate<boolean>(TAKES_CLICK, [found])) && found;
  });
  await engine.click(target);
}

export async function fill(engine: Engine, query: Query, text: string): Promise<void> {
  // As Playwright's fill: a field that cannot take text yet (disabled until its page is hydrated) is waited for.
  const field = await until(`${describe(query)} to take text`, async () => {
    const found = await engine.find(query);
    return found && (await engine.evaluate<boolean>('(field) => !field.disabled && !field.readOnly', [found])) && found;
  });
  await engine.type(field, text);
  await until(`${describe(query)} to hold "${text}"`, async () => (await engine.evaluate<string>('(field) => field.value', [field])) === text, 5_000);
}

export const urlMatches = (engine: Engine, pattern: RegExp) =>
  until(`the URL to match ${pattern}`, async () => {
    const url = await engine.url();
    return pattern.test(url) && url;
  });

export const main: Step = { css: 'main, [role="main"]' };
export const heading1 = (name: RegExp): Step => ({ css: 'h1', name });
export const radio = (name: RegExp): Step => ({ css: 'input[type="radio"], [role="radio"]', name });
export const button = (name: RegExp): Step => ({ css: 'button, [role="button"]', name });
export const link = (name: RegExp): Step => ({ css: 'a[href]', name });
export const group = (name: RegExp): Step => ({ css: 'fieldset, [role="group"], [role="radiogroup"]', name });
export const headerCart = (count: number | string): Query => [{ css: 'header, [role="banner"]' }, link(new RegExp(`^Cart \\(${count}\\)$`))];

async function isChecked(engine: Engine, target: ElementRef): Promise<boolean> {
  return engine.evaluate<boolean>("(node) => node.checked === true || node.getAttribute('aria-checked') === 'true'", [target]);
}

/** Presses the toggle button named `name` inside `scope` and waits until it is pressed. */
async function toggle(engine: Engine, scope: Query, name: RegExp): Promise<void> {
  const query = [...(Array.isArray(scope) ? scope : [scope]), button(name)];
  await press(engine, query);
  await until(`${describe(query)} to be pressed`, async () => (await engine.evaluate<string | null>("(node) => node.getAttribute('aria-pressed')", [await element(engine, query, 2_000)])) === 'true');
}

/** Clicks the radio named `name` inside `scope` and waits until it is checked. */
export async function check(engine: Engine, scope: Query, name: RegExp): Promise<void> {
  const query = [...(Array.isArray(scope) ? scope : [scope]), radio(name)];
  await press(engine, query);
  await until(`${describe(query)} to be checked`, async () => isChecked(engine, await element(engine, query, 2_000)));
}

/** The amount in a shown price ("PLN 5,164.80" → 5164.8; English formatting). */
const amountIn = (text: string | undefined) => Number((text ?? '').replace(/[^\d.,]/g, '').replace(/,/g, ''));

/** What {@link HYDRATION_PROBE} saw of a server-rendered page's first screen. */
interface HydrationProbe {
  /** The level-1 heading's text as the server's HTML had it. */
  heading: string;
  /** Whether React already owned that node when it was first seen (then it proves nothing). */
  seenHydrated: boolean;
  /** Whether the node first seen is the one the hydrated page shows. */
  sameNode: boolean;
  /** The page's console warnings and errors, from before its scripts ran. */
  problems: string[];
  timedOut: boolean;
}

/**
 * Opens `path` of the current shop in a window of its own (a click on a button this adds: a user's
 * gesture, so no popup blocker stops it) and watches it from the start: takes the server's level-1
 * heading as soon as the parser has put it in the declarative shadow root (the window's console
 * wrapped before its scripts run), waits until React has hydrated that node, and keeps the answer
 * (whether the hydrated page still shows it) in `window.hydrationProbe`. Not a frame: a framed page
 * may be a store designer's preview, which the browser renders itself. WebDriver cannot hold a script
 * back as Playwright does; the page's module script runs only once the document is parsed, and
 * hydration waits for the shop, session and screen, so the heading is seen first.
 */
const HYDRATION_PROBE = `(path) => {
  const button = document.createElement('button');
  button.textContent = 'Open the probe';
  button.style.cssText = 'position:fixed;top:0;left:0;z-index:2147483647';
  button.addEventListener('click', () => {
    button.remove();
    window.hydrationProbe = new Promise((resolve) => {
      const win = window.open(path, 'hydration-probe');
      const problems = [];
      let watched = null;
      let first = null;
      let seenHydrated = false;
      let hydratedAt = 0;
      const fiber = (node) => Object.keys(node).some((key) => key.startsWith('__reactFiber'));
      const heading = () => {
        const host = win.document && win.document.querySelector('shop-storefront');
        return host && host.shadowRoot ? host.shadowRoot.querySelector('main h1') : null;
      };
      const started = Date.now();
      // The opened window keeps its Window object when it leaves its first about:blank for a page of
      // this origin, so this listener hears the page's DOMContentLoaded: its scripts have run, and
      // hydration waits for the shop, session and screen still. A background window's timers may be
      // slowed to a second (Firefox), too late to catch the server's node by polling alone.
      const look = () => {
        if (win.location.pathname + win.location.search !== path) return;
        if (win.document !== watched) {
          watched = win.document;
          for (const level of ['warn', 'error']) {
            const original = win.console[level];
            win.console[level] = (...args) => {
              problems.push(level + ': ' + args.map(String).join(' '));
              original.apply(win.console, args);
            };
          }
        }
        const node = heading();
        if (node && !first) {
          first = node;
          seenHydrated = fiber(node);
        }
      };
      win.addEventListener('DOMContentLoaded', () => {
        try {
          look();
        } catch (error) {
          // Not this page's document.
        }
      });
      const finish = (result) => {
        resolve(result);
        win.close();
      };
      const poll = () => {
        try {
          look();
          if (first && fiber(first) && !hydratedAt) hydratedAt = Date.now();
        } catch (error) {
          // The window is still on about:blank, or between documents.
        }
        // Half a second more after hydration: a warning React reports after its commit shows too.
        if (hydratedAt && Date.now() - hydratedAt > 500) {
          finish({ heading: first.textContent, seenHydrated, sameNode: heading() === first && first.isConnected, problems, timedOut: false });
          return;
        }
        if (Date.now() - started > 15000) {
          finish({ heading: first ? first.textContent : '', seenHydrated, sameNode: false, problems, timedOut: true });
          return;
        }
        setTimeout(poll, 0);
      };
      poll();
    });
  });
  document.body.append(button);
  return true;
}`;

/**
 * Checks in the current engine that `path`'s first screen comes in the HTML and is hydrated in place:
 * the heading `heading` and every text of `inHtml` are in the server's answer, the heading node seen
 * before the scripts ran is the one shown after, and the page logged no warning.
 */
async function expectHydratedInPlace(engine: Engine, path: string, heading: RegExp, inHtml: RegExp[] = []): Promise<void> {
  const html = await engine.evaluate<string>('(path) => fetch(path).then((answer) => answer.text())', [path]);
  for (const wanted of [heading, ...inHtml]) if (!wanted.test(html)) throw new Error(`the HTML of ${path} lacks ${wanted}`);
  await engine.evaluate<boolean>(HYDRATION_PROBE, [path]);
  await press(engine, button(/^Open the probe$/));
  const probe = await engine.evaluate<HydrationProbe>('() => window.hydrationProbe');
  if (probe.timedOut) throw new Error(`${path} was not hydrated within 15 s (heading "${probe.heading}")`);
  if (!heading.test(probe.heading)) throw new Error(`${path} showed "${probe.heading}", not ${heading}`);
  if (probe.seenHydrated) throw new Error(`${path}: the heading was first seen after hydration, so nothing was proved`);
  if (!probe.sameNode) throw new Error(`${path}: the server's heading was replaced, not hydrated`);
  if (probe.problems.length > 0) throw new Error(`${path} logged: ${probe.problems.join(' | ')}`);
}

export const JOURNEYS: Journey[] = [
  {
    name: 'log in (acme)',
    async run(engine, site) {
      await engine.goto(site.shop('acme', '/login'));
      await element(engine, heading1(/^Log in$/));
      await axe(engine, 'login');
      await fill(engine, { css: 'input', name: /^E-mail/i }, 'buyer@acme.test');
      await fill(engine, { css: 'input', name: /^Password/i }, 'Passw0rd!');
      await press(engine, [main, button(/^Log in$/)]);
      await until('the storefront to leave Login', async () => !/\/login/.test(await engine.url()));
      // The session survives a new page load: the token cookie was kept (WebKit dropped it when Secure on http).
      await engine.goto(site.shop('acme', '/user'));
      await element(engine, headerCart('\\d+'));
      await until('the account area, not Login', async () => /\/user/.test(await engine.url()) && !(await engine.find(heading1(/^Log in$/))));
      const cookie = await engine.evaluate<string>('() => document.cookie');
      if (!/(^|; )Admin-Token=[^;]+/.test(cookie)) throw new Error(`no Admin-Token cookie on the shop's page: "${cookie}"`);
    },
  },
  {
    name: 'catalogue search',
    needs: 'log in (acme)',
    async run(engine, site) {
      await engine.goto(site.shop('acme', '/products'));
      await element(engine, heading1(/^Products$/));
      await element(engine, [main, { css: 'article' }]);
      await fill(engine, [main, { css: 'input[type="search"], [role="searchbox"]' }], 'mug');
      await urlMatches(engine, /[?&]search=mug/);
      await element(engine, [main, { css: 'article', text: /Ceramic mug/ }]);
      // Only mugs are listed (as-you-type: the list before the search goes), and the list is not
      // loading: typed key by key, "mu" may already list only mugs while "mug" loads, its results
      // dimmed to half opacity (spec §9), which axe would read as too little contrast.
      await until('only mugs in the list, none loading', async () => {
        const names = await texts(engine, [main, { css: 'article h2, article h3' }]);
        return names.length > 0 && names.every((name) => /mug/i.test(name)) && !(await engine.find([main, { css: '[aria-busy="true"]' }]));
      });
      await axe(engine, 'catalogue: search results');
    },
  },
  {
    name: 'product with a variant to the cart',
    needs: 'catalogue search',
    async run(engine, site) {
      await engine.goto(site.shop('acme', '/products?search=ACME-MUG'));
      await press(engine, [main, { css: 'article' }, link(/^Ceramic mug$/)]);
      await urlMatches(engine, /\/products\/[a-z0-9-]+\/\d+$/);
      await element(engine, [main, heading1(/^Ceramic mug$/)]);
      const colours: Step = { css: '[role="radiogroup"], fieldset', name: /^Colour$/ };
      await check(engine, [main, colours], /^White$/);
      await element(engine, [main, { css: 'p, span, div', text: /^Product code: ACME-MUG-WHITE$/ }]);
      await axe(engine, 'product with a variant chosen');
      const quantity: Query = [main, { css: 'input', name: /^Quantity$/ }];
      await fill(engine, quantity, '10');
      await press(engine, [main, button(/^Add to cart$/)]);
      await element(engine, headerCart(10));
    },
  },
  {
    name: 'cart',
    needs: 'product with a variant to the cart',
    async run(engine) {
      await press(engine, headerCart(10));
      await element(engine, heading1(/^Cart$/));
      // acme's cart popup is modal: closed with its footer's Close button.
      const popup: Step = { css: 'dialog, [role="dialog"]', name: /Have your cost centre ready/ };
      await element(engine, popup);
      await axe(engine, 'cart popup');
      await press(engine, [popup, { css: '[part="footer"]' }, button(/^Close$/)]);
      await gone(engine, popup);
      const line: Query = [main, { css: 'ul, ol, [role="list"]', name: /^Cart$/ }, { css: 'li', text: /Ceramic mug/ }];
      const counter = await element(engine, [...line, { css: 'input' }]);
      await until('the mug line to hold 10', async () => (await engine.evaluate<string>('(field) => field.value', [counter])) === '10');
      await element(engine, [main, link(/^Go to checkout$/)]);
      await axe(engine, 'cart');
    },
  },
  {
    name: 'checkout to a placed order',
    needs: 'cart',
    async run(engine) {
      await press(engine, [main, link(/^Go to checkout$/)]);
      await urlMatches(engine, /\/checkout\/delivery$/);
      await element(engine, heading1(/^Delivery details$/));
      await check(engine, [main, group(/^Delivery method/)], /^Courier/);
      await check(engine, [main, group(/^Delivery address/)], /Marszałkowska/);
      // The MPK comes from the buyer's profile (issue 27: forms fill what they can).
      const mpk = await element(engine, [main, { css: 'input', name: /^Cost centre code \(MPK\)/ }]);
      await until('the MPK filled from the profile', async () => (await engine.evaluate<string>('(field) => field.value', [mpk])) === 'MPK-100');
      await axe(engine, 'checkout: delivery');
      await press(engine, [main, button(/^Continue$/)]);
      await urlMatches(engine, /\/checkout\/payment$/);
      await check(engine, [main], /Welcome pack/);
      await axe(engine, 'checkout: payment');
      await press(engine, [main, button(/^Continue$/)]);
      await urlMatches(engine, /\/checkout\/summary$/);
      await press(engine, [main, button(/^Place order$/)]);
      const confirm: Query = [main, { css: 'input[type="checkbox"], [role="checkbox"]', name: /^I confirm that this order/ }];
      await press(engine, confirm);
      await until('the statement to be checked', async () => isChecked(engine, await element(engine, confirm, 2_000)));
      await axe(engine, 'checkout: summary');
      await press(engine, [main, button(/^Place order$/)]);
      await urlMatches(engine, /\/order-confirmation$/);
      await element(engine, heading1(/^Thank you for your order!$/));
      await element(engine, [main, { css: 'p, span, div, strong', text: /^Your order number: ACME-\d{6,}$/ }]);
      await element(engine, headerCart(0));
      await axe(engine, 'order confirmation');
    },
  },
  {
    name: 'intranet page on its own origin: widgets, cart and sign-in handed to the storefront (globex)',
    async run(engine, site) {
      const intranet = site.provider('/demo/intranet.html');
      await engine.goto(intranet);
      const product: Step = { css: 'shop-product' };
      const cartButton = (count: number): Query => [{ css: 'shop-cart-button' }, button(new RegExp(`^Cart \\(${count}\\)$`))];
      await element(engine, [product, heading1(/^Ceramic mug$/)]);
      await element(engine, cartButton(0));
      await fill(engine, [product, { css: 'input', name: /^Quantity$/ }], '2');
      await press(engine, [product, button(/^Add to cart$/)]);
      await element(engine, cartButton(2));
      await element(engine, { css: '#cart-status', text: /2 pieces in the cart/ });
      await axe(engine, 'intranet page');
      // The catalogue's product link shows that product in the page's own <shop-product>.
      const catalogue: Step = { css: 'shop-catalogue' };
      await fill(engine, [catalogue, { css: 'input[type="search"], [role="searchbox"]' }], 'GLX-CAP');
      await element(engine, [catalogue, { css: 'h2, h3', text: /^Results for "GLX-CAP"$/ }]);
      await press(engine, [catalogue, { css: 'article' }, link(/^Baseball cap$/)]);
      await element(engine, [product, heading1(/^Baseball cap$/)]);
      if (!(await engine.url()).endsWith('/demo/intranet.html')) throw new Error(`the page left the intranet: ${await engine.url()}`);
      await fill(engine, [product, { css: 'input', name: /^Quantity$/ }], '1');
      await press(engine, [product, button(/^Add to cart$/)]);
      await element(engine, cartButton(3));
      // The drawer lists both lines.
      await press(engine, cartButton(3));
      const drawer: Step = { css: 'dialog, [role="dialog"]', name: /^Cart$/ };
      await element(engine, [drawer, { css: 'li', text: /Ceramic mug/ }]);
      await element(engine, [drawer, { css: 'li', text: /Baseball cap/ }]);
      await axe(engine, 'intranet page: cart drawer');
      await press(engine, [drawer, link(/^View cart$/)]);
      // The storefront on another origin adopted the handed-over cart and took it out of the address bar.
      await urlMatches(engine, new RegExp(`^${site.shop('globex', '/cart').replaceAll('.', '\\.')}$`));
      await element(engine, headerCart(3));
      await element(engine, { css: '[role="status"]', text: /Added from your intranet cart/ });
      // Back on the intranet its cart was handed over; signing in there arrives signed in at the storefront.
      await engine.goto(intranet);
      await element(engine, cartButton(0));
      const login: Step = { css: 'shop-login' };
      await fill(engine, [login, { css: 'input', name: /^E-mail/i }], 'buyer@globex.test');
      await fill(engine, [login, { css: 'input', name: /^Password/i }], 'Passw0rd!');
      await press(engine, [login, button(/^Log in$/)]);
      await urlMatches(engine, new RegExp(`^${site.shop('globex', '/').replaceAll('.', '\\.')}$`));
      // The storefront names the link's account and signs in only once the buyer continues as it (issue 26).
      const offer: Step = { css: 'dialog, [role="dialog"]', name: /^Sign in to Globex\?$/ };
      await press(engine, [offer, button(/^Continue as John Smith \(buyer@globex\.test\)$/)]);
      await element(engine, [{ css: 'header, [role="banner"]' }, button(/John/)]);
    },
  },
  {
    name: 'intranet orders page on its own origin: cart, checkout and account on the page (globex)',
    needs: 'intranet page on its own origin: widgets, cart and sign-in handed to the storefront (globex)',
    async run(engine, site) {
      // Signed in on the intranet by the journey before; a mug added on its merchandise page.
      await engine.goto(site.provider('/demo/intranet.html'));
      const product: Step = { css: 'shop-product' };
      await element(engine, [product, heading1(/^Ceramic mug$/)]);
      await fill(engine, [product, { css: 'input', name: /^Quantity$/ }], '2');
      await press(engine, [product, button(/^Add to cart$/)]);
      await element(engine, [{ css: 'shop-cart-button' }, button(/^Cart \(2\)$/)]);
      await engine.goto(site.provider('/demo/intranet-orders/'));
      await urlMatches(engine, /\/demo\/intranet-orders\/user$/);
      await element(engine, [{ css: 'shop-login' }, heading1(/^You are logged in$/)]);
      await element(engine, [{ css: 'shop-account' }, { css: 'p', text: /^Hello, John!$/ }]);
      await element(engine, [{ css: 'shop-cart' }, { css: 'li', text: /Ceramic mug/ }]);
      const checkout: Step = { css: 'shop-checkout' };
      await check(engine, [checkout, group(/^Delivery method/)], /^Self-pickup/);
      const billing: Query = [checkout, group(/^Billing address/)];
      for (const [field, value] of GLOBEX_INVOICE_ADDRESS) await fill(engine, [...billing, { css: 'input', name: field }], value);
      // The country starts as the shop's (issue 27: forms fill what they can).
      const country = await element(engine, [...billing, { css: 'input', name: /^Country/ }]);
      await until("the shop's country", async () => (await engine.evaluate<string>('(field) => field.value', [country])) === 'Poland');
      await axe(engine, 'intranet orders page: account, cart and checkout');
      await press(engine, [checkout, button(/^Continue$/)]);
      await check(engine, [checkout], /^Invoice/);
      await press(engine, [checkout, button(/^Continue$/)]);
      await press(engine, [checkout, button(/^Place order$/)]);
      await element(engine, [checkout, heading1(/^Thank you for your order!$/)]);
      await element(engine, [checkout, { css: 'p, span, div, strong', text: /^Your order number: GLOBEX-\d{6,}$/ }]);
      await element(engine, { css: '#orders-status', text: /^Order GLOBEX-\d{6,} placed/ });
      if (!(await engine.url()).startsWith(site.provider('/demo/intranet-orders/'))) throw new Error(`the page left the intranet: ${await engine.url()}`);
    },
  },
  {
    name: "designer's preview",
    async run(engine, site) {
      await engine.goto(site.provider('/demo/designer.html'));
      await element(engine, { css: '#status', text: /Designer mode on/ });
      const preview = await element(engine, { css: 'iframe#preview' });
      // The acme homepage shows to the designer without logging in, its products too: the demo fills in
      // the operator key, whose preview session opens the login-required shop's reads (issue 27 §5).
      await engine.frame(preview);
      await element(engine, heading1(/^Welcome to the ACME merchandise store$/));
      await element(engine, [main, { css: 'article' }]);
      const radius = () =>
        engine.evaluate<string>("() => getComputedStyle(document.querySelector('shop-storefront').shadowRoot.querySelector('.shop-root')).getPropertyValue('--button-radius').trim()");
      if (/^0(px)?$/.test(await radius())) throw new Error('acme buttons are square before the designer changed them');
      await engine.frame(null);
      await press(engine, { css: 'input[type="radio"]', name: /^Square$/ });
      await engine.select(await element(engine, { css: 'select', name: /^New section$/ }), 'rich_text');
      await press(engine, button(/^Add section$/));
      await fill(engine, { css: 'textarea', name: /^HTML \(sanitised by the storefront\)$/, nth: -1 }, '<h2>Designed live</h2>');
      await engine.frame(await element(engine, { css: 'iframe#preview' }));
      await until('square buttons in the preview', async () => /^0(px)?$/.test(await radius()));
      await element(engine, [main, { css: 'h2', name: /^Designed live$/ }]);
      await engine.frame(null);
      // The account area holds a buyer's own data: the preview signs nobody in and says so.
      await engine.select(await element(engine, { css: 'select', name: /^Preview page$/ }), '/user');
      await engine.frame(await element(engine, { css: 'iframe#preview' }));
      await element(engine, [main, heading1(/^Not available in the preview$/)]);
      await engine.frame(null);
    },
  },
  {
    name: 'the chosen colour shows, prices add up, and Polish stays after a reload (globex, issue 27)',
    async run(engine, site) {
      await engine.goto(site.shop('globex', '/products?search=GLX-TEE'));
      await press(engine, [main, { css: 'article' }, link(/^Classic T-shirt$/)]);
      await element(engine, [main, heading1(/^Classic T-shirt$/)]);
      const picture = () => engine.evaluate<string>("() => { const root = document.querySelector('shop-storefront').shadowRoot; const image = root.querySelector('.shop-product-gallery__image'); return image ? image.getAttribute('src') + ' | ' + image.getAttribute('alt') : ''; }");
      await until('the black T-shirt first', async () => (await picture()).endsWith('tshirt-black.svg | Classic T-shirt in Black'));
      await check(engine, [main, { css: '[role="radiogroup"], fieldset', name: /^Colour$/ }], /^White$/);
      await until("the white T-shirt's picture", async () => (await picture()).endsWith('tshirt-white.svg | Classic T-shirt in White'));
      // 120 pieces: the line total is the shown unit price × 120 (one rounding rule).
      await fill(engine, [main, { css: 'input', name: /^Quantity$/ }], '120');
      await press(engine, [main, button(/^Add to cart$/)]);
      // The globex cart already holds the intranet journeys' lines: wait for the toast, not a count.
      await element(engine, { css: '[role="status"] *', text: /^Added to cart$/ });
      await engine.goto(site.shop('globex', '/cart'));
      const line: Query = [main, { css: 'ul, ol, [role="list"]', name: /^Cart$/ }, { css: 'li', text: /Classic T-shirt/ }];
      await element(engine, line);
      const amounts = await texts(engine, [...line, { css: '.shop-cart-line__unit, .shop-cart-line__total' }]);
      const [unit, total] = [amountIn(amounts[0]), amountIn(amounts[1])];
      if (!(unit > 0) || Math.round(unit * 120 * 100) !== Math.round(total * 100)) throw new Error(`unit × 120 is not the line total: ${amounts.join(' / ')}`);
      const thumbnail = await engine.evaluate<string>(
        "() => { const line = [...document.querySelector('shop-storefront').shadowRoot.querySelectorAll('.shop-cart-line')].find((node) => node.textContent.includes('Classic T-shirt')); const image = line && line.querySelector('img'); return image ? image.getAttribute('src') : ''; }",
      );
      if (!thumbnail.endsWith('tshirt-white.svg')) throw new Error(`the cart shows ${thumbnail}, not the white T-shirt`);
      // Polish: the page's language follows the switch and survives a reload; then back to English.
      await toggle(engine, { css: 'header, [role="banner"]' }, /^PL Polski$/);
      await until('<html lang="pl">', async () => (await engine.evaluate<string>('() => document.documentElement.lang')) === 'pl');
      await engine.goto(site.shop('globex', '/cart'));
      await element(engine, heading1(/^Koszyk$/));
      await until('<html lang="pl"> after the reload', async () => (await engine.evaluate<string>('() => document.documentElement.lang')) === 'pl');
      await toggle(engine, { css: 'header, [role="banner"]' }, /^EN English$/);
      await until('<html lang="en">', async () => (await engine.evaluate<string>('() => document.documentElement.lang')) === 'en');
    },
  },
  {
    name: 'server-rendered first screens hydrated in place (globex; acme signed in)',
    needs: 'log in (acme)',
    async run(engine, site) {
      await engine.goto(site.shop('globex', '/404'));
      await element(engine, heading1(/./));
      await expectHydratedInPlace(engine, '/products', /Products/, [/Ballpoint pen/, /Classic T-shirt/]);
      await expectHydratedInPlace(engine, '/', /Globex/);
      // The buyer of the first journey is still signed in: their points prices and budget are in the HTML.
      await engine.goto(site.shop('acme', '/404'));
      await element(engine, heading1(/./));
      await expectHydratedInPlace(engine, '/products', /Products/, [/\d\s?pts/, /shop-account-menu/]);
    },
  },
  {
    // Last: WebKitGTK turns scripts off with a new browser session, which starts without cookies.
    name: 'with JavaScript off: search, pages and a product, all from the server (globex)',
    async run(engine, site) {
      await engine.scripts(false);
      try {
        await engine.goto(site.shop('globex', '/'));
        await element(engine, [main, heading1(/./)]);
        // Loaded (goto waits for the load event): had the page's scripts run, the element would be defined.
        if (await engine.evaluate<boolean>("() => customElements.get('shop-storefront') !== undefined")) throw new Error("the page's scripts ran");
        // The header's search is a GET form: Enter asks the server for the catalogue.
        const search: Query = [{ css: 'header, [role="banner"]' }, { css: 'input[type="search"]' }];
        await fill(engine, search, 't-shirt');
        const field = await element(engine, search);
        await engine.enter(field);
        await urlMatches(engine, /\/products\?search=t-shirt/);
        await element(engine, [main, { css: 'article', text: /T-shirt/i }]);
        // 37 products, 24 a page: the pages are links.
        await engine.goto(site.shop('globex', '/products'));
        await press(engine, [{ css: 'nav', name: /^Pagination$/ }, link(/^Next page$/)]);
        await urlMatches(engine, /[?&]page=2/);
        await until('the second page of 13 products', async () => (await texts(engine, [main, { css: 'article h2, article h3' }])).length === 13);
        const [name] = await texts(engine, [main, { css: 'article h2, article h3' }]);
        if (!name) throw new Error('no product on the second page');
        const exactly = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
        await press(engine, [main, { css: 'article' }, link(exactly)]);
        await urlMatches(engine, /\/products\/[a-z0-9-]+\/\d+$/);
        await element(engine, [main, heading1(exactly)]);
      } finally {
        await engine.scripts(true);
      }
    },
  },
];
