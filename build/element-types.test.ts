import { describe, expect, it } from 'vitest';
import { attributeType, elementsOf, entryTypes, eventTypes, indexTypes, jsxTypes, type ElementsManifest } from './element-types.ts';
import { commonAttributes } from './package.ts';

const manifest: ElementsManifest = {
  modules: [
    {
      path: 'elements/product.ts',
      declarations: [
        {
          name: 'ShopProductElement',
          tagName: 'shop-product',
          summary: 'One product with its variants.',
          attributes: [
            { name: 'product-id', type: { text: 'number' }, description: 'Id of the product.' },
            { name: 'lang', type: { text: 'string' }, description: 'Language.' },
          ],
          events: [{ name: 'shop-cart-change' }],
        },
      ],
    },
    { path: 'elements/define.ts', declarations: [{ name: 'createElementClass' }] },
  ],
};
const common = [{ name: 'shop', description: 'The shop.' }, { name: 'api-base', description: 'The API.' }];

describe('element typings', () => {
  it('should read the elements, their entries, attributes and events from the manifest', () => {
    expect(elementsOf(manifest)).toEqual([
      {
        tag: 'shop-product',
        className: 'ShopProductElement',
        entry: 'product',
        summary: 'One product with its variants.',
        attributes: [
          { name: 'product-id', type: 'number', description: 'Id of the product.' },
          { name: 'lang', type: 'string', description: 'Language.' },
        ],
        events: ['shop-cart-change'],
      },
    ]);
  });

  it('should type attributes as markup takes them', () => {
    expect(attributeType('lang', 'string')).toBe("'en' | 'pl'");
    expect(attributeType('product-id', 'number')).toBe('number | `${number}`');
    expect(attributeType('open', 'boolean')).toBe('boolean');
    expect(attributeType('variant', "'round' | 'square'")).toBe("'round' | 'square'");
    expect(attributeType('data', 'Record<string, unknown>')).toBe('string');
  });

  it('should declare each element, its class, its attributes and the tag map', () => {
    const text = indexTypes(elementsOf(manifest), common);
    expect(text).toContain("  'api-base'?: string;");
    expect(text).toContain('export interface ShopProductAttributes extends ShopCommonAttributes {');
    expect(text).toContain("  'product-id'?: number | `${number}`;");
    expect(text).toContain('  productId?: number;');
    expect(text).toContain('  apiBase?: string;');
    expect(text).toContain('export declare const ShopProductElement: { prototype: ShopProductElement; new (): ShopProductElement };');
    expect(text).toContain("    'shop-product': ShopProductElement;");
    expect(text).toContain('  interface HTMLElementEventMap extends ShopEventMap {}');
    // `lang` is common: not repeated among the element's own attributes.
    expect(text.match(/lang\?:/g)).toHaveLength(1);
    expect(entryTypes(elementsOf(manifest)[0]!)).toContain("export { ShopProductElement } from './index.js';");
  });

  it("should give React 19's JSX the elements with their attributes and on<event> listeners", () => {
    const text = jsxTypes(elementsOf(manifest));
    expect(text).toContain("declare module 'react' {");
    expect(text).toContain("      'shop-product': ShopJsxProps<ShopElementAttributes['shop-product']>;");
    expect(text).toContain('[K in keyof ShopEventMap as `on${K}`]?: (event: ShopEventMap[K]) => void');
  });

  it('should take the event map from src/events.ts without its run-time code', () => {
    const source = "/** x */\nexport interface ShopEventMap {\n  'shop-a': CustomEvent<{ n: number }>;\n}\n\nexport type ShopEventName = keyof ShopEventMap;\nexport type ShopEventDetail<K extends ShopEventName> = ShopEventMap[K] extends CustomEvent<infer D> ? D : never;\n\nexport const CANCELABLE = 1;\n";
    const text = eventTypes(source);
    expect(text).toContain("'shop-a': CustomEvent<{ n: number }>;");
    expect(text).toContain('export type ShopEventDetail<K extends ShopEventName>');
    expect(text).not.toContain('CANCELABLE');
    expect(() => eventTypes('export const x = 1;')).toThrow(/ShopEventMap/);
  });

  it("should describe the page configuration attributes from PageConfig's comments", () => {
    const source = 'export interface PageConfig {\n  /** The shop slug. */\n  shop: string | null;\n  /** The API. */\n  apiBase: string | null;\n}';
    const attributes = commonAttributes(source);
    expect(attributes.find((attribute) => attribute.name === 'shop')).toEqual({ name: 'shop', description: 'The shop slug.' });
    expect(attributes.find((attribute) => attribute.name === 'api-base')).toEqual({ name: 'api-base', description: 'The API.' });
    expect(attributes.map((attribute) => attribute.name)).toContain('storefront-url');
  });
});
