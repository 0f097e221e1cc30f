/**
 * The three demo shops (acme, globex, initech): their settings and payment methods, and the files
 * they serve (product pictures, each shop's logo, favicon and hero, the initech live-chat script).
 * `writeDemo` (`index.ts`) runs these steps first (files, then shops), because every later row
 * belongs to a shop.
 *
 * @module
 */
import type { Queryable } from '../../server/db/index.ts';
import { type DemoShop } from './catalogue.ts';
import { insertRows } from '../../server/db/insert-rows.ts';
import { must, type IdOf } from './context.ts';
import { faviconSvg, heroSvg, logoSvg, productImageFiles, type Branding, type StoredFile } from './images.ts';

/** A demo shop: its `websites` row, payment methods and branding. */
interface ShopSeed {
  slug: DemoShop;
  name: string;
  lang: 'en' | 'pl';
  currency: string;
  paymentType: 'budget' | 'invoice';
  isGross: boolean;
  loginRequired: boolean;
  registrationType: string;
  shippingOnlyToSpecificAddress: boolean;
  popupEnabled: boolean;
  livechatEnabled: boolean;
  livechatScript: string | null;
  mpkRequired: boolean;
  accent: string | null;
  font: string | null;
  buttonStyle: 'round' | 'medium' | 'square';
  paymentMethods: [code: 'budget' | 'invoice' | 'online', name: string][];
  brand: Branding;
}

/** Path (under /storage) of the initech live-chat script. */
export const LIVECHAT_PATH = 'livechat/initech-chat.js';

/** The demo shops' country: all three are Polish companies (address forms start from it). */
const DEMO_COUNTRY = 'PL';

/** The demo shops, in the order they are written (acme gets the first id). */
export const SHOPS: ShopSeed[] = [
  {
    slug: 'acme',
    name: 'ACME Corporation',
    lang: 'en',
    currency: 'pkt',
    paymentType: 'budget',
    isGross: false,
    loginRequired: true,
    registrationType: 'budget_form',
    shippingOnlyToSpecificAddress: false,
    popupEnabled: true,
    livechatEnabled: false,
    livechatScript: null,
    mpkRequired: true,
    accent: null,
    font: null,
    buttonStyle: 'round',
    paymentMethods: [['budget', 'Points budget']],
    brand: { name: 'ACME Corporation', colour: '#ec4899', hero: [['tshirt', 'navy'], ['mug', 'white'], ['hoodie', 'grey']] },
  },
  {
    slug: 'globex',
    name: 'Globex',
    lang: 'en',
    currency: 'PLN',
    paymentType: 'invoice',
    isGross: true,
    loginRequired: false,
    registrationType: 'invoice_noform',
    shippingOnlyToSpecificAddress: false,
    popupEnabled: true,
    livechatEnabled: false,
    livechatScript: null,
    mpkRequired: false,
    accent: 'rgb(37 99 235)',
    font: null,
    buttonStyle: 'medium',
    paymentMethods: [
      ['invoice', 'Invoice'],
      ['online', 'Online payment'],
    ],
    brand: { name: 'Globex', colour: '#2563eb', hero: [['backpack', 'navy'], ['bottle', 'blue'], ['notebook', 'red']] },
  },
  {
    slug: 'initech',
    name: 'Initech',
    lang: 'pl',
    currency: 'EUR',
    paymentType: 'invoice',
    isGross: false,
    loginRequired: true,
    registrationType: 'invoice_form',
    shippingOnlyToSpecificAddress: true,
    popupEnabled: false,
    livechatEnabled: true,
    livechatScript: `/storage/${LIVECHAT_PATH}`,
    mpkRequired: false,
    accent: 'rgb(5 150 105)',
    font: 'Lora',
    buttonStyle: 'square',
    paymentMethods: [
      ['invoice', 'Faktura VAT'],
      ['online', 'Płatność online'],
    ],
    brand: { name: 'Initech', colour: '#047857', hero: [['cap', 'green'], ['jacket', 'black'], ['umbrella', 'green']] },
  },
];

const logoPath = (shop: DemoShop) => `shops/${shop}/logo.svg`;
const faviconPath = (shop: DemoShop) => `shops/${shop}/favicon.svg`;
/** Path (under /storage) of a shop's hero picture, which its homepage shows. */
export const heroPath = (shop: DemoShop) => `shops/${shop}/hero.svg`;

/**
 * The initech live-chat widget: a self-contained script (no network calls) that adds a "Chat" button
 * which opens a small panel. It lives in its own shadow root so neither the page nor the storefront
 * styles reach it, and it is safe to load twice. Its texts are in English and Polish and follow the
 * page's `<html lang>`, also when the storefront's language switch changes it.
 */
export const LIVECHAT_SCRIPT = `/* Initech live chat (demo): a button and a panel, no network calls. */
(function () {
  'use strict';
  if (window.__initechChat) return;
  window.__initechChat = true;
  var TEXTS = {
    pl: { open: 'Czat', title: 'Czat z zespołem Initech', body: 'Dzień dobry! Napisz do nas, a nasz zespół odpowie w ciągu jednego dnia roboczego.', close: 'Zamknij czat' },
    en: { open: 'Chat', title: 'Chat with the Initech team', body: 'Hello! Leave us a message and our team will reply within one business day.', close: 'Close chat' }
  };
  /* The page's language (the storefront keeps <html lang> in step with its language switch). */
  function texts() {
    return /^pl/i.test(document.documentElement.lang || navigator.language || '') ? TEXTS.pl : TEXTS.en;
  }
  function mount() {
    var host = document.createElement('div');
    host.id = 'initech-livechat';
    var root = host.attachShadow({ mode: 'open' });
    var style = document.createElement('style');
    style.textContent =
      ':host{all:initial}' +
      '.chat{position:fixed;right:20px;bottom:20px;z-index:2147483000;font:15px/1.4 system-ui,sans-serif;color:#0f172a}' +
      'button{font:inherit;cursor:pointer;border:0}' +
      '.open{background:#047857;color:#fff;padding:12px 20px;border-radius:999px;box-shadow:0 6px 20px rgb(0 0 0/.2)}' +
      '.open:focus-visible,.close:focus-visible{outline:3px solid #0f172a;outline-offset:2px}' +
      '.panel{position:absolute;right:0;bottom:60px;width:280px;background:#fff;border-radius:12px;box-shadow:0 10px 30px rgb(0 0 0/.25);overflow:hidden}' +
      '.panel[hidden]{display:none}' +
      '.head{display:flex;align-items:center;justify-content:space-between;gap:8px;background:#047857;color:#fff;padding:10px 14px;font-weight:600}' +
      '.close{background:transparent;color:#fff;font-size:20px;line-height:1;padding:2px 6px}' +
      '.body{padding:14px}';
    var wrap = document.createElement('div');
    wrap.className = 'chat';
    var panel = document.createElement('div');
    panel.className = 'panel';
    panel.id = 'initech-chat-panel';
    panel.hidden = true;
    panel.setAttribute('role', 'dialog');
    var head = document.createElement('div');
    head.className = 'head';
    var title = document.createElement('span');
    var close = document.createElement('button');
    close.className = 'close';
    close.type = 'button';
    close.textContent = '\\u00d7';
    head.append(title, close);
    var body = document.createElement('p');
    body.className = 'body';
    panel.append(head, body);
    var open = document.createElement('button');
    open.className = 'open';
    open.type = 'button';
    open.setAttribute('aria-expanded', 'false');
    open.setAttribute('aria-controls', panel.id);
    function toggle(show) {
      panel.hidden = !show;
      open.setAttribute('aria-expanded', String(show));
      (show ? close : open).focus();
    }
    open.addEventListener('click', function () { toggle(panel.hidden); });
    close.addEventListener('click', function () { toggle(false); });
    wrap.addEventListener('keydown', function (event) { if (event.key === 'Escape' && !panel.hidden) toggle(false); });
    wrap.append(panel, open);
    root.append(style, wrap);
    function translate() {
      var t = texts();
      root.host.lang = t === TEXTS.pl ? 'pl' : 'en';
      panel.setAttribute('aria-label', t.title);
      title.textContent = t.title;
      close.setAttribute('aria-label', t.close);
      body.textContent = t.body;
      open.textContent = t.open;
    }
    translate();
    /* A language switched on the page switches the chat's texts too. */
    new MutationObserver(translate).observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
    document.body.append(host);
  }
  if (document.body) mount();
  else document.addEventListener('DOMContentLoaded', mount, { once: true });
})();
`;

const svg = (path: string, text: string): StoredFile => ({ path, contentType: 'image/svg+xml', data: Buffer.from(text, 'utf8') });

/** Every file the demo serves: product pictures, each shop's logo, favicon and hero, the live-chat script. */
function shopFiles(): StoredFile[] {
  return [
    ...productImageFiles(),
    ...SHOPS.flatMap((shop) => [
      svg(logoPath(shop.slug), logoSvg(shop.brand)),
      svg(faviconPath(shop.slug), faviconSvg(shop.brand)),
      svg(heroPath(shop.slug), heroSvg(shop.brand)),
    ]),
    { path: LIVECHAT_PATH, contentType: 'text/javascript; charset=utf-8', data: Buffer.from(LIVECHAT_SCRIPT, 'utf8') },
  ];
}

/** The shop seeds by slug, for rows that name their shop. */
export const SHOP_BY_SLUG = new Map(SHOPS.map((shop) => [shop.slug, shop]));

/** Writes every file the demo serves ({@link shopFiles}) into the `files` table. */
export async function writeFiles(tx: Queryable): Promise<void> {
  await insertRows(
    tx,
    'files',
    ['path', 'content_type', 'data'],
    shopFiles().map((file) => [file.path, file.contentType, file.data]),
  );
}

/** Writes the shops and the payment methods each offers; answers the ids the shops were given. */
export async function writeShops(tx: Queryable): Promise<IdOf<DemoShop>> {
  const websiteRows = await insertRows<{ id: number; slug: DemoShop }>(
    tx,
    'websites',
    [
      'slug',
      'name',
      'lang',
      'currency',
      'payment_type',
      'is_gross',
      'login_required',
      'registration_type',
      'shipping_only_to_specific_address',
      'popup_enabled',
      'livechat_enabled',
      'livechat_script',
      'mpk_required',
      'country',
      'settings',
    ],
    SHOPS.map((shop) => [
      shop.slug,
      shop.name,
      shop.lang,
      shop.currency,
      shop.paymentType,
      shop.isGross,
      shop.loginRequired,
      shop.registrationType,
      shop.shippingOnlyToSpecificAddress,
      shop.popupEnabled,
      shop.livechatEnabled,
      shop.livechatScript,
      shop.mpkRequired,
      DEMO_COUNTRY,
      JSON.stringify({
        accent_colour: shop.accent,
        font: shop.font,
        favicon: faviconPath(shop.slug),
        logo: logoPath(shop.slug),
        button_style: shop.buttonStyle,
      }),
    ]),
    'id, slug',
  );
  const shopId = new Map(websiteRows.map((row) => [row.slug, row.id]));
  const websiteId = (shop: DemoShop) => must(shopId, shop, 'website');

  await insertRows(
    tx,
    'payment_methods',
    ['website_id', 'code', 'name', 'position'],
    SHOPS.flatMap((shop) => shop.paymentMethods.map(([code, name], position) => [websiteId(shop.slug), code, name, position])),
  );
  return websiteId;
}
