import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClientError, errorMessage } from '../api/errors.ts';
import { GROSS_SHOP, deferred, json, product, serve, settle, stubProducts } from '../screens/product/test-fixtures.ts';
import { locale } from './locale.ts';
import {
  cancelProductLoad,
  currentProduct,
  loadProduct,
  productError,
  productRequestedId,
  productStatus,
  toProductId,
} from './product.ts';
import { savedShop } from './shop.ts';
import { resetPageSingletons } from '../page-singleton.ts';
import { adoptFirstScreenAnswers } from './first-screen.ts';

beforeEach(() => {
  resetPageSingletons();
  savedShop.value = GROSS_SHOP;
  locale.value = 'en';
});

afterEach(() => {
  resetPageSingletons();
  vi.unstubAllGlobals();
});

describe('product store: loading one product', () => {
  it('should load the product with GET /api/products/{id}?website_id= and become ready', async () => {
    const mug = product({ id: 7, name: 'Mug' });
    const calls = stubProducts(serve(mug));
    expect(productStatus.value).toBe('idle');
    const done = loadProduct(7);
    expect(productStatus.value).toBe('loading');
    expect(productRequestedId.value).toBe(7);
    await done;
    expect(calls).toHaveLength(1);
    expect(calls[0]?.path).toBe('/api/products/7');
    expect(Object.fromEntries(calls[0]?.params ?? [])).toEqual({ website_id: '3' });
    expect(productStatus.value).toBe('ready');
    expect(currentProduct.value).toEqual(mug);
    expect(productError.value).toBeNull();
  });

  it('should say not-found for a 404 errors.not_found, and for an id that cannot be one without a request', async () => {
    const calls = stubProducts(serve());
    await loadProduct(99);
    expect(productStatus.value).toBe('not-found');
    expect(currentProduct.value).toBeNull();
    expect(productError.value).toBeNull();
    await loadProduct(null);
    expect(productStatus.value).toBe('not-found');
    await loadProduct(-3);
    expect(calls).toHaveLength(1);
  });

  it('should keep other failures as an error with its message', async () => {
    stubProducts(() => json({ message: 'Boom', code: 'errors.something_went_wrong' }, 500));
    await loadProduct(1);
    expect(productStatus.value).toBe('error');
    expect(productError.value).toBeInstanceOf(ApiClientError);
    expect(errorMessage(productError.value)).toBe('Something went wrong!');
  });

  it('should do nothing without a shop', async () => {
    const calls = stubProducts(serve(product()));
    savedShop.value = null;
    await loadProduct(1);
    expect(calls).toHaveLength(0);
    expect(productStatus.value).toBe('idle');
  });
});

describe('product store: the first screen', () => {
  it('should show the product the server rendered at once, never as loading, and ask the API for another', async () => {
    const mug = product({ id: 7, name: 'Mug' });
    const calls = stubProducts(serve(product({ id: 8, name: 'Pen' })));
    adoptFirstScreenAnswers({ 'product:7': mug });
    const seen: string[] = [];
    const stop = productStatus.subscribe((status) => seen.push(status));
    const done = loadProduct(7);
    expect(productStatus.value).toBe('ready');
    expect(currentProduct.value).toBe(mug);
    await done;
    await loadProduct(8);
    stop();
    expect(seen).toEqual(['idle', 'ready', 'loading', 'ready']);
    expect(calls.map((call) => call.path)).toEqual(['/api/products/8']);
  });
});

describe('product store: stale loads', () => {
  it('should abort the previous request and never show its late answer', async () => {
    const slow = deferred();
    const first = product({ id: 1, name: 'First' });
    const second = product({ id: 2, name: 'Second' });
    const calls = stubProducts((call) => (call.path.endsWith('/1') ? slow.answer(call) : serve(second)(call)));
    const pending = loadProduct(1);
    await settle();
    await loadProduct(2);
    expect(calls[0]?.signal?.aborted).toBe(true);
    slow.resolve(json(first));
    await pending;
    expect(currentProduct.value?.name).toBe('Second');
    expect(productStatus.value).toBe('ready');
    expect(productRequestedId.value).toBe(2);
  });

  it('should clear another product at once but keep the same product while it is reloaded', async () => {
    const later = deferred();
    stubProducts(serve(product({ id: 1 }), product({ id: 2 })));
    await loadProduct(1);
    stubProducts(later.answer);
    const reload = loadProduct(1);
    expect(productStatus.value).toBe('loading');
    expect(currentProduct.value?.id).toBe(1);
    later.resolve(json(product({ id: 1, name: 'Renamed' })));
    await reload;
    expect(currentProduct.value?.name).toBe('Renamed');
    stubProducts(deferred().answer);
    void loadProduct(2);
    expect(currentProduct.value).toBeNull();
  });

  it('should leave the state alone when a load is cancelled', async () => {
    const slow = deferred();
    const calls = stubProducts(slow.answer);
    const pending = loadProduct(5);
    await settle();
    cancelProductLoad();
    await pending;
    expect(calls[0]?.signal?.aborted).toBe(true);
    expect(productStatus.value).toBe('loading');
    expect(productError.value).toBeNull();
  });
});

describe('toProductId', () => {
  it('should accept positive whole numbers as numbers or digits only', () => {
    expect(toProductId('12')).toBe(12);
    expect(toProductId(' 12 ')).toBe(12);
    expect(toProductId(12)).toBe(12);
    expect(toProductId('0')).toBeNull();
    expect(toProductId('12a')).toBeNull();
    expect(toProductId('1.5')).toBeNull();
    expect(toProductId(undefined)).toBeNull();
    expect(toProductId(Number.NaN)).toBeNull();
  });
});
