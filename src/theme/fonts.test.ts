import { act, render, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ElementShell } from '../app/ElementShell.tsx';
import { websiteFixture } from '../contract/test-fixtures.ts';
import { savedShop } from '../store/shop.ts';
import { ensureDocumentFonts, fontFaceCss } from './fonts.ts';

/** A shop whose settings name `font`. */
const shopWithFont = (font: string) => websiteFixture({ settings: { ...websiteFixture().settings, font } });
import { ensureShopFont, shopFontFaceCss } from './shop-fonts.ts';

const shopFontStyle = () => document.getElementById('shop-elements-shop-font');

afterEach(() => {
  shopFontStyle()?.remove();
  savedShop.value = null;
  document.body.innerHTML = '';
});

describe('shop fonts', () => {
  it('should declare the faces of Lora, as woff2 files under the family name the theme uses', () => {
    const css = shopFontFaceCss('Lora');
    expect(css.match(/@font-face/g)).toHaveLength(2);
    expect(css).toContain("font-family:'Lora'");
    expect(css).toMatch(/src:url\("[^"]*lora-latin-wght-normal[^"]*\.woff2"\) format\('woff2-variations'\)/);
    expect(css).toMatch(/lora-latin-ext-wght-normal[^"]*\.woff2/);
    expect(css).toContain('font-weight:400 700');
    // CSS family names are case-insensitive: the faces follow the name as the theme writes it.
    expect(shopFontFaceCss(' lora ')).toBe(css.replaceAll("'Lora'", "'lora'"));
  });

  it('should declare nothing for Inter (always there), system fonts and unknown names', () => {
    for (const font of ['Inter', 'Georgia', 'Verdana', 'system-ui', 'Comic Sans', '', null, undefined]) {
      expect(shopFontFaceCss(font)).toBe('');
    }
    ensureShopFont('Comic Sans');
    expect(shopFontStyle()).toBeNull();
  });

  it('should put the shop font on the document once, replace it and remove it when the font has nothing to load', () => {
    ensureShopFont('Lora');
    ensureShopFont('Lora');
    expect(document.querySelectorAll('#shop-elements-shop-font')).toHaveLength(1);
    expect(shopFontStyle()?.textContent).toContain("font-family:'Lora'");
    ensureShopFont('Georgia');
    expect(shopFontStyle()).toBeNull();
  });

  it("should keep the faces a server-rendered page declared for the same font, and replace them for another", () => {
    const style = document.createElement('style');
    style.id = 'shop-elements-shop-font';
    style.dataset.font = 'Lora';
    style.textContent = "@font-face{font-family:'Lora';src:url(\"/dist/assets/lora-latin-L2.woff2\")}";
    document.head.append(style);
    ensureShopFont('Lora');
    expect(shopFontStyle()).toBe(style);
    expect(style.textContent).toContain('/dist/assets/lora-latin-L2.woff2');
    ensureShopFont('lora');
    expect(style.textContent).toContain("font-family:'lora'");
    expect(style.dataset.font).toBe('lora');
  });

  it('should be declared by any element for the shop font of its settings, and follow a change', async () => {
    ensureDocumentFonts();
    expect(document.getElementById('shop-elements-fonts')?.textContent).toBe(fontFaceCss());
    savedShop.value = shopWithFont('Lora');
    const host = document.createElement('div');
    document.body.append(host);
    render(createElement(ElementShell, { host, root: document }), { container: host });
    await waitFor(() => expect(shopFontStyle()?.textContent).toContain("font-family:'Lora'"));
    act(() => {
      savedShop.value = shopWithFont('Inter');
    });
    await waitFor(() => expect(shopFontStyle()).toBeNull());
  });
});
