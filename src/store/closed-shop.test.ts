import { effect } from '@preact/signals-react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '../api/cookies.ts';
import { page, websiteFixture } from '../contract/test-fixtures.ts';
import { guestView } from '../domain/closed-shop.ts';
import { login, logout, restoreSession, user } from './session.ts';
import { api } from '../api/client.ts';
import { changePreviewSession } from './designer.ts';
import { loadMemberShop, savedShop, shop, showGuestView } from './shop.ts';
import { resetPageSingletons } from '../page-singleton.ts';

/**
 * A login-required shop seen by a guest, then by its member (issue 26): the whole config is loaded
 * before the member is shown, and dropped again when the session ends.
 */
const whole = websiteFixture({
  login_required: true,
  guest_view: false,
  popups: [{ id: 1, page_id: 1, popup_data: { title: 'Welcome', html: '<p>Hi</p>' } }],
  popup_enabled: true,
});
const me = { id: 7, email: 'buyer@acme.test', name: 'Anna', surname: 'Nowak', phone: '', job_title: '', buyer_id: '', cost_center: '', role: 'buyer' as const, website_id: 1, coordinator_email: null, budgets: [] };

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers by method and path; records whether the shop config was asked for with the token. */
function stubFetch(websiteAnswer: () => Response) {
  const websiteAuth: (string | null)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://acme.localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      const key = `${method} ${url.pathname}`;
      if (key === 'GET /api/slug/website') {
        const headers = new Headers(init?.headers);
        websiteAuth.push(headers.get('authorization') ?? (headers.has('shop-preview') ? `preview ${headers.get('shop-preview')}` : null));
        return websiteAnswer();
      }
      if (key === 'POST /api/login') return json({ access_token: 'a'.repeat(43) });
      if (key === 'GET /api/user') return json(me);
      if (key === 'POST /api/logout') return json({ message: 'ok' });
      return json({ message: 'Not found', code: 'errors.not_found' }, 404);
    }),
  );
  return websiteAuth;
}

/** Every shop the store showed while a user was signed in. */
function watchSignedInShops() {
  const seen: (boolean | undefined)[] = [];
  const stop = effect(() => {
    if (user.value) seen.push(shop.value?.guest_view);
  });
  return { seen, stop };
}

beforeEach(() => {
  resetPageSingletons();
  localStorage.clear();
  document.cookie = 'Admin-Token=; Max-Age=0; Path=/';
  savedShop.value = guestView(whole);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a login-required shop around login and logout', () => {
  it('should load the whole config with the token before showing the member, and never show the member with the guest view', async () => {
    const auth = stubFetch(() => json(whole));
    const { seen, stop } = watchSignedInShops();
    await login('buyer@acme.test', 'Str0ngPass');
    stop();
    expect(auth).toEqual([`Bearer ${'a'.repeat(43)}`]);
    expect(shop.value?.pages.map((p) => p.slug)).toContain('about-us');
    expect(shop.value?.popups).toHaveLength(1);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((guest) => guest !== true)).toBe(true);
  });

  it('should do the same when a stored token is restored', async () => {
    setAuthToken('t'.repeat(43));
    stubFetch(() => json(whole));
    const { seen, stop } = watchSignedInShops();
    await restoreSession();
    stop();
    expect(user.value?.id).toBe(7);
    expect(shop.value?.guest_view).toBe(false);
    expect(seen.every((guest) => guest !== true)).toBe(true);
  });

  it('should drop the members-only content at logout, to exactly what the provider gives a guest', async () => {
    stubFetch(() => json(whole));
    await login('buyer@acme.test', 'Str0ngPass');
    await logout();
    expect(user.value).toBeNull();
    expect(savedShop.value).toEqual(guestView(whole));
    expect(shop.value?.pages.map((p) => p.slug)).toEqual(['privacy-policy', 'terms-of-use']);
    expect(shop.value?.popups).toEqual([]);
  });

  it('should keep the member signed in with the guest view when the whole config cannot be loaded', async () => {
    stubFetch(() => json({ message: 'Down' }, 500));
    await login('buyer@acme.test', 'Str0ngPass');
    expect(user.value?.id).toBe(7);
    expect(shop.value?.guest_view).toBe(true);
  });

  it('should ask nothing more in an open shop', async () => {
    savedShop.value = websiteFixture({ pages: [page({ id: 9, slug: 'about-us', name: 'About' })] });
    const auth = stubFetch(() => json(whole));
    await login('buyer@acme.test', 'Str0ngPass');
    await logout();
    expect(auth).toEqual([]);
    expect(shop.value?.pages.map((p) => p.slug)).toEqual(['about-us']);
  });
});

describe('a login-required shop in a store designer\'s preview', () => {
  afterEach(() => {
    api.configure({ previewSession: undefined });
  });

  it('should load the whole config with the preview session, and go back to the guest view when it ends', async () => {
    const asked = stubFetch(() => json(whole));
    const theShop = { loadWhole: loadMemberShop, showGuestView };
    changePreviewSession('v1.1.1900000000.sig', theShop);
    await vi.waitFor(() => expect(shop.value?.guest_view).toBe(false));
    expect(asked).toEqual(['preview v1.1.1900000000.sig']);
    expect(shop.value?.pages.map((p) => p.slug)).toContain('about-us');
    changePreviewSession(null, theShop);
    expect(shop.value?.guest_view).toBe(true);
    expect(shop.value?.popups).toEqual([]);
  });
});
