import { SETTLE_SOURCE } from '../fixtures/settle.ts';
import { expectNoAxeViolations as axe, axeViolations } from './axe.ts';
import type { Engine, Query, Step } from './driver.ts';
import { button, element, fill, gone, heading1, link, main, press, until, urlMatches, type Journey, type Site } from './journeys.ts';

/**
 * axe in Firefox ESR and WebKitGTK on the screens and states the main journeys do not stop at (they
 * run axe on theirs: login, catalogue, product, cart with its popup, the checkout steps, the
 * confirmation, the intranet pages and the cart drawer). Together they are the stops of Chromium's
 * screen tours (`tests/e2e/support/screen-tour.ts`): every screen, its popups, dialogs and menus, the
 * narrow menu, a form's errors shown, and the widget kit. They run after the journey with scripts
 * off, which leaves each engine a fresh session: nobody signed in, no popup seen yet.
 */

const dialog = (name: RegExp): Step => ({ css: 'dialog, [role="dialog"]', name });
const header: Step = { css: 'header, [role="banner"]' };
const errorSummary: Query = [main, { css: '[role="alert"]', name: /^There is a problem/ }];

/** Logs `email` in to the shop `slug` from its login page (the demo's one password). */
async function logIn(engine: Engine, site: Site, slug: string, email: string): Promise<void> {
  await engine.goto(site.shop(slug, '/login'));
  await element(engine, heading1(/^Log in$/));
  await fill(engine, [main, { css: 'input', name: /^E-mail/i }], email);
  await fill(engine, [main, { css: 'input', name: /^Password/i }], 'Passw0rd!');
  await press(engine, [main, button(/^Log in$/)]);
  await until('the storefront to leave Login', async () => !/\/login/.test(await engine.url()));
}

/** Opens `path` of the shop `slug` and waits for its level-1 heading `heading`. */
async function open(engine: Engine, site: Site, slug: string, path: string, heading: RegExp): Promise<void> {
  await engine.goto(site.shop(slug, path));
  await element(engine, [main, heading1(heading)]);
}

export const AXE_JOURNEYS: Journey[] = [
  {
    name: 'axe: the homepage and its popup, forgot password, contact, a content page, the 404, login errors (globex guest)',
    async run(engine, site) {
      await engine.goto(site.shop('globex', '/'));
      const popup = dialog(/Free pickup in Kraków/);
      await element(engine, popup);
      await axe(engine, 'homepage popup');
      await press(engine, [popup, { css: '[part="footer"]' }, button(/^Close$/)]);
      await gone(engine, popup);
      await axe(engine, 'homepage');
      await open(engine, site, 'globex', '/forgot-password', /./);
      await axe(engine, 'forgot password');
      await open(engine, site, 'globex', '/contact', /./);
      await axe(engine, 'contact');
      await open(engine, site, 'globex', '/about-us', /./);
      await axe(engine, 'content page');
      await engine.goto(site.shop('globex', '/no-such-page'));
      await urlMatches(engine, /\/404$/);
      await element(engine, [main, heading1(/./)]);
      await axe(engine, '404');
      await open(engine, site, 'globex', '/login', /^Log in$/);
      await press(engine, [main, button(/^Log in$/)]);
      await element(engine, errorSummary);
      await axe(engine, 'login: errors shown');
    },
  },
  {
    name: 'axe: the account, its menu, details, addresses and the address dialog, order history and an order (globex buyer)',
    async run(engine, site) {
      await logIn(engine, site, 'globex', 'buyer@globex.test');
      await open(engine, site, 'globex', '/user', /./);
      await axe(engine, 'account');
      await press(engine, [header, button(/John/)]);
      await element(engine, { css: '[role="menu"]', name: /^Account menu$/ });
      await axe(engine, 'account menu');
      await engine.press('Escape');
      await open(engine, site, 'globex', '/user/account-details', /^Account details$/);
      await axe(engine, 'account details');
      await open(engine, site, 'globex', '/user/addresses', /./);
      await press(engine, [main, button(/^Add address$/)]);
      const addressDialog = dialog(/^Add address$/);
      await element(engine, addressDialog);
      await axe(engine, 'address dialog');
      await engine.press('Escape');
      await gone(engine, addressDialog);
      await axe(engine, 'addresses');
      await open(engine, site, 'globex', '/user/orders', /./);
      await axe(engine, 'order history');
      await press(engine, [main, { css: 'table' }, link(/./)]);
      await urlMatches(engine, /\/user\/orders\/GLOBEX-\d+$/);
      await element(engine, [main, { css: '[role="region"], section', name: /^Products$/ }]);
      await axe(engine, 'order');
    },
  },
  {
    name: 'axe: registration with its errors shown, budgets, the coordinator area and its tabs, the narrow menu (acme)',
    async run(engine, site) {
      await open(engine, site, 'acme', '/register', /./);
      await press(engine, [main, button(/^(Register|Send request)/)]);
      await element(engine, errorSummary);
      await axe(engine, 'register: errors shown');
      await logIn(engine, site, 'acme', 'coordinator@acme.test');
      await open(engine, site, 'acme', '/user/budgets', /./);
      await axe(engine, 'budgets');
      await open(engine, site, 'acme', '/user/coordinator', /^Coordinator area$/);
      await axe(engine, 'coordinator area');
      await press(engine, [main, { css: '[role="tab"]', name: /^Buyers$/ }]);
      await element(engine, [main, { css: '[role="tab"][aria-selected="true"]', name: /^Buyers$/ }]);
      await axe(engine, 'coordinator area: buyers');
      // The drawer is the menu of narrow screens; WebKitGTK's window goes no narrower than about 450 px.
      await engine.resize(480, 800);
      try {
        await press(engine, [header, button(/^Open menu$/)]);
        await element(engine, dialog(/^Shop menu$/));
        await axe(engine, 'narrow menu');
      } finally {
        await engine.resize(1280, 800);
      }
    },
  },
  {
    name: 'axe: the widget kit, its drawer and dialog; it waits for a fade in a shadow root, and a page with barriers added fails',
    async run(engine, site) {
      await engine.goto(site.provider('/demo/widgets.html'));
      await element(engine, heading1(/^Widget kit$/));
      await axe(engine, 'widget kit');
      await press(engine, button(/^Open drawer$/));
      await element(engine, { css: 'dialog, [role="dialog"]' });
      await axe(engine, 'widget kit: drawer');
      await engine.press('Escape');
      await gone(engine, { css: 'dialog, [role="dialog"]' });
      await press(engine, button(/^Open dialog$/));
      await element(engine, { css: 'dialog, [role="dialog"]' });
      await axe(engine, 'widget kit: dialog');
      // The wait before each axe run holds for an animation in a shadow root, where the storefront's
      // dialogs fade in: a colour read half-way through reads as a contrast failure.
      const fade = await engine.evaluate<string>(`async () => {
        const host = document.createElement('div');
        document.body.append(host);
        const text = host.attachShadow({ mode: 'open' }).appendChild(document.createElement('p'));
        text.textContent = 'Fading in';
        const animation = text.animate([{ opacity: 0 }, { opacity: 1 }], 600);
        await (${SETTLE_SOURCE})(0);
        return animation.playState;
      }`);
      if (fade !== 'finished') throw new Error(`the wait before axe left an animation in a shadow root ${fade}`);
      // The check can fail: a picture with no text alternative and a field with no name, put in a
      // shadow root as the storefront's screens are, are found.
      await engine.goto(site.provider('/demo/widgets.html'));
      await element(engine, heading1(/^Widget kit$/));
      await engine.evaluate(`() => {
        const host = document.createElement('div');
        document.body.append(host);
        host.attachShadow({ mode: 'open' }).innerHTML = '<img src="/favicon.ico" width="24" height="24"><input type="text">';
      }`);
      const found = (await axeViolations(engine, 'widget kit with two barriers added')).map((line) => line.split(' ')[0]);
      if (!found.includes('image-alt') || !found.includes('label')) throw new Error(`axe missed the barriers added: it found ${found.join(', ') || 'nothing'}`);
    },
  },
];
