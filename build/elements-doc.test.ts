import { describe, expect, it } from 'vitest';
import { elementsReference, exampleValue, type ReferenceManifest } from './elements-doc.ts';

const manifest: ReferenceManifest = {
  modules: [
    {
      path: 'elements/product.ts',
      declarations: [
        {
          name: 'ShopProductElement',
          tagName: 'shop-product',
          summary: 'Product page with add to cart.',
          description: 'One product on any page.',
          attributes: [
            { name: 'product-id', type: { text: 'number' }, description: 'Id of the product to show, e.g. `12`.' },
            { name: 'lang', type: { text: 'string' }, description: 'Language.' },
          ],
          events: [{ name: 'shop-error', type: { text: "CustomEvent<{kind: 'load' | 'render'}>" }, description: 'Part of it failed.' }],
          cssParts: [{ name: 'base', description: 'The themed root.' }],
          cssProperties: [{ name: '--shop-accent', description: 'Accent | colour.' }],
        },
      ],
    },
    { path: 'elements/cart.ts', declarations: [{ name: 'ShopCartElement', tagName: 'shop-cart', summary: 'The cart.' }, { name: 'helper' }] },
  ],
};

describe('the element reference', () => {
  const text = elementsReference(manifest, [
    { name: 'lang', description: 'Language to start in.' },
    { name: 'api-base', description: 'The API.' },
  ]);

  it('lists the shared attributes once, with their properties, and the elements by tag', () => {
    expect(text).toContain('| `api-base` | `apiBase` | The API. |');
    expect(text.indexOf('[`<shop-cart>`](#shop-cart)')).toBeLessThan(text.indexOf('[`<shop-product>`](#shop-product)'));
    expect(text).not.toContain('helper');
  });

  it("gives each element its entry, own attributes, events' details, parts, CSS properties and an example", () => {
    expect(text).toContain("Entry: `storefront-elements/product` (standalone: `dist/product.js`); class `ShopProductElement`.");
    expect(text).toContain('| `product-id` | `productId` | `number` | Id of the product to show, e.g. `12`. |');
    expect(text).not.toMatch(/\| `lang` \| `lang` \| `string`/);
    expect(text).toContain("| `shop-error` | `{kind: 'load' \\| 'render'}` | Part of it failed. |");
    expect(text).toContain('| `base` | The themed root. |');
    expect(text).toContain('| `--shop-accent` | Accent \\| colour. |');
    expect(text).toContain('<shop-product shop="acme" api-base="https://shop.example" product-id="12"></shop-product>');
    expect(text).toContain('**Attributes**: only those [every element takes]');
  });

  it('takes an example value from a description', () => {
    expect(exampleValue('The page, e.g. `about-us` or `terms`.')).toBe('about-us');
    expect(exampleValue('Products per page (default 24).')).toBeUndefined();
  });
});
