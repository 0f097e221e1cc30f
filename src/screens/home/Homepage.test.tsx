import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Page, PageBlock, Website } from '../../contract/contract.ts';
import { currentPath } from '../../kit/router.tsx';
import { GROSS_SHOP, json, pageOf, product } from '../catalogue/test-fixtures.ts';
import { renderStep, stubApi } from '../checkout/test-helpers.tsx';
import { resetScreenPage } from '../test-page.ts';
import { Homepage } from './Homepage.tsx';

const homepage = (blocks: PageBlock[]): Page => ({ id: 1, name: 'Home', slug: 'homepage', type: 'homepage', is_deletable: 0, content: { blocks } });
const shopWith = (blocks: PageBlock[]): Website => ({ ...GROSS_SHOP, pages: [homepage(blocks)] });

const BLOCKS: PageBlock[] = [
  { type: 'hero', title: 'Welcome to Globex', text: 'Merchandise for fairs.', image: 'shops/globex/hero.svg', link: { label: 'Browse products', href: '/products' } },
  { type: 'rich_text', html: '<h2>Why order here</h2><p>Fast.</p><img src=x onerror="window.__xss=1">' },
  { type: 'product_carousel', title: 'Bestsellers', product_ids: [3, 1, 99] },
  { type: 'product_carousel', title: 'Drinkware', search: 'mug', limit: 2 },
  { type: 'image_grid', title: 'Shop by category', images: [{ src: 'products/mug.svg', alt: 'Drinkware', href: '/products?search=mug' }, { src: 'products/bag.svg', alt: 'Bags' }] },
  { type: 'cta', title: 'Group Buy', text: 'Join in.', link: { label: 'See the offer', href: 'javascript:alert(1)' } },
];

beforeEach(() => resetScreenPage('/', shopWith(BLOCKS)));
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('Homepage', () => {
  it('should render every block in order: hero as the h1, sanitised text, both carousels, the grid and the call to action', async () => {
    const calls = stubApi(({ params }) =>
      params.get('ids') ? pageOf([product({ id: 1, name: 'Tee' }), product({ id: 3, name: 'Hoodie' })]) : pageOf([product({ id: 7, name: 'Mug' }), product({ id: 8, name: 'Cup' })]),
    );
    renderStep(<Homepage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Globex' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/products');
    expect(screen.getByRole('heading', { level: 2, name: 'Why order here' })).toBeInTheDocument();
    expect(document.querySelector('[onerror]')).toBeNull();

    // Chosen products keep the block's order; an id the shop no longer sells is left out.
    const bestsellers = await screen.findByRole('region', { name: 'Bestsellers' });
    expect(await within(bestsellers).findAllByRole('heading', { level: 3 })).toHaveLength(2);
    expect(within(bestsellers).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Hoodie', 'Tee']);
    expect(calls.find((call) => call.params.get('ids'))?.params.get('ids')).toBe('3,1,99');
    const drinkware = await screen.findByRole('region', { name: 'Drinkware' });
    expect(await within(drinkware).findByRole('heading', { level: 3, name: 'Mug' })).toBeInTheDocument();
    const search = calls.find((call) => call.params.get('search'));
    expect(search?.params.get('search')).toBe('mug');
    expect(search?.params.get('per_page')).toBe('2');
    expect(within(drinkware).getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/products?search=mug');

    const grid = screen.getByRole('region', { name: 'Shop by category' });
    expect(within(grid).getByRole('link', { name: 'Drinkware' })).toHaveAttribute('href', '/products?search=mug');
    expect(within(grid).getByText('Bags')).toBeInTheDocument();
    // A link that is not a storefront path or http(s) is shown as text only.
    expect(screen.queryByRole('link', { name: 'See the offer' })).toBeNull();
    expect(screen.getByText('See the offer')).toBeInTheDocument();
  });

  it('should route a storefront link in the content and hide a carousel whose products cannot load', async () => {
    stubApi(() => json({ message: 'Something went wrong!', code: 'errors.something_went_wrong' }, 500));
    renderStep(<Homepage />);
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Bestsellers' })).toBeNull());
    await userEvent.click(screen.getByRole('link', { name: 'Drinkware' }));
    expect(currentPath.value).toBe('/products?search=mug');
  });

  it('should name the shop in the h1 when the page does not start with a hero, and offer the products without a homepage', () => {
    resetScreenPage('/', shopWith([{ type: 'rich_text', html: '<p>Hello</p>' }]));
    stubApi(() => pageOf([]));
    renderStep(<Homepage />);
    expect(screen.getByRole('heading', { level: 1, name: GROSS_SHOP.name })).toHaveClass('shop-visually-hidden');
    document.body.innerHTML = '';
    resetScreenPage('/', { ...GROSS_SHOP, pages: [] });
    renderStep(<Homepage />);
    expect(screen.getByRole('heading', { level: 1, name: GROSS_SHOP.name })).not.toHaveClass('shop-visually-hidden');
    expect(screen.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/products');
  });

  it("should place the shop's elements a page names: a catalogue with its search and a cart button", async () => {
    resetScreenPage('/', shopWith([{ type: 'hero', title: 'Composed', image: 'x.svg' }, { type: 'catalogue', search: 'mug', per_page: 2 }, { type: 'cart_button' }]));
    const calls = stubApi(() => pageOf([product({ id: 7, name: 'Mug' }), product({ id: 8, name: 'Cup' })], { per_page: 2 }));
    renderStep(<Homepage />);
    expect(await screen.findByRole('heading', { level: 3, name: 'Mug' }, { timeout: 5000 })).toBeInTheDocument();
    const list = calls.find((call) => call.path === '/api/products');
    expect(list?.params.get('search')).toBe('mug');
    expect(list?.params.get('per_page')).toBe('2');
    expect(await screen.findByRole('button', { name: 'Cart (0)' }, { timeout: 5000 })).toBeInTheDocument();
  });
});
