import { describe, expect, it } from 'vitest';
import { resetPageSingletons } from '../page-singleton.ts';
import { adoptFirstScreenAnswers, collectFirstScreenLoads, dropFirstScreenAnswers, firstScreenAnswer, keepFirstScreenAnswers, firstScreenAnswers, runFirstScreenLoads, takeFirstScreenAnswer } from './first-screen.ts';

describe('first-screen answers', () => {
  it("should record the loads of the server's first pass, run them, and answer the second pass with their data", async () => {
    resetPageSingletons();
    collectFirstScreenLoads();
    expect(takeFirstScreenAnswer('product-row', '[1]', async () => ['mug'])).toBeNull();
    expect(takeFirstScreenAnswer('product-row', '[2]', async () => Promise.reject(new Error('down')))).toBeNull();
    await runFirstScreenLoads();
    // The page carries what the loads answered; a load that failed is left to the browser.
    expect(firstScreenAnswers()).toEqual({ 'product-row:[1]': ['mug'] });
    expect(takeFirstScreenAnswer('product-row', '[1]', async () => ['other'])).toEqual({ data: ['mug'] });
    expect(takeFirstScreenAnswer('product-row', '[2]', async () => [])).toBeNull();
  });

  it('should not record loads outside a first pass, and give an adopted answer until the answers are dropped', async () => {
    resetPageSingletons();
    let asked = 0;
    expect(takeFirstScreenAnswer('product-row', '[1]', async () => asked++)).toBeNull();
    await runFirstScreenLoads();
    expect(asked).toBe(0);
    adoptFirstScreenAnswers({ 'product-row:[1]': ['mug'] });
    // Another kind of load with the same key is another answer.
    expect(takeFirstScreenAnswer('budgets', '[1]', async () => [])).toBeNull();
    expect(takeFirstScreenAnswer('product-row', '[1]', async () => [])).toEqual({ data: ['mug'] });
    expect(takeFirstScreenAnswer('product-row', '[1]', async () => [])).toEqual({ data: ['mug'] });
    dropFirstScreenAnswers();
    expect(takeFirstScreenAnswer('product-row', '[1]', async () => [])).toBeNull();
  });

  it("should keep a store's answers for the page on the server only, and answer the browser's loads with the same object", async () => {
    resetPageSingletons();
    const page = { data: ['mug'] };
    let asked = 0;
    const load = async () => {
      asked++;
      return page;
    };
    // Not kept unless the renderer asks: the browser's later loads are not written down.
    await firstScreenAnswer('catalogue', '/products', load);
    expect(firstScreenAnswers()).toEqual({});
    keepFirstScreenAnswers();
    await firstScreenAnswer('catalogue', '/products', load);
    expect(firstScreenAnswers()).toEqual({ 'catalogue:/products': page });
    expect(asked).toBe(2);

    resetPageSingletons();
    adoptFirstScreenAnswers({ 'catalogue:/products': page });
    expect(await firstScreenAnswer('catalogue', '/products', load)).toBe(page);
    expect(await firstScreenAnswer('catalogue', '/products', load)).toBe(page);
    expect(asked).toBe(2);
    dropFirstScreenAnswers();
    await firstScreenAnswer('catalogue', '/products', load);
    expect(asked).toBe(3);
  });
});
