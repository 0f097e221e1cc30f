import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '../../contract/contract.ts';
import { ElementShell } from '../../app/ElementShell.tsx';
import { routerActive } from '../../kit/router.tsx';
import { locale } from '../../store/locale.ts';
import { savedShop } from '../../store/shop.ts';
import { storageBase } from '../../store/storage-base.ts';
import { PRODUCT_IMAGE_SIZE, ProductCard } from './ProductCard.tsx';
import { GROSS_SHOP, NET_SHOP, POINTS_SHOP, product } from './test-fixtures.ts';
import { resetPageSingletons } from '../../page-singleton.ts';

/** Intl separates amount and unit with a no-break space; tests compare with plain spaces. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

function renderCard(item: Product, priority = false) {
  render(
    <ElementShell host={null} root={document}>
      <ProductCard product={item} priority={priority} />
    </ElementShell>,
  );
  return screen.getByRole('article');
}

/** A time far ahead, so a fixture group buy is still running whenever the test runs. */
const FUTURE = '2999-01-01T00:00:00Z';

beforeEach(() => {
  resetPageSingletons();
  savedShop.value = GROSS_SHOP;
  locale.value = 'en';
  routerActive.value = true;
  storageBase.value = 'https://api.example/storage/';
});
afterEach(() => {
  routerActive.value = false;
  storageBase.value = '/storage/';
});

describe('ProductCard', () => {
  it('should show the picture (lazy, sized, named), the name linking to the product, the code and the part', () => {
    const card = renderCard(product({ id: 12, name: 'Kubek termiczny', slug: 'kubek-termiczny', code: 'MUG-12', images: ['products/mug.svg', 'products/mug-2.svg'] }));
    const image = within(card).getByRole('img', { name: 'Kubek termiczny' });
    expect(image).toHaveAttribute('src', 'https://api.example/storage/products/mug.svg');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', String(PRODUCT_IMAGE_SIZE));
    expect(image).toHaveAttribute('height', String(PRODUCT_IMAGE_SIZE));
    const link = within(card).getByRole('link', { name: 'Kubek termiczny' });
    expect(link).toHaveAttribute('href', '/products/kubek-termiczny/12');
    expect(within(card).getByRole('heading', { level: 2, name: 'Kubek termiczny' })).toContainElement(link);
    expect(card).toHaveTextContent('Product code: MUG-12');
    expect(card).toHaveAttribute('part', 'card');
  });

  it('should load the picture of a first-screen card at once and first', () => {
    const image = within(renderCard(product({ name: 'Mug' }), true)).getByRole('img', { name: 'Mug' });
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
  });

  it('should keep absolute image URLs and show a placeholder for a product without pictures', () => {
    const card = renderCard(product({ images: ['https://cdn.example/p.png'] }));
    expect(within(card).getByRole('img')).toHaveAttribute('src', 'https://cdn.example/p.png');
    document.body.innerHTML = '';
    const bare = renderCard(product({ images: [] }));
    expect(within(bare).queryByRole('img')).not.toBeInTheDocument();
    expect(bare.querySelector('.shop-product-card__placeholder')).not.toBeNull();
  });

  it('should show the gross price with its hint in a gross shop, and the net one in a net shop', () => {
    const card = renderCard(product({ calculated_price: 10, vat: 23 }));
    expect(plain(card.querySelector('.shop-product-card__price')?.textContent)).toBe('Price: PLN 12.30 gross');
    document.body.innerHTML = '';
    savedShop.value = NET_SHOP;
    const net = renderCard(product({ calculated_price: 10, vat: 23 }));
    expect(plain(net.querySelector('.shop-product-card__price')?.textContent)).toBe('Price: PLN 10.00 net');
  });

  it('should show prices in Polish: 12,30 zł brutto, and "od" for a tiered product', () => {
    locale.value = 'pl';
    const card = renderCard(product({ calculated_price: 10, vat: 23 }));
    expect(plain(card.querySelector('.shop-product-card__price')?.textContent)).toBe('Cena: 12,30 zł brutto');
    document.body.innerHTML = '';
    const tiered = renderCard(product({ thresholds: [{ min_quantity: 1, max_quantity: 9, price: 10 }, { min_quantity: 10, max_quantity: null, price: 5 }] }));
    expect(plain(tiered.querySelector('.shop-product-card__amount')?.textContent)).toBe('od 6,15 zł');
  });

  it('should show points without a net/gross hint in a points shop', () => {
    savedShop.value = POINTS_SHOP;
    const card = renderCard(product({ calculated_price: 120 }));
    expect(plain(card.querySelector('.shop-product-card__price')?.textContent)).toBe('Price: 120 pts');
    expect(card.querySelector('.shop-product-card__hint')).toBeNull();
  });

  it.each([
    ['in_stock', 'In stock', 'success'],
    ['in_delivery', 'In Delivery', 'warning'],
    ['out_of_stock', 'Out of stock', 'danger'],
  ] as const)('should label availability %s as "%s" in the %s tone', (availability, label, tone) => {
    const card = renderCard(product({ availability }));
    expect(within(card).getByText(label)).toHaveAttribute('data-tone', tone);
  });

  it('should show the budget’s name in its colour, with readable text and a spoken prefix', () => {
    const card = renderCard(product({ budget: { id: 4, name: 'Marketing', color: '#2563eb' } }));
    const badge = within(card).getByText('Marketing').closest('.shop-badge');
    expect(badge).toHaveAttribute('data-tone', 'custom');
    expect(badge).toHaveStyle({ backgroundColor: 'rgb(37, 99, 235)', color: 'rgb(255, 255, 255)' });
    expect(badge).toHaveTextContent('Budget: Marketing');
  });

  it('should fall back to the neutral tone for a budget colour that is not a colour', () => {
    const card = renderCard(product({ budget: { id: 4, name: 'Odd', color: 'url(javascript:alert(1))' } }));
    const badge = within(card).getByText('Odd').closest('.shop-badge');
    expect(badge).toHaveAttribute('data-tone', 'neutral');
    expect(badge?.getAttribute('style') ?? '').not.toContain('url');
  });

  it('should show the Group Buy badge only while a group buy runs', () => {
    const groupbuy = { isActive: true, total_quantity: 10, ends_at: FUTURE, tiers: [{ min_quantity: 1, max_quantity: null, price: 8 }] };
    const running = renderCard(product({ groupbuy }));
    expect(within(running).getByText('Group Buy')).toHaveAttribute('data-tone', 'accent');
    document.body.innerHTML = '';
    const off = renderCard(product({ groupbuy: { ...groupbuy, isActive: false } }));
    expect(within(off).queryByText('Group Buy')).not.toBeInTheDocument();
    document.body.innerHTML = '';
    const ended = renderCard(product({ groupbuy: { ...groupbuy, ends_at: '2000-01-01T00:00:00Z' } }));
    expect(within(ended).queryByText('Group Buy')).not.toBeInTheDocument();
  });

  it('should label its badges in Polish', () => {
    locale.value = 'pl';
    const card = renderCard(product({ availability: 'in_delivery', budget: { id: 1, name: 'HR', color: '#fde047' } }));
    expect(within(card).getByText('W dostawie')).toBeInTheDocument();
    expect(within(card).getByText('HR').closest('.shop-badge')).toHaveTextContent('Budżet: HR');
  });
});
