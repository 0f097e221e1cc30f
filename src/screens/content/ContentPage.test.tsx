import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../elements/page.ts';
import type { Page, Website } from '../../contract/contract.ts';
import { currentPath } from '../../kit/router.tsx';
import { sessionStatus } from '../../store/session.ts';
import { GROSS_SHOP } from '../product/test-fixtures.ts';
import { mountElement, resetScreenPage } from '../test-page.ts';
import { renderStep } from '../checkout/test-helpers.tsx';
import { ContentPage } from './ContentPage.tsx';

const page = (slug: string, name: string, html: string, overrides: Partial<Page> = {}): Page => ({ id: slug.length, name, slug, type: 'content', is_deletable: 0, content: { html }, ...overrides });

const SHOP: Website = {
  ...GROSS_SHOP,
  pages: [
    page('privacy-policy', 'Privacy policy', '<p>We keep your <strong>data</strong> safe.</p>'),
    page('about-us', 'About us', '<p>Since 1999. <a href="/products?search=mug">See our mugs</a> or <a href="https://example.com" target="_blank">our blog</a>.</p>', { is_deletable: 1 }),
    page('evil', 'Evil', '<p>Hi</p><img src=x onerror="window.__xss=1"><a href="javascript:window.__xss=1">x</a><script>window.__xss=1</script>', { is_deletable: 1 }),
  ],
};

beforeEach(() => resetScreenPage('/about-us', SHOP));
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('content page screen', () => {
  it('should show the page of its route with its name as the heading', () => {
    renderStep(<ContentPage routeId="privacy-policy" params={{}} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument();
    expect(screen.getByText('data').tagName).toBe('STRONG');
  });

  it('should route a link to a storefront path without a page load, and leave other links alone', async () => {
    renderStep(<ContentPage routeId="page" params={{ slug: 'about-us' }} />);
    await userEvent.click(screen.getByRole('link', { name: 'See our mugs' }));
    expect(currentPath.value).toBe('/products?search=mug');
    expect(screen.getByRole('link', { name: 'our blog' })).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('should render sanitised HTML: no script, handler or javascript: link', () => {
    const container = document.body;
    renderStep(<ContentPage routeId="page" params={{ slug: 'evil' }} />);
    expect(screen.getByText('Hi')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.querySelector('a[href^="javascript"]')).toBeNull();
    expect(Reflect.get(window, '__xss')).toBeUndefined();
  });

  it('should say so for an unknown slug, with the way home', () => {
    renderStep(<ContentPage routeId="page" params={{ slug: 'nope' }} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the homepage' })).toBeInTheDocument();
  });
});

describe('<shop-page slug>', () => {
  it('should show the page of its slug and follow a new slug', async () => {
    resetScreenPage('/intranet', SHOP, false);
    const { element, view } = await mountElement('<shop-page slug="privacy-policy"></shop-page>');
    expect(view.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument();
    element.setAttribute('slug', 'about-us');
    expect(await view.findByRole('heading', { level: 1, name: 'About us' })).toBeInTheDocument();
  });

  it('should ask a guest of a login-required shop to log in, except on the privacy policy and terms', async () => {
    resetScreenPage('/intranet', { ...SHOP, login_required: true }, false);
    sessionStatus.value = 'guest';
    const about = await mountElement('<shop-page slug="about-us"></shop-page>');
    expect(about.view.getByText('Please log in to continue.')).toBeInTheDocument();
    const privacy = await mountElement('<shop-page slug="privacy-policy"></shop-page>');
    expect(privacy.view.getByText('safe.', { exact: false })).toBeInTheDocument();
  });
});
