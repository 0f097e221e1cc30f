import { FOCUS_PROBE_SOURCE, describeFocus, type FocusProbe } from '../fixtures/focus-probe.ts';
import { FIND_SOURCE, serialise, type Engine, type Key, type Modifier, type Query } from './driver.ts';
import { until, type Journey } from './journeys.ts';

/**
 * The keyboard journey of `tests/e2e/keyboard.spec.ts`, written once against the driver for Firefox
 * ESR and WebKitGTK: an acme order from the homepage by keys alone (the engine's own key input sent
 * to whatever has focus, no click), every focus stop checked with the shared probe
 * (`tests/fixtures/focus-probe.ts`): the expected control, a focus indicator of at least 2 px, not
 * hidden, not covered.
 *
 * Links by Tab: Safari leaves links out of the Tab order unless Option+Tab or its preference asks for
 * them; WebKitGTK's MiniBrowser puts them in by default (found here: the product card's link, the cart
 * link and "Go to checkout" are reached by Tab and Shift+Tab alone, no Alt), so the journey presses the
 * same keys in every engine and would fail, not skip, if WebKitGTK stopped.
 */

interface Target {
  role: string;
  name: RegExp;
}

const to = (role: string, name: RegExp): Target => ({ role, name });
const matches = (probe: FocusProbe, target: Target) => probe.role === target.role && target.name.test(probe.name);
const describeTarget = (target: Target) => `${target.role} ${target.name}`;

const probe = (engine: Engine) => engine.evaluate<FocusProbe>(FOCUS_PROBE_SOURCE);

/** Throws unless the focused element can be seen: not lost, not hidden, not covered, with a ring when it is a control. */
function expectVisible(found: FocusProbe): void {
  const who = describeFocus(found);
  if (found.tag === 'body') throw new Error('focus was lost to <body>');
  if (found.hidden) throw new Error(`${who} has focus but is hidden: ${found.hidden}`);
  if (found.obscuredBy) throw new Error(`${who} has focus but is covered: ${found.obscuredBy} (box ${found.box.join(',')})`);
  const control = found.role !== 'heading' && found.role !== 'main';
  if (control && !found.indicator) throw new Error(`${who} has focus but shows no focus indicator of 2 px or more`);
}

/** Waits until focus is on one of `targets` (focus the storefront moves itself), then checks it can be seen. */
async function focusOn(engine: Engine, ...targets: Target[]): Promise<void> {
  let last: FocusProbe | undefined;
  await until(`focus on ${targets.map(describeTarget).join(' or ')} (last on ${last ? describeFocus(last) : 'nothing'})`, async () => {
    last = await probe(engine);
    return targets.some((target) => matches(last!, target));
  });
  expectVisible(last!);
}

/** Presses `key` until focus is on `target`, at most `max` times, checking every stop on the way. */
async function pressUntil(engine: Engine, key: Key, target: Target, options: { modifiers?: Modifier[]; max?: number } = {}): Promise<void> {
  const stops: string[] = [];
  for (let presses = 0; presses < (options.max ?? 15); presses += 1) {
    await engine.press(key, options.modifiers);
    const found = await probe(engine);
    stops.push(describeFocus(found));
    expectVisible(found);
    if (matches(found, target)) return;
  }
  const keys = [...(options.modifiers ?? []), key].join('+');
  throw new Error(`${keys} did not reach ${describeTarget(target)}; the stops: ${stops.join(' → ')}`);
}

const tab = (engine: Engine, target: Target, max?: number) => pressUntil(engine, 'Tab', target, { max });
const shiftTab = (engine: Engine, target: Target, max?: number) => pressUntil(engine, 'Tab', target, { max, modifiers: ['Shift'] });

/** Tab, then Shift+Tab: back on the same control. */
async function shiftTabBack(engine: Engine): Promise<void> {
  const here = describeFocus(await probe(engine));
  await engine.press('Tab');
  const next = await probe(engine);
  expectVisible(next);
  await engine.press('Tab', ['Shift']);
  const back = describeFocus(await probe(engine));
  if (back !== here) throw new Error(`Shift+Tab from ${describeFocus(next)} went to ${back}, not back to ${here}`);
}

const urlMatches = (engine: Engine, pattern: RegExp) => until(`the URL to match ${pattern}`, async () => pattern.test(await engine.url()));

/** Waits until `query` finds an element (a state the keys brought about: a checked radio, a count). */
const shows = (engine: Engine, what: string, query: Query) => until(what, () => engine.find(query));

/** Whether the deeply focused element is checked. */
const focusedChecked = (engine: Engine) =>
  until('the focused control to be checked', () =>
    engine.evaluate<boolean>("() => { let el = document.activeElement; while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement; return el.checked === true || el.getAttribute('aria-checked') === 'true'; }"),
  );

const headerCart = (count: number): Query => [{ css: 'header, [role="banner"]' }, { css: 'a[href]', name: new RegExp(`^Cart \\(${count}\\)$`) }];

/** Signs out whoever an earlier journey signed in, and empties the cart: the journey starts as a guest. */
const FORGET = `() => {
  for (const cookie of document.cookie.split('; ')) document.cookie = cookie.split('=')[0] + '=; max-age=0; path=/';
  localStorage.clear();
  sessionStorage.clear();
  return true;
}`;

async function toTheCart(engine: Engine): Promise<void> {
  // Homepage: guest sent to Login; the skip link first, into main, then the form.
  await tab(engine, to('button', /^Skip to content$/), 1);
  await engine.press('Enter');
  await focusOn(engine, to('main', /Log in/));
  await tab(engine, to('textbox', /^E-mail/), 1);
  await engine.typeKeys('buyer@acme.test');
  await tab(engine, to('textbox', /^Password/), 1);
  await shiftTabBack(engine);
  await engine.typeKeys('Passw0rd!');
  await engine.press('Enter');
  await urlMatches(engine, /\.localhost:\d+\/$/);
  // The welcome popup takes focus once the page is quiet; Escape gives it back to the heading.
  await focusOn(engine, to('button', /^Close$/));
  await engine.press('Escape');
  await focusOn(engine, to('heading', /^Welcome to the ACME merchandise store$/));
  const account = to('button', /^Anna Nowak, Points to spend:/);
  await shiftTab(engine, account, 4);
  await engine.press('Enter');
  await focusOn(engine, to('menuitem', /./));
  await engine.press('Escape');
  await focusOn(engine, account);
  await shiftTab(engine, to('searchbox', /^Search products$/), 6);
  await engine.typeKeys('ACME-MUG');
  await engine.press('Enter');
  await urlMatches(engine, /\/products\?search=ACME-MUG$/);
  await focusOn(engine, to('heading', /^Products$/));
  await tab(engine, to('link', /^Ceramic mug$/), 6);
  await engine.press('Enter');
  await urlMatches(engine, /\/products\/ceramic-mug\/\d+$/);
  await focusOn(engine, to('heading', /^Ceramic mug$/));
  await tab(engine, to('radio', /^White$/), 3);
  await engine.press('ArrowRight');
  await focusOn(engine, to('radio', /^Black$/));
  await shows(engine, 'the black mug', { css: 'p, span, div', text: /^Product code: ACME-MUG-BLACK$/ });
  await shiftTabBack(engine);
  await tab(engine, to('spinbutton', /^Quantity$/), 2);
  await engine.press('ArrowUp');
  await tab(engine, to('button', /^Add to cart$/), 4);
  await engine.press('Enter');
  await shows(engine, 'Cart (2) in the header', headerCart(2));
  expectVisible(await probe(engine));
  await shiftTab(engine, to('link', /^Cart \(2\)$/), 12);
  await engine.press('Enter');
  await urlMatches(engine, /\/cart$/);
  await focusOn(engine, to('button', /^Close$/));
  await engine.press('Escape');
  await focusOn(engine, to('heading', /^Cart$/), to('link', /^Cart \(2\)$/));
}

async function checkout(engine: Engine): Promise<void> {
  await tab(engine, to('spinbutton', /^Quantity: Ceramic mug/), 8);
  await engine.press('ArrowDown');
  await shows(engine, 'Cart (1) in the header', headerCart(1));
  await tab(engine, to('link', /^Go to checkout$/), 4);
  await engine.press('Enter');
  await urlMatches(engine, /\/checkout\/delivery$/);
  await focusOn(engine, to('heading', /^Delivery details$/));
  await tab(engine, to('radio', /^Courier/), 12);
  await engine.press('Space');
  await focusedChecked(engine);
  await tab(engine, to('radio', /Marszałkowska/), 8);
  await engine.press('Space');
  await focusedChecked(engine);
  await tab(engine, to('textbox', /^Cost centre code \(MPK\)/), 30);
  await tab(engine, to('button', /^Continue$/), 12);
  await engine.press('Enter');
  await urlMatches(engine, /\/checkout\/payment$/);
  await focusOn(engine, to('heading', /./));
  await tab(engine, to('radio', /Welcome pack/), 10);
  await engine.press('Space');
  await focusedChecked(engine);
  await tab(engine, to('button', /^Continue$/), 10);
  await engine.press('Enter');
  await urlMatches(engine, /\/checkout\/summary$/);
  await focusOn(engine, to('heading', /./));
  await tab(engine, to('checkbox', /^I confirm that this order/), 30);
  await engine.press('Space');
  await focusedChecked(engine);
  await tab(engine, to('button', /^Place order$/), 8);
  await engine.press('Enter');
  await urlMatches(engine, /\/order-confirmation$/);
  await focusOn(engine, to('heading', /^Thank you for your order!$/));
  await shows(engine, 'the order number', [{ css: 'main, [role="main"]' }, { css: 'p, span, div, strong', text: /^Your order number: ACME-\d{6,}$/ }]);
  await shows(engine, 'Cart (0) in the header', headerCart(0));
}

export const KEYBOARD_JOURNEYS: Journey[] = [
  {
    name: 'keyboard only: homepage to a placed order (acme)',
    async run(engine, site) {
      await engine.goto(site.shop('acme', '/404'));
      await engine.evaluate<boolean>(FORGET);
      await engine.goto(site.shop('acme', '/'));
      await urlMatches(engine, /\/login\?redirect=%2F$/);
      // Hydrated once the server's fields take text.
      const email = { css: 'input', name: /^E-mail/i };
      await until('the e-mail field to take text', () =>
        engine.evaluate<boolean>(`(steps) => { const field = (${FIND_SOURCE})(steps, false); return !!field && !field.disabled; }`, [serialise(email)]),
      );
      await toTheCart(engine);
      await checkout(engine);
    },
  },
];
