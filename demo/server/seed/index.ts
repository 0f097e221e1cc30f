/**
 * The demo data every test and demo relies on (DESIGN.md §5, documented in `docs/demo-data.md`):
 * three shops with their settings, pages, popups, payment and delivery methods, accounts, budgets,
 * a catalogue of 37+ products each, past orders and the files they show.
 *
 * {@link seedDemo} runs for every server test file, so it is built to be quick: the password is hashed
 * once for every account, and each table is written with a handful of multi-row statements inside
 * one transaction (about twenty round trips in all).
 *
 * @module
 */
import type { Db, Queryable } from '../db/index.ts';
import { hashPassword } from '../services/passwords.ts';
import { sumMoney } from '../../../src/domain/money.ts';
import { deliveryCharge, orderTotals, priceLines } from '../services/order-pricing.ts';
import { PSEUDO_PAGE_SLUGS, type Address, type PageBlock } from '../../../src/api/contract.ts';
import {
  CODE_PREFIX,
  DEMO_SHOPS,
  demoProducts,
  insertProducts,
  insertRows,
  PSEUDO_PAGE_NAMES,
  slugify,
  variantCode,
  type BudgetKey,
  type DemoShop,
  type InsertedProduct,
  type ProductDef,
  type SizeCode,
} from './catalogue.ts';
import { faviconSvg, heroSvg, logoSvg, productImageFiles, productImagePath, type Branding, type ColourCode, type StoredFile } from './images.ts';

/** The password of every demo account. */
export const DEMO_PASSWORD = 'Passw0rd!';

export interface SeedOptions {
  /** The clock the relative dates (budgets, group buy, past orders) are computed from. */
  now?: Date;
}

/** Serialises seeding when several instances start on one PostgreSQL at once. */
const SEED_LOCK = 4173_0002;
const DAY = 86_400_000;

// ---------------------------------------------------------------------------------------------------
// Shops

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

const SHOPS: ShopSeed[] = [
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
const heroPath = (shop: DemoShop) => `shops/${shop}/hero.svg`;

/**
 * The initech live-chat widget: a self-contained script (no network calls) that adds a "Chat" button
 * which opens a small panel. It lives in its own shadow root so neither the page nor the storefront
 * styles reach it, and it is safe to load twice.
 */
const LIVECHAT_SCRIPT = `/* Initech live chat (demo): a button and a panel, no network calls. */
(function () {
  'use strict';
  if (window.__initechChat) return;
  window.__initechChat = true;
  var polish = /^pl/i.test(document.documentElement.lang || navigator.language || '');
  var t = polish
    ? { open: 'Czat', title: 'Czat z zespołem Initech', body: 'Dzień dobry! Napisz do nas, a nasz zespół odpowie w ciągu jednego dnia roboczego.', close: 'Zamknij czat' }
    : { open: 'Chat', title: 'Chat with the Initech team', body: 'Hello! Leave us a message and our team will reply within one business day.', close: 'Close chat' };
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
    panel.setAttribute('aria-label', t.title);
    var head = document.createElement('div');
    head.className = 'head';
    var title = document.createElement('span');
    title.textContent = t.title;
    var close = document.createElement('button');
    close.className = 'close';
    close.type = 'button';
    close.setAttribute('aria-label', t.close);
    close.textContent = '\\u00d7';
    head.append(title, close);
    var body = document.createElement('p');
    body.className = 'body';
    body.textContent = t.body;
    panel.append(head, body);
    var open = document.createElement('button');
    open.className = 'open';
    open.type = 'button';
    open.textContent = t.open;
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

// ---------------------------------------------------------------------------------------------------
// Accounts, addresses and budgets

interface UserSeed {
  email: string;
  name: string;
  surname: string;
  phone: string;
  jobTitle: string;
  buyerId: string;
  costCenter: string;
  shop: DemoShop;
  role: 'buyer' | 'coordinator';
  coordinator?: string;
}

const USERS: UserSeed[] = [
  {
    email: 'buyer@acme.test',
    name: 'Anna',
    surname: 'Nowak',
    phone: '+48 600 100 200',
    jobTitle: 'Office manager',
    buyerId: 'ACME-B-001',
    costCenter: 'MPK-100',
    shop: 'acme',
    role: 'buyer',
    coordinator: 'coordinator@acme.test',
  },
  {
    email: 'nobudget@acme.test',
    name: 'Piotr',
    surname: 'Zieliński',
    phone: '+48 600 100 201',
    jobTitle: 'Sales representative',
    buyerId: 'ACME-B-002',
    costCenter: 'MPK-200',
    shop: 'acme',
    role: 'buyer',
    coordinator: 'coordinator@acme.test',
  },
  {
    email: 'coordinator@acme.test',
    name: 'Katarzyna',
    surname: 'Wiśniewska',
    phone: '+48 600 100 300',
    jobTitle: 'HR coordinator',
    buyerId: '',
    costCenter: 'MPK-100',
    shop: 'acme',
    role: 'coordinator',
  },
  {
    email: 'buyer@globex.test',
    name: 'John',
    surname: 'Smith',
    phone: '+48 601 200 300',
    jobTitle: 'Marketing specialist',
    buyerId: 'GLX-B-001',
    costCenter: '',
    shop: 'globex',
    role: 'buyer',
    coordinator: 'coordinator@globex.test',
  },
  {
    email: 'coordinator@globex.test',
    name: 'Emma',
    surname: 'Brown',
    phone: '+48 601 200 301',
    jobTitle: 'Purchasing coordinator',
    buyerId: '',
    costCenter: '',
    shop: 'globex',
    role: 'coordinator',
  },
  {
    email: 'buyer@initech.test',
    name: 'Marek',
    surname: 'Kowalski',
    phone: '+48 602 300 400',
    jobTitle: 'Kierownik projektu',
    buyerId: 'INI-B-001',
    costCenter: 'MPK-300',
    shop: 'initech',
    role: 'buyer',
    coordinator: 'coordinator@initech.test',
  },
  {
    email: 'coordinator@initech.test',
    name: 'Magdalena',
    surname: 'Wójcik',
    phone: '+48 602 300 401',
    jobTitle: 'Koordynatorka zakupów',
    buyerId: '',
    costCenter: 'MPK-300',
    shop: 'initech',
    role: 'coordinator',
  },
];

/** An address as saved in the address book and copied into orders. */
type AddressSeed = Omit<Address, 'id' | 'type'>;

const ADDRESSES = {
  acmeDelivery: {
    name: 'Anna',
    surname: 'Nowak',
    company: 'ACME Corporation',
    street: 'ul. Marszałkowska 104/122',
    city: 'Warszawa',
    zip: '00-017',
    country: 'PL',
    nip: '',
    phone: '+48 600 100 200',
  },
  acmeBilling: {
    name: 'Anna',
    surname: 'Nowak',
    company: 'ACME Polska Sp. z o.o.',
    street: 'ul. Domaniewska 39',
    city: 'Warszawa',
    zip: '02-672',
    country: 'PL',
    nip: '7010150006',
    phone: '',
  },
  globexOffice: {
    name: 'John',
    surname: 'Smith',
    company: 'Globex Sp. z o.o.',
    street: 'ul. Lubicz 17',
    city: 'Kraków',
    zip: '31-503',
    country: 'PL',
    nip: '6772480003',
    phone: '+48 601 200 300',
  },
  initechDelivery: {
    name: 'Marek',
    surname: 'Kowalski',
    company: 'Initech',
    street: 'ul. Prosta 20',
    city: 'Warszawa',
    zip: '00-850',
    country: 'PL',
    nip: '',
    phone: '+48 602 300 400',
  },
  initechBilling: {
    name: 'Marek',
    surname: 'Kowalski',
    company: 'Initech Polska Sp. z o.o.',
    street: 'ul. Grzybowska 5',
    city: 'Warszawa',
    zip: '00-132',
    country: 'PL',
    nip: '5260250274',
    phone: '',
  },
  initechSpecific: {
    name: 'Marek',
    surname: 'Kowalski',
    company: 'Initech, oddział Łódź',
    street: 'ul. Piotrkowska 100',
    city: 'Łódź',
    zip: '90-004',
    country: 'PL',
    nip: '',
    phone: '+48 602 300 400',
  },
} satisfies Record<string, AddressSeed>;

const ADDRESS_BOOK: { email: string; shop: DemoShop; type: 'delivery' | 'billing' | 'specific'; address: AddressSeed }[] = [
  { email: 'buyer@acme.test', shop: 'acme', type: 'delivery', address: ADDRESSES.acmeDelivery },
  { email: 'buyer@acme.test', shop: 'acme', type: 'billing', address: ADDRESSES.acmeBilling },
  { email: 'buyer@initech.test', shop: 'initech', type: 'delivery', address: ADDRESSES.initechDelivery },
  { email: 'buyer@initech.test', shop: 'initech', type: 'billing', address: ADDRESSES.initechBilling },
  { email: 'buyer@initech.test', shop: 'initech', type: 'specific', address: ADDRESSES.initechSpecific },
];

const BUDGETS: { key: BudgetKey; name: string; color: string }[] = [
  { key: 'welcome', name: 'Welcome pack', color: '#2563eb' },
  { key: 'team', name: 'Team events', color: '#16a34a' },
  { key: 'winter', name: 'Winter 2025', color: '#9333ea' },
];

/** Budget assignments in acme: active ones run from 30 days ago to 335 days ahead. */
const ASSIGNMENTS: { email: string; budget: BudgetKey; points: number; startDays: number; expiryDays: number }[] = [
  { email: 'buyer@acme.test', budget: 'welcome', points: 1000, startDays: -30, expiryDays: 335 },
  { email: 'buyer@acme.test', budget: 'team', points: 300, startDays: -30, expiryDays: 335 },
  { email: 'buyer@acme.test', budget: 'winter', points: 500, startDays: -400, expiryDays: -35 },
  { email: 'nobudget@acme.test', budget: 'welcome', points: 200, startDays: -400, expiryDays: -35 },
];

// ---------------------------------------------------------------------------------------------------
// Delivery methods

type DeliveryType = 'courier' | 'self_pickup' | 'specific_address';

const DELIVERY_NAMES: Record<'en' | 'pl', Record<DeliveryType, string>> = {
  en: { courier: 'Courier', self_pickup: 'Self-pickup', specific_address: 'Delivery to a specific address' },
  pl: { courier: 'Kurier', self_pickup: 'Odbiór osobisty', specific_address: 'Dostawa pod wskazany adres' },
};

const DELIVERY_PRICES: Record<DemoShop, Record<DeliveryType, number>> = {
  acme: { courier: 0, self_pickup: 0, specific_address: 0 },
  globex: { courier: 19.99, self_pickup: 0, specific_address: 29.99 },
  initech: { courier: 9.9, self_pickup: 0, specific_address: 14.9 },
};

const PICKUP_ADDRESSES: Record<DemoShop, { street: string; city: string; zip: string; country: string }> = {
  acme: { street: 'ul. Domaniewska 39', city: 'Warszawa', zip: '02-672', country: 'PL' },
  globex: { street: 'ul. Lubicz 17', city: 'Kraków', zip: '31-503', country: 'PL' },
  initech: { street: 'al. Jerozolimskie 100', city: 'Warszawa', zip: '00-807', country: 'PL' },
};

/** acme: budgets that may pay for a delivery method, with the price in points. */
const DELIVERY_BUDGETS: { type: DeliveryType; budget: BudgetKey; price: number }[] = [
  { type: 'courier', budget: 'welcome', price: 25 },
  { type: 'courier', budget: 'team', price: 25 },
  { type: 'specific_address', budget: 'welcome', price: 40 },
];

// ---------------------------------------------------------------------------------------------------
// Past orders

interface OrderSeed {
  shop: DemoShop;
  email: string;
  status: 'new' | 'in_progress' | 'complete';
  daysAgo: number;
  lines: { key: string; colour: ColourCode | null; size: SizeCode | null; quantity: number }[];
  delivery: DeliveryType;
  /** acme: the delivery is paid from the Welcome pack at its budget price. */
  deliveryFromBudget?: boolean;
  deliveryAddress: AddressSeed | null;
  billingAddress: AddressSeed | null;
  payment: 'budget' | 'invoice' | 'online';
  comment: string;
}

/**
 * Past orders. acme's are all paid from buyer@acme's Welcome pack: 100 + 75 + 25 = 200 points,
 * so that assignment shows 800 of 1000 points left.
 */
const ORDERS: OrderSeed[] = [
  {
    shop: 'acme',
    email: 'buyer@acme.test',
    status: 'complete',
    daysAgo: 25,
    lines: [
      { key: 'TEE', colour: 'navy', size: 'L', quantity: 1 },
      { key: 'MUG', colour: 'white', size: null, quantity: 6 },
    ],
    delivery: 'self_pickup',
    deliveryAddress: null,
    billingAddress: ADDRESSES.acmeBilling,
    payment: 'budget',
    comment: 'For the new starters in the Warsaw office.',
  },
  {
    shop: 'acme',
    email: 'buyer@acme.test',
    status: 'in_progress',
    daysAgo: 12,
    lines: [{ key: 'MUG', colour: 'black', size: null, quantity: 5 }],
    delivery: 'courier',
    deliveryFromBudget: true,
    deliveryAddress: ADDRESSES.acmeDelivery,
    billingAddress: ADDRESSES.acmeBilling,
    payment: 'budget',
    comment: '',
  },
  {
    shop: 'acme',
    email: 'buyer@acme.test',
    status: 'new',
    daysAgo: 3,
    lines: [{ key: 'LANYARD', colour: 'navy', size: null, quantity: 5 }],
    delivery: 'self_pickup',
    deliveryAddress: null,
    billingAddress: ADDRESSES.acmeBilling,
    payment: 'budget',
    comment: 'Visitors’ badges for the trade fair.',
  },
  {
    shop: 'globex',
    email: 'buyer@globex.test',
    status: 'complete',
    daysAgo: 40,
    lines: [
      { key: 'TEE', colour: 'black', size: 'M', quantity: 10 },
      { key: 'BAG', colour: 'white', size: null, quantity: 20 },
    ],
    delivery: 'courier',
    deliveryAddress: ADDRESSES.globexOffice,
    billingAddress: ADDRESSES.globexOffice,
    payment: 'invoice',
    comment: 'Conference kit for the spring fair.',
  },
  {
    shop: 'globex',
    email: 'buyer@globex.test',
    status: 'in_progress',
    daysAgo: 6,
    lines: [{ key: 'MUG', colour: 'white', size: null, quantity: 50 }],
    delivery: 'self_pickup',
    deliveryAddress: null,
    billingAddress: ADDRESSES.globexOffice,
    payment: 'online',
    comment: '',
  },
  {
    shop: 'initech',
    email: 'buyer@initech.test',
    status: 'complete',
    daysAgo: 30,
    lines: [
      { key: 'PEN', colour: 'blue', size: null, quantity: 100 },
      { key: 'NOTE', colour: 'red', size: null, quantity: 10 },
      { key: 'NOTE', colour: 'blue', size: null, quantity: 10 },
    ],
    delivery: 'specific_address',
    deliveryAddress: ADDRESSES.initechSpecific,
    billingAddress: ADDRESSES.initechBilling,
    payment: 'invoice',
    comment: 'Materiały na szkolenie w Łodzi.',
  },
  {
    shop: 'initech',
    email: 'buyer@initech.test',
    status: 'new',
    daysAgo: 2,
    lines: [{ key: 'TEE', colour: 'white', size: 'L', quantity: 5 }],
    delivery: 'specific_address',
    deliveryAddress: ADDRESSES.initechSpecific,
    billingAddress: ADDRESSES.initechBilling,
    payment: 'online',
    comment: '',
  },
];

/** Key of a budget assignment in the seed: `buyer@acme.test/welcome`. */
const assignmentKey = (email: string, budget: BudgetKey) => `${email}/${budget}`;

/** The part of an address copied into an order. */
function snapshot(address: AddressSeed | null): string | null {
  if (!address) return null;
  const { name, surname, company, street, city, zip, country, nip } = address;
  return JSON.stringify({ name, surname, company, street, city, zip, country, nip });
}

// ---------------------------------------------------------------------------------------------------
// Pages and popups

const PRIVACY_EN = (shop: string) =>
  `<h2>Privacy policy</h2>
<p>This store is run for ${shop} employees. The controller of your personal data is ${shop}, which processes it only to create your account, fulfil your orders and keep the records required by law.</p>
<p>We process your name, e-mail address, phone number, job title, cost centre and delivery addresses. They are shared only with the couriers and the printing house that complete your order, and are kept for as long as your account exists and then for the period required by tax law.</p>
<p>You may ask for access to your data, its correction, deletion or restriction, and you may object to its processing. Write to privacy@${shop.toLowerCase().split(' ')[0]}.test; you may also complain to the data protection authority.</p>
<p>The store uses only the cookies it needs to work: your session and your cart. No advertising or tracking cookies are set.</p>`;

const TERMS_EN = (shop: string) =>
  `<h2>Terms of use</h2>
<p>These terms apply to ordering branded merchandise in the ${shop} store. Ordering is open to employees with an active account; prices are shown in the store's currency and, where points are used, are deducted from the budget chosen at checkout.</p>
<p>An order is placed when you confirm the summary. It is then reviewed and its status changes from New to In Progress and finally to Complete when it has been delivered or is ready for pickup.</p>
<p>Personalised products, such as business cards or engraved items, are made to order and cannot be returned unless they are faulty. Any other item may be returned unused within 14 days of delivery.</p>
<p>Complaints about damaged or incorrect items can be made within 30 days of delivery through the contact form; we answer within five business days.</p>`;

const PRIVACY_PL = `<h2>Polityka prywatności</h2>
<p>Sklep jest prowadzony dla pracowników Initech. Administratorem danych osobowych jest Initech Polska Sp. z o.o., która przetwarza je wyłącznie w celu założenia konta, realizacji zamówień i prowadzenia dokumentacji wymaganej przepisami prawa.</p>
<p>Przetwarzamy imię i nazwisko, adres e-mail, numer telefonu, stanowisko, centrum kosztów (MPK) oraz adresy dostawy. Dane przekazujemy jedynie firmom kurierskim i drukarni realizującym zamówienie i przechowujemy je przez czas istnienia konta, a następnie przez okres wymagany przepisami podatkowymi.</p>
<p>Masz prawo dostępu do swoich danych, ich sprostowania, usunięcia lub ograniczenia przetwarzania oraz prawo sprzeciwu. Napisz na adres prywatnosc@initech.test; możesz także złożyć skargę do Prezesa UODO.</p>
<p>Sklep używa wyłącznie niezbędnych plików cookie: sesji i koszyka. Nie stosujemy plików cookie reklamowych ani śledzących.</p>`;

const TERMS_PL = `<h2>Regulamin</h2>
<p>Regulamin określa zasady zamawiania materiałów firmowych w sklepie Initech. Zamówienia mogą składać pracownicy posiadający aktywne konto; ceny podane są w euro netto.</p>
<p>Zamówienie zostaje złożone po potwierdzeniu podsumowania. Następnie jest weryfikowane, a jego status zmienia się z „Nowe” na „W realizacji” i „Zakończone” po doręczeniu.</p>
<p>Produkty personalizowane, takie jak wizytówki lub przedmioty z grawerem, są wykonywane na zamówienie i nie podlegają zwrotowi, chyba że są wadliwe. Pozostałe produkty można zwrócić w stanie nienaruszonym w ciągu 14 dni od dostawy.</p>
<p>Reklamacje dotyczące uszkodzonych lub niezgodnych produktów można zgłaszać przez formularz kontaktowy w ciągu 30 dni od dostawy; odpowiadamy w ciągu pięciu dni roboczych.</p>`;

const ABOUT: Record<DemoShop, { name: string; html: string }> = {
  acme: {
    name: 'About us',
    html: `<h2>About the ACME store</h2>
<p>The ACME merchandise store is where our teams order branded clothing, drinkware and office essentials. Everything is paid with points from the budgets your coordinator assigns: a Welcome pack for new starters and Team events for off-sites and celebrations.</p>
<p>Orders are packed in our Warsaw warehouse and shipped by courier, or you can collect them from the reception desk at ul. Domaniewska 39.</p>`,
  },
  globex: {
    name: 'About us',
    html: `<h2>About the Globex store</h2>
<p>Globex supplies its sales teams and partners with quality merchandise for fairs, conferences and client visits. The store is open to everyone: browse the catalogue and fill your cart without an account, then sign in at checkout.</p>
<p>Prices include VAT. Orders are invoiced monthly or can be paid online.</p>`,
  },
  initech: {
    name: 'O nas',
    html: `<h2>O sklepie Initech</h2>
<p>W sklepie Initech zamówisz odzież firmową, gadżety i materiały biurowe dla swojego zespołu. Zamówienia wysyłamy wyłącznie na wskazany adres, np. biuro projektu lub salę szkoleniową.</p>
<p>Masz pytania? Skorzystaj z czatu w prawym dolnym rogu strony: nasz zespół odpowiada w ciągu jednego dnia roboczego.</p>`,
  },
};

function homepageBlocks(shop: DemoShop, products: Map<string, InsertedProduct>, defs: ProductDef[]): PageBlock[] {
  const prefix = CODE_PREFIX[shop];
  const idOf = (key: string): number => {
    const product = products.get(`${prefix}-${key}`);
    if (!product) throw new Error(`Homepage product ${prefix}-${key} is missing`);
    return product.id;
  };
  const hoodie = defs.find((def) => def.code === `${prefix}-HOODIE`);
  const hoodieHref = `/products/${slugify(hoodie?.name ?? 'hoodie')}/${idOf('HOODIE')}`;
  const featured = ['TEE', 'MUG', 'HOODIE', 'BOTTLE'].map(idOf);

  if (shop === 'initech') {
    return [
      {
        type: 'hero',
        title: 'Sklep firmowy Initech',
        text: 'Odzież, gadżety i materiały biurowe z logo firmy, dostarczane pod wskazany adres.',
        image: heroPath(shop),
        link: { label: 'Zobacz produkty', href: '/products' },
      },
      {
        type: 'rich_text',
        html: '<h2>Jak zamawiać</h2><ol><li>Wybierz produkty i dodaj je do koszyka.</li><li>Podaj adres dostawy: biuro, salę szkoleniową lub inne miejsce.</li><li>Zapłać fakturą lub online i śledź zamówienie w historii zamówień.</li></ol><p>Ceny podane są w euro netto.</p>',
      },
      { type: 'product_carousel', title: 'Polecane', product_ids: featured },
      { type: 'product_carousel', title: 'Kubki i butelki', search: 'kubek', limit: 8 },
      {
        type: 'image_grid',
        title: 'Kategorie',
        images: [
          { src: productImagePath('tshirt', 'white'), alt: 'Koszulki', href: '/products?search=koszulka' },
          { src: productImagePath('mug', 'yellow'), alt: 'Kubki', href: '/products?search=kubek' },
          { src: productImagePath('notebook', 'green'), alt: 'Notesy', href: '/products?search=notes' },
          { src: productImagePath('bag', 'navy'), alt: 'Torby', href: '/products?search=torba' },
        ],
      },
      {
        type: 'cta',
        title: 'Zakup grupowy: bluza z kapturem',
        text: 'Brakuje tylko 5 sztuk do niższej ceny. Oferta kończy się za dwa tygodnie.',
        link: { label: 'Zobacz ofertę', href: hoodieHref },
      },
    ];
  }
  const name = shop === 'acme' ? 'ACME' : 'Globex';
  return [
    {
      type: 'hero',
      title: `Welcome to the ${name} merchandise store`,
      text:
        shop === 'acme'
          ? 'Spend your points budgets on branded clothing, drinkware and office essentials.'
          : 'Branded merchandise for fairs, conferences and client visits. Prices include VAT.',
      image: heroPath(shop),
      link: { label: 'Browse products', href: '/products' },
    },
    {
      type: 'rich_text',
      html:
        shop === 'acme'
          ? '<h2>How ordering works</h2><ol><li>Pick products: each is paid from one of your budgets.</li><li>Choose courier delivery, a specific address or pickup at reception.</li><li>Enter your cost centre (MPK) and place the order.</li></ol><p>Your points and their expiry dates are under <a href="/user/budgets">Budgets</a>.</p>'
          : '<h2>Why order here</h2><ul><li>Browse and fill your cart without an account.</li><li>Lower prices for larger quantities.</li><li>Pay by invoice or online, free pickup in Kraków.</li></ul>',
    },
    { type: 'product_carousel', title: 'Bestsellers', product_ids: featured },
    { type: 'product_carousel', title: 'Drinkware', search: 'mug', limit: 8 },
    {
      type: 'image_grid',
      title: 'Shop by category',
      images: [
        { src: productImagePath('tshirt', 'navy'), alt: 'Clothing', href: '/products?search=shirt' },
        { src: productImagePath('mug', 'white'), alt: 'Drinkware', href: '/products?search=mug' },
        { src: productImagePath('notebook', 'red'), alt: 'Office', href: '/products?search=notebook' },
        { src: productImagePath('backpack', 'grey'), alt: 'Bags', href: '/products?search=bag' },
      ],
    },
    {
      type: 'cta',
      title: 'Group Buy: Team hoodie',
      text: 'Only 5 more pieces unlock the next price tier for everyone. The offer ends in two weeks.',
      link: { label: 'See the offer', href: hoodieHref },
    },
  ];
}

// ---------------------------------------------------------------------------------------------------
// Seeding

/**
 * Writes the demo data into a migrated, empty database, in one transaction. Does nothing when any
 * website already exists, so it is safe to call on every start (and from several instances at once:
 * an advisory lock makes the second one wait and then find the data).
 */
export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<void> {
  if (await hasWebsites(db)) return;
  const now = options.now ?? new Date();
  // One scrypt hash for every account: hashing is deliberately slow, and the seed runs for every test file.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    if (await hasWebsites(tx)) return;
    await writeDemo(tx, now, passwordHash);
  });
}

async function hasWebsites(db: Queryable): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM websites LIMIT 1');
  return rows.length > 0;
}

const SHOP_BY_SLUG = new Map(SHOPS.map((shop) => [shop.slug, shop]));
const USER_BY_EMAIL = new Map(USERS.map((user) => [user.email, user]));

/** Looks a key up in a map built from the database, failing loudly when the seed itself is inconsistent. */
function must<K, V>(map: Map<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Seed: missing ${what} ${String(key)}`);
  return value;
}

async function writeDemo(tx: Queryable, now: Date, passwordHash: string): Promise<void> {
  const at = (days: number) => new Date(now.getTime() + days * DAY);

  await insertRows(
    tx,
    'files',
    ['path', 'content_type', 'data'],
    shopFiles().map((file) => [file.path, file.contentType, file.data]),
  );

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

  // Accounts: one shared hash; coordinators are linked once every user has an id.
  const userRows = await insertRows<{ id: number; email: string }>(
    tx,
    'users',
    ['email', 'password_hash', 'name', 'surname', 'phone', 'job_title', 'buyer_id', 'cost_center'],
    USERS.map((user) => [user.email, passwordHash, user.name, user.surname, user.phone, user.jobTitle, user.buyerId, user.costCenter]),
    'id, email',
  );
  const userIds = new Map(userRows.map((row) => [row.email, row.id]));
  const userId = (email: string) => must(userIds, email, 'user');
  await insertRows(
    tx,
    'website_users',
    ['website_id', 'user_id', 'role', 'coordinator_id'],
    USERS.map((user) => [websiteId(user.shop), userId(user.email), user.role, user.coordinator ? userId(user.coordinator) : null]),
  );

  // Budgets of the points shop.
  const budgetRows = await insertRows<{ id: number; name: string }>(
    tx,
    'budgets',
    ['website_id', 'name', 'color'],
    BUDGETS.map((budget) => [websiteId('acme'), budget.name, budget.color]),
    'id, name',
  );
  const budgetByName = new Map(budgetRows.map((row) => [row.name, row.id]));
  const budgetIds = Object.fromEntries(BUDGETS.map((budget) => [budget.key, must(budgetByName, budget.name, 'budget')])) as Record<
    BudgetKey,
    number
  >;

  // Catalogues.
  const catalogues = new Map<DemoShop, { defs: ProductDef[]; inserted: Map<string, InsertedProduct> }>();
  for (const shop of DEMO_SHOPS) {
    const defs = demoProducts(shop, { now, budgets: shop === 'acme' ? budgetIds : null });
    catalogues.set(shop, { defs, inserted: await insertProducts(tx, websiteId(shop), defs) });
  }

  // Delivery methods, and the budgets that may pay for them in acme.
  const deliveryTypes: DeliveryType[] = ['courier', 'self_pickup', 'specific_address'];
  const methodRows = await insertRows<{ id: number; website_id: number; type: DeliveryType; name: string }>(
    tx,
    'delivery_methods',
    ['website_id', 'type', 'name', 'price', 'pickup_address', 'position'],
    SHOPS.flatMap((shop) =>
      deliveryTypes.map((type, position) => [
        websiteId(shop.slug),
        type,
        DELIVERY_NAMES[shop.lang][type],
        DELIVERY_PRICES[shop.slug][type],
        type === 'self_pickup' ? JSON.stringify(PICKUP_ADDRESSES[shop.slug]) : null,
        position,
      ]),
    ),
    'id, website_id, type, name',
  );
  const method = (shop: DemoShop, type: DeliveryType) => {
    const row = methodRows.find((candidate) => candidate.website_id === websiteId(shop) && candidate.type === type);
    if (!row) throw new Error(`Seed: missing delivery method ${shop}/${type}`);
    return row;
  };
  await insertRows(
    tx,
    'delivery_method_budgets',
    ['delivery_method_id', 'budget_id', 'price'],
    DELIVERY_BUDGETS.map((entry) => [method('acme', entry.type).id, budgetIds[entry.budget], entry.price]),
  );

  // Orders are priced first: the budget assignments they were paid from are written with matching points_spent.
  const orders = ORDERS.map((order, index) => priceOrder(order, index, must(catalogues, order.shop, 'catalogue').defs, now));
  const spentByAssignment = new Map<string, number>();
  for (const order of orders) {
    if (order.paidFrom) spentByAssignment.set(order.paidFrom, sumMoney([spentByAssignment.get(order.paidFrom) ?? 0, order.totalPoints]));
  }
  const assignmentRows = await insertRows<{ id: number; user_id: number; budget_id: number }>(
    tx,
    'user_budgets',
    ['budget_id', 'user_id', 'points', 'points_spent', 'start_date', 'expiry_date', 'is_active', 'assigned_by', 'created_at'],
    ASSIGNMENTS.map((assignment) => [
      budgetIds[assignment.budget],
      userId(assignment.email),
      assignment.points,
      spentByAssignment.get(assignmentKey(assignment.email, assignment.budget)) ?? 0,
      at(assignment.startDays),
      at(assignment.expiryDays),
      true,
      userId('coordinator@acme.test'),
      at(assignment.startDays),
    ]),
    'id, user_id, budget_id',
  );
  const assignmentId = (key: string) => {
    const [email = '', budget = 'welcome'] = key.split('/') as [string, BudgetKey];
    const row = assignmentRows.find((candidate) => candidate.user_id === userId(email) && candidate.budget_id === budgetIds[budget]);
    if (!row) throw new Error(`Seed: missing budget assignment ${key}`);
    return row.id;
  };

  await insertRows(
    tx,
    'addresses',
    ['user_id', 'website_id', 'type', 'name', 'surname', 'company', 'street', 'city', 'zip', 'country', 'nip', 'phone', 'created_at'],
    ADDRESS_BOOK.map((entry, index) => {
      const a = entry.address;
      return [userId(entry.email), websiteId(entry.shop), entry.type, a.name, a.surname, a.company, a.street, a.city, a.zip, a.country, a.nip, a.phone, at(-60 + index)];
    }),
  );

  // Pages and popups.
  const pageRows = await insertRows<{ id: number; website_id: number; slug: string }>(
    tx,
    'pages',
    ['website_id', 'name', 'slug', 'type', 'is_deletable', 'content', 'position'],
    SHOPS.flatMap((shop) => {
      const catalogue = must(catalogues, shop.slug, 'catalogue');
      const polish = shop.lang === 'pl';
      const pages: unknown[][] = [
        ['Homepage', 'homepage', 'homepage', 0, { blocks: homepageBlocks(shop.slug, catalogue.inserted, catalogue.defs) }],
        [polish ? 'Polityka prywatności' : 'Privacy policy', 'privacy-policy', 'content', 0, { html: polish ? PRIVACY_PL : PRIVACY_EN(shop.name) }],
        [polish ? 'Regulamin' : 'Terms of use', 'terms-of-use', 'content', 0, { html: polish ? TERMS_PL : TERMS_EN(shop.name) }],
        [ABOUT[shop.slug].name, 'about-us', 'content', 1, { html: ABOUT[shop.slug].html }],
        ...PSEUDO_PAGE_SLUGS.map((slug) => [PSEUDO_PAGE_NAMES[slug], slug, 'pseudo', 0, {}]),
      ];
      return pages.map(([name, slug, type, deletable, content], position) => [
        websiteId(shop.slug),
        name,
        slug,
        type,
        deletable,
        JSON.stringify(content),
        position,
      ]);
    }),
    'id, website_id, slug',
  );
  const pageId = (shop: DemoShop, slug: string) => {
    const row = pageRows.find((candidate) => candidate.website_id === websiteId(shop) && candidate.slug === slug);
    if (!row) throw new Error(`Seed: missing page ${shop}/${slug}`);
    return row.id;
  };
  await insertRows(
    tx,
    'popups',
    ['website_id', 'page_id', 'popup_data'],
    [
      [
        websiteId('acme'),
        pageId('acme', 'homepage'),
        JSON.stringify({
          title: 'Welcome to the ACME store',
          html: '<p>Your points are waiting! Check what is left in each budget under <a href="/user/budgets">Budgets</a>; the <strong>Welcome pack</strong> and <strong>Team events</strong> budgets run until next year.</p>',
        }),
      ],
      [
        websiteId('acme'),
        pageId('acme', 'cart'),
        JSON.stringify({
          title: 'Have your cost centre ready',
          html: '<p>Every ACME order needs a cost centre (MPK) code. Ask your coordinator if you do not know yours.</p>',
        }),
      ],
      [
        websiteId('globex'),
        pageId('globex', 'homepage'),
        JSON.stringify({
          title: 'Free pickup in Kraków',
          html: '<p>Collect your order from the Globex office at ul. Lubicz 17 at no extra cost: choose <strong>Self-pickup</strong> at checkout.</p>',
        }),
      ],
    ],
  );

  // Past orders, their lines and the budget movements they caused.
  const orderRows = await insertRows<{ id: number; name: string }>(
    tx,
    'orders',
    [
      'website_id',
      'user_id',
      'name',
      'status',
      'currency',
      'is_gross',
      'total_net',
      'total_gross',
      'total_points',
      'delivery_price',
      'payment_method',
      'payment_status',
      'delivery_method',
      'delivery_address',
      'billing_address',
      'contact',
      'mpk_code',
      'comment',
      'delivery_budget_id',
      'created_at',
    ],
    orders.map((order) => {
      const shop = must(SHOP_BY_SLUG, order.seed.shop, 'shop');
      const user = must(USER_BY_EMAIL, order.seed.email, 'user');
      const chosen = method(order.seed.shop, order.seed.delivery);
      return [
        websiteId(shop.slug),
        userId(user.email),
        order.name,
        order.seed.status,
        shop.currency,
        shop.isGross,
        order.totalNet,
        order.totalGross,
        order.totalPoints,
        order.deliveryPrice,
        order.seed.payment,
        order.seed.payment === 'online' ? 'paid' : 'not_required',
        JSON.stringify({ id: chosen.id, type: chosen.type, name: chosen.name, price: order.deliveryPrice }),
        snapshot(order.seed.deliveryAddress),
        snapshot(order.seed.billingAddress),
        JSON.stringify({ name: user.name, surname: user.surname, email: user.email, phone: user.phone }),
        shop.mpkRequired ? user.costCenter : null,
        order.seed.comment,
        order.deliveryFromBudget ? assignmentId(order.deliveryFromBudget) : null,
        at(-order.seed.daysAgo),
      ];
    }),
    'id, name',
  );
  const orderId = new Map(orderRows.map((row) => [row.name, row.id]));

  await insertRows(
    tx,
    'order_items',
    [
      'order_id',
      'product_id',
      'variant_id',
      'name',
      'code',
      'color_code',
      'size_code',
      'quantity',
      'unit_price',
      'vat',
      'line_net',
      'line_gross',
      'budget_id',
      'user_budget_id',
      'card_info',
    ],
    orders.flatMap((order) =>
      order.lines.map((line) => {
        const product = must(must(catalogues, order.seed.shop, 'catalogue').inserted, line.def.code, 'product');
        return [
          must(orderId, order.name, 'order'),
          product.id,
          must(product.variants, line.variantCode, 'variant'),
          line.def.name,
          line.def.code,
          line.colour,
          line.size,
          line.quantity,
          line.unit,
          line.vat,
          line.net,
          line.gross,
          line.def.budgetId,
          order.paidFrom ? assignmentId(order.paidFrom) : null,
          null,
        ];
      }),
    ),
  );

  await insertRows(
    tx,
    'budget_ledger',
    ['user_budget_id', 'order_id', 'delta', 'reason', 'created_at'],
    orders
      .filter((order) => order.paidFrom)
      .map((order) => [assignmentId(order.paidFrom ?? ''), must(orderId, order.name, 'order'), order.totalPoints, 'order', at(-order.seed.daysAgo)]),
  );
}

/**
 * Prices an order with the shop's catalogue through the order route's own pricing functions, so a
 * seeded order's totals are exactly what the server would charge for it.
 */
function priceOrder(seed: OrderSeed, index: number, defs: readonly ProductDef[], now: Date) {
  const number = ORDERS.slice(0, index + 1).filter((order) => order.shop === seed.shop).length;
  const name = `${seed.shop.toUpperCase()}-${String(number).padStart(6, '0')}`;
  const lines = seed.lines.map((line) => {
    const code = `${CODE_PREFIX[seed.shop]}-${line.key}`;
    const def = defs.find((candidate) => candidate.code === code);
    if (!def) throw new Error(`Seed: order ${name} refers to unknown product ${code}`);
    const product = {
      // Lines of one product must share an id: tiers are chosen by the product's total quantity.
      id: defs.indexOf(def) + 1,
      calculated_price: def.price,
      vat: def.vat,
      vat_included: def.vatIncluded,
      thresholds: def.thresholds.map((tier) => ({ min_quantity: tier.min, max_quantity: tier.max, price: tier.price })),
      groupbuy: null,
    };
    return { ...line, def, product, variantCode: variantCode(code, line.colour, line.size) };
  });
  const points = seed.shop === 'acme';
  const priced = priceLines(lines, points, now).map((line) => ({ ...line, unit: line.unit_price, net: line.line_net, gross: line.line_gross }));
  const paidFrom = points ? assignmentKey(seed.email, 'welcome') : null;
  const budgetDelivery = DELIVERY_BUDGETS.find((entry) => entry.type === seed.delivery && entry.budget === 'welcome');
  const deliveryPrice = points
    ? seed.deliveryFromBudget && budgetDelivery
      ? budgetDelivery.price
      : 0
    : DELIVERY_PRICES[seed.shop][seed.delivery];
  const totals = orderTotals(priced, deliveryCharge(deliveryPrice, points), points);
  return {
    seed,
    name,
    lines: priced,
    deliveryPrice,
    deliveryFromBudget: points && seed.deliveryFromBudget ? paidFrom : null,
    paidFrom,
    totalNet: totals.total_net,
    totalGross: totals.total_gross,
    totalPoints: points ? totals.total_net : 0,
  };
}
