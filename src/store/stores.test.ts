import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Website } from '../contract/contract.ts';
import { websiteFixture } from '../contract/test-fixtures.ts';
import { getAuthToken, setAuthToken } from '../api/cookies.ts';
import { configurePage, configurePageFromDocument, normaliseBasePath, pageConfig } from './config.ts';
import { locale, setLocale } from './locale.ts';
import { adoptToken, isLoggedIn, login, logout, onSessionEnd, prefetchSession, restoreSession, sessionStatus, storedUserId, user } from './session.ts';
import { loadShop, markLocaleChosen, resolveShopSlug, savedShop, shop, shopStatus } from './shop.ts';
import { onStorageChange, readStored, removeStoredMatching, shopKey, storageKey, writeStored } from './storage.ts';
import { resetPageSingletons } from '../page-singleton.ts';

/** A closed points shop in Polish, with an accent colour and square buttons. */
const website: Website = websiteFixture({
  name: 'ACME Corporation',
  lang: 'pl',
  currency: 'pkt',
  payment_type: 'budget',
  paymentMethods: [{ id: 1, code: 'budget', name: 'Points budget' }],
  is_gross: false,
  login_required: true,
  registration_type: 'budget_form',
  pages: [],
  mpk_required: true,
  settings: { accent_colour: '#2563eb', font: null, favicon: null, logo: null, button_style: 'square' },
});

const me = {
  id: 7,
  email: 'buyer@acme.test',
  name: 'Anna',
  surname: 'Nowak',
  phone: '',
  job_title: '',
  buyer_id: '',
  cost_center: '',
  role: 'buyer' as const,
  website_id: 1,
  coordinator_email: null,
  budgets: [],
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A fetch stub answering by method and path. */
function stubFetch(routes: Record<string, () => Response>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://acme.localhost');
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      calls.push({ method, path: url.pathname + url.search, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
      const route = routes[`${method} ${url.pathname}`];
      return route ? route() : json({ message: 'Not found', code: 'errors.not_found' }, 404);
    }),
  );
  return calls;
}

const isNumber = (value: unknown): value is number => typeof value === 'number';

function clearCookies() {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

beforeEach(() => {
  resetPageSingletons();
  localStorage.clear();
  clearCookies();
  locale.value = 'en';
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('storage', () => {
  it('should scope keys by shop and user', () => {
    expect(storageKey('acme', null, 'cart')).toBe('shop-elements:acme:guest:cart');
    expect(storageKey('acme', 7, 'cart')).toBe('shop-elements:acme:u7:cart');
    expect(shopKey('globex', 'user-id')).toBe('shop-elements:globex:user-id');
  });

  it('should discard corrupt JSON and values of the wrong shape, removing them', () => {
    localStorage.setItem('shop-elements:acme:x', '{not json');
    expect(readStored('shop-elements:acme:x', isNumber)).toBeNull();
    expect(localStorage.getItem('shop-elements:acme:x')).toBeNull();
    writeStored('shop-elements:acme:y', { a: 1 });
    expect(readStored('shop-elements:acme:y', isNumber)).toBeNull();
    expect(localStorage.getItem('shop-elements:acme:y')).toBeNull();
  });

  it('should strip __proto__ keys from stored objects', () => {
    localStorage.setItem('shop-elements:acme:z', '{"__proto__": {"polluted": true}, "ok": 1}');
    const value = readStored('shop-elements:acme:z', (v): v is Record<string, unknown> => typeof v === 'object' && v !== null);
    expect(value).toEqual({ ok: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('should report a full quota instead of throwing', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(writeStored('shop-elements:acme:q', 1)).toBe(false);
    setItem.mockRestore();
  });

  it('should remove every shop entry whose key contains a marker, and nothing else', () => {
    writeStored(storageKey('acme', 7, 'checkout'), 1);
    writeStored(storageKey('acme', 7, 'contact'), 1);
    writeStored(storageKey('acme', 8, 'checkout'), 1);
    localStorage.setItem('other-app:u7', '1');
    removeStoredMatching(':u7:');
    expect(Object.keys(localStorage).sort()).toEqual(['other-app:u7', 'shop-elements:acme:u8:checkout']);
  });

  it('should tell listeners about changes made in another tab', () => {
    const listener = vi.fn();
    const stop = onStorageChange('k', listener);
    window.dispatchEvent(new StorageEvent('storage', { key: 'k', newValue: '2' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'other', newValue: '3' }));
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: 'k', newValue: '4' }));
    expect(listener.mock.calls).toEqual([['2']]);
  });
});

describe('page configuration', () => {
  it('should let the first element that sets a value win', () => {
    configurePage({ shop: 'acme', basePath: 'shop/' });
    configurePage({ shop: 'globex', apiBase: 'https://api.example' });
    expect(pageConfig.value).toMatchObject({ shop: 'acme', basePath: '/shop', apiBase: 'https://api.example' });
  });

  it('should read the attributes of shop elements in the document, in order, keeping values already set', () => {
    const host = document.createElement('div');
    host.innerHTML =
      '<div shop="nope"></div><shop-catalogue></shop-catalogue>' +
      '<shop-cart-button shop="globex" storefront-url="https://globex.example" api-base="https://api.example"></shop-cart-button>' +
      '<shop-product shop="initech" base-path="shop"></shop-product>';
    configurePage({ apiBase: 'https://first.example' });
    configurePageFromDocument(host);
    expect(pageConfig.value).toMatchObject({ shop: 'globex', storefrontUrl: 'https://globex.example', apiBase: 'https://first.example', basePath: '/shop' });
  });

  it('should normalise base paths', () => {
    expect(normaliseBasePath('')).toBe('');
    expect(normaliseBasePath('/')).toBe('');
    expect(normaliseBasePath('shop')).toBe('/shop');
    expect(normaliseBasePath('/shop//')).toBe('/shop');
  });
});

describe('shop store', () => {
  it('should resolve the shop from the host name unless an attribute names it', () => {
    expect(resolveShopSlug('acme.localhost:4173')).toBe('acme');
    expect(resolveShopSlug('shop.globex.com')).toBe('globex');
    configurePage({ shop: 'initech' });
    expect(resolveShopSlug('acme.localhost:4173')).toBe('initech');
  });

  it('should load the presets once, then apply the shop language and theme', async () => {
    const calls = stubFetch({ 'GET /api/slug/website': () => json(website) });
    configurePage({ shop: 'acme' });
    await Promise.all([loadShop(), loadShop()]);
    expect(calls.filter((call) => call.path.startsWith('/api/slug/website'))).toHaveLength(1);
    expect(calls[0]?.path).toBe('/api/slug/website?slug=acme');
    expect(shopStatus.value).toBe('ready');
    expect(shop.value?.name).toBe('ACME Corporation');
    expect(locale.value).toBe('pl');
    expect(shop.value?.settings.button_style).toBe('square');
  });

  it('should keep a language the user chose over the shop default', async () => {
    stubFetch({ 'GET /api/slug/website': () => json(website) });
    configurePage({ shop: 'acme' });
    locale.value = 'en';
    markLocaleChosen();
    await loadShop();
    expect(locale.value).toBe('en');
  });

  it('should open a shop in the language chosen there before a reload, and other shops in their own default', async () => {
    const globex = { ...website, id: 2, slug: 'globex', name: 'Globex', lang: 'en' as const };
    stubFetch({ 'GET /api/slug/website': () => json(website) });
    configurePage({ shop: 'acme' });
    await loadShop();
    expect(locale.value).toBe('pl');
    setLocale('en');
    await markLocaleChosen();
    expect(readStored(shopKey('acme', 'locale'), (value): value is string => typeof value === 'string')).toBe('en');
    // A reload: a fresh page that has loaded no shop and has no choice in memory.
    resetPageSingletons();
    configurePage({ shop: 'acme' });
    setLocale('pl');
    await loadShop();
    expect(locale.value).toBe('en');
    // Another shop keeps its own default (Polish here): the choice of English belongs to acme.
    resetPageSingletons();
    stubFetch({ 'GET /api/slug/website': () => json({ ...globex, lang: 'pl' }) });
    configurePage({ shop: 'globex' });
    setLocale('en');
    await loadShop();
    expect(shop.value?.slug).toBe('globex');
    expect(locale.value).toBe('pl');
  });

  it('should ignore and remove a corrupt or unsupported stored language', async () => {
    stubFetch({ 'GET /api/slug/website': () => json(website) });
    configurePage({ shop: 'acme' });
    for (const stored of ['{not json', '"de"', '42', '{"lang":"en"}']) {
      localStorage.setItem(shopKey('acme', 'locale'), stored);
      resetPageSingletons();
      configurePage({ shop: 'acme' });
      setLocale('en');
      await loadShop();
      expect(locale.value).toBe('pl');
      expect(localStorage.getItem(shopKey('acme', 'locale'))).toBeNull();
    }
  });

  it('should say not-found for an unknown shop and error for a failure, without throwing', async () => {
    stubFetch({ 'GET /api/slug/website': () => json({ message: 'Store not found', code: 'errors.store_not_found' }, 404) });
    configurePage({ shop: 'nosuch' });
    await loadShop();
    expect(shopStatus.value).toBe('not-found');
    resetPageSingletons();
    configurePage({ shop: 'nosuch' });
    stubFetch({ 'GET /api/slug/website': () => new Response('<html>oops</html>', { status: 200, headers: { 'content-type': 'text/html' } }) });
    await loadShop();
    expect(shopStatus.value).toBe('error');
  });

  it('should load the shop named on an element whose script has not run yet', async () => {
    const calls = stubFetch({ 'GET /api/slug/website': () => json(website) });
    const element = document.body.appendChild(document.createElement('shop-cart-button'));
    element.setAttribute('shop', 'acme');
    try {
      await loadShop();
    } finally {
      element.remove();
    }
    expect(calls[0]?.path).toBe('/api/slug/website?slug=acme');
    expect(shopStatus.value).toBe('ready');
  });

  it("should take the config the page's server wrote into the page, without asking the API", async () => {
    const calls = stubFetch({ 'GET /api/slug/website': () => json(website) });
    const script = document.head.appendChild(document.createElement('script'));
    script.type = 'application/json';
    script.id = 'shop-config';
    script.dataset.slug = 'acme';
    script.textContent = JSON.stringify({ ...website, name: 'ACME from the page' });
    configurePage({ shop: 'acme' });
    try {
      await loadShop();
    } finally {
      script.remove();
    }
    expect(calls).toHaveLength(0);
    expect(shopStatus.value).toBe('ready');
    expect(shop.value?.name).toBe('ACME from the page');
    expect(locale.value).toBe('pl');
  });

  it("should fetch the config when the page carries another shop's or a malformed one", async () => {
    const calls = stubFetch({ 'GET /api/slug/website': () => json(website) });
    const script = document.head.appendChild(document.createElement('script'));
    script.type = 'application/json';
    script.id = 'shop-config';
    script.dataset.slug = 'globex';
    script.textContent = JSON.stringify({ ...website, slug: 'globex' });
    configurePage({ shop: 'acme' });
    try {
      await loadShop();
      expect(calls.map((call) => call.path)).toEqual(['/api/slug/website?slug=acme']);
      resetPageSingletons();
      configurePage({ shop: 'acme' });
      script.dataset.slug = 'acme';
      script.textContent = '{"id": 1,';
      await loadShop();
    } finally {
      script.remove();
    }
    expect(calls).toHaveLength(2);
    expect(shop.value?.name).toBe('ACME Corporation');
  });

  it('should say not-found when no shop can be resolved at all', async () => {
    await loadShop();
    expect(shopStatus.value).toBe('not-found');
  });
});

describe('session store', () => {
  beforeEach(() => {
    savedShop.value = website;
  });

  it('should be a guest without a token, without calling the API', async () => {
    const calls = stubFetch({});
    await restoreSession();
    expect(sessionStatus.value).toBe('guest');
    expect(calls).toHaveLength(0);
  });

  it('should log in: store the token, load the user and remember the user id', async () => {
    const calls = stubFetch({ 'POST /api/login': () => json({ access_token: 'a'.repeat(43) }), 'GET /api/user': () => json(me) });
    await login('buyer@acme.test', 'Passw0rd!');
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/login', body: { email: 'buyer@acme.test', password: 'Passw0rd!', website_id: 1 } });
    expect(getAuthToken()).toBe('a'.repeat(43));
    expect(user.value?.email).toBe('buyer@acme.test');
    expect(isLoggedIn.value).toBe(true);
    expect(storedUserId()).toBe(7);
  });

  it('should restore a session from the token and fall back to guest when the token is refused', async () => {
    setAuthToken('t'.repeat(43));
    stubFetch({ 'GET /api/user': () => json(me) });
    await restoreSession();
    expect(sessionStatus.value).toBe('user');
    resetPageSingletons();
    setAuthToken('t'.repeat(43));
    stubFetch({ 'GET /api/user': () => json({ message: 'Please log in', code: 'errors.unauthenticated' }, 401) });
    await restoreSession();
    expect(sessionStatus.value).toBe('guest');
    expect(getAuthToken()).toBeNull();
  });

  it('should load the user beside the shop (prefetchSession) and take that answer when restoring, asking once', async () => {
    savedShop.value = null;
    setAuthToken('p'.repeat(43));
    const calls = stubFetch({ 'GET /api/user': () => json(me) });
    prefetchSession();
    prefetchSession();
    expect(calls.map((call) => call.path)).toEqual(['/api/user']);
    // The shop arrives later; only then is the user set (and their id stored for that shop).
    savedShop.value = website;
    await restoreSession();
    expect(calls).toHaveLength(1);
    expect(sessionStatus.value).toBe('user');
    expect(storedUserId()).toBe(7);
  });

  it('should not use an early answer for another token (a handoff adopted one meanwhile), nor prefetch without one', async () => {
    const calls = stubFetch({ 'GET /api/user': () => json(me) });
    prefetchSession();
    expect(calls).toHaveLength(0);
    setAuthToken('o'.repeat(43));
    prefetchSession();
    setAuthToken('n'.repeat(43));
    await restoreSession();
    expect(calls).toHaveLength(2);
    expect(sessionStatus.value).toBe('user');
  });

  it('should fall back to guest when the early request was refused', async () => {
    setAuthToken('r'.repeat(43));
    stubFetch({ 'GET /api/user': () => json({ message: 'Please log in', code: 'errors.unauthenticated' }, 401) });
    prefetchSession();
    await restoreSession();
    expect(sessionStatus.value).toBe('guest');
    expect(getAuthToken()).toBeNull();
  });

  it('should keep the token when the user cannot be loaded for another reason, so a later load restores the session', async () => {
    setAuthToken('k'.repeat(43));
    stubFetch({ 'GET /api/user': () => new Response('<html><body>502 Bad Gateway</body></html>', { status: 502, headers: { 'content-type': 'text/html' } }) });
    await restoreSession();
    expect(sessionStatus.value).toBe('guest');
    expect(user.value).toBeNull();
    expect(getAuthToken()).toBe('k'.repeat(43));
    resetPageSingletons();
    stubFetch({ 'GET /api/user': () => json(me) });
    await restoreSession();
    expect(sessionStatus.value).toBe('user');
    expect(user.value?.id).toBe(me.id);
  });

  it('should end the session cleanly when any call answers 401', async () => {
    stubFetch({ 'GET /api/user': () => json(me) });
    await adoptToken('u'.repeat(43));
    const ended = vi.fn();
    onSessionEnd(ended);
    stubFetch({ 'GET /api/user': () => json({ message: 'Please log in', code: 'errors.unauthenticated' }, 401) });
    await expect(restoreSession()).resolves.toBeUndefined();
    const { fetchUser } = await import('../api/user.ts');
    await expect(fetchUser()).rejects.toMatchObject({ status: 401 });
    expect(user.value).toBeNull();
    expect(getAuthToken()).toBeNull();
    expect(storedUserId()).toBeNull();
    expect(ended).toHaveBeenCalledWith('expired');
  });

  it('should log out locally even when the server cannot be reached', async () => {
    stubFetch({ 'GET /api/user': () => json(me) });
    await adoptToken('v'.repeat(43));
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    const ended = vi.fn();
    onSessionEnd(ended);
    await logout();
    expect(user.value).toBeNull();
    expect(getAuthToken()).toBeNull();
    expect(sessionStatus.value).toBe('guest');
    expect(ended).toHaveBeenCalledWith('logout');
  });

  it('should surface a wrong password as an API error and stay a guest', async () => {
    stubFetch({ 'POST /api/login': () => json({ message: 'Invalid login details', code: 'errors.invalid_login' }, 422) });
    await expect(login('buyer@acme.test', 'nope')).rejects.toMatchObject({ code: 'errors.invalid_login' });
    expect(isLoggedIn.value).toBe(false);
    expect(getAuthToken()).toBeNull();
  });
});
