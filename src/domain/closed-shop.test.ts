import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { WebsiteSchema } from '../contract/contract.ts';
import { websiteFixture } from '../contract/test-fixtures.ts';
import { guestView, isGuestPage } from './closed-shop.ts';
import { matchRoute } from './routes.ts';
import { withPreview } from './preview.ts';

const closed = websiteFixture({
  login_required: true,
  popups: [{ id: 1, page_id: 1, popup_data: { title: 'Welcome', html: '<p>Hi</p>' } }],
  popup_enabled: true,
  mpk_required: true,
  livechat_enabled: true,
  livechat_script: '/storage/chat.js',
});

describe('guestView', () => {
  it('should keep a login-required shop to what the login screen and the guest pages need', () => {
    const view = guestView(closed);
    expect(view.pages.map((page) => page.slug)).toEqual(['privacy-policy', 'terms-of-use']);
    expect(view).toMatchObject({ id: closed.id, slug: closed.slug, name: closed.name, lang: closed.lang, login_required: true, registration_type: closed.registration_type, settings: closed.settings, guest_view: true });
    expect(view).toMatchObject({ popups: [], popup_enabled: false, paymentMethods: [], mpk_required: false });
    // Live chat is help for someone who cannot sign in: it stays.
    expect(view).toMatchObject({ livechat_enabled: true, livechat_script: '/storage/chat.js' });
  });

  it('should pass the contract strictly as it is (no field left to a fallback)', () => {
    const view = guestView(closed);
    expect(v.parse(WebsiteSchema, JSON.parse(JSON.stringify(view)))).toEqual(view);
  });

  it('should give an open shop whole, and a guest view back unchanged', () => {
    const open = websiteFixture({ login_required: false });
    expect(guestView(open)).toBe(open);
    expect(guestView(guestView(closed))).toEqual(guestView(closed));
  });

  it('should count only the guest-flagged content pages', () => {
    expect(isGuestPage({ slug: 'privacy-policy', type: 'content' })).toBe(true);
    expect(isGuestPage({ slug: 'terms-of-use', type: 'content' })).toBe(true);
    expect(isGuestPage({ slug: 'about-us', type: 'content' })).toBe(false);
    expect(isGuestPage({ slug: 'privacy-policy', type: 'pseudo' })).toBe(false);
  });
});

describe('routes of a guest view', () => {
  it('should take any /{slug} as a possible content page (Login first), not as unknown', () => {
    const view = guestView(closed);
    expect(matchRoute('/about-us', view.pages)).toBeNull();
    expect(matchRoute('/about-us', view.pages, { pagesWithheld: true })?.route.id).toBe('page');
    expect(matchRoute('/privacy-policy', view.pages, { pagesWithheld: true })?.route.id).toBe('privacy-policy');
    // Fixed routes still come first, and deeper unknown paths stay unknown.
    expect(matchRoute('/products', view.pages, { pagesWithheld: true })?.route.id).toBe('products');
    expect(matchRoute('/a/b', view.pages, { pagesWithheld: true })).toBeNull();
  });
});

describe('designer preview over a guest view', () => {
  it("should add the designer's homepage and pages the guest view lacks, and nothing to a whole config", () => {
    const pages = new Map([
      ['homepage', { slug: 'homepage', content: { blocks: [] } }],
      ['about-us', { slug: 'about-us', name: 'About', content: { html: '<p>About</p>' } }],
    ]);
    const previewed = withPreview(guestView(closed), {}, pages);
    expect(previewed.pages.find((page) => page.type === 'homepage')).toMatchObject({ slug: 'homepage', is_deletable: 0 });
    expect(previewed.pages.find((page) => page.slug === 'about-us')).toMatchObject({ type: 'content', is_deletable: 1, name: 'About' });
    const made = new Map([['made-up', { slug: 'made-up', content: { html: '<p>x</p>' } }]]);
    expect(withPreview(closed, {}, made).pages.map((page) => page.slug)).toEqual(closed.pages.map((page) => page.slug));
  });
});
