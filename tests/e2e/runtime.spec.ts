import { expect, test, type Page } from '@playwright/test';
import { CartButtonElement, CatalogueElement, LanguageSwitchElement } from './support/pages.ts';

/**
 * The element runtime on a host page the shop does not control: global CSS that tries to restyle
 * everything must not reach inside the elements, and two elements loaded from two different entry
 * files must still share one store.
 *
 * Sizes too (issue 16): the page below sets `font-size`, `line-height`, `letter-spacing` and
 * `box-sizing` on `*` (so also on `<html>`, which drives `rem`, and on the elements' own tags) and
 * `all: unset` on everything in the body and on the tags themselves. Inside, every size is relative
 * to the element's root (`--shop-font-size`, default 16px), so each one must match the same elements
 * on a plain page; `--shop-font-size` is the one knob that does scale them.
 */
const HOSTILE_CSS = `
  body * { all: unset !important; }
  * { color: rgb(255, 0, 0) !important; font-family: "Comic Sans MS", cursive !important; letter-spacing: 4px !important; font-size: 40px !important; line-height: 3 !important; box-sizing: content-box !important; }
  shop-language-switch, shop-cart-button, shop-catalogue { all: unset !important; font-size: 40px !important; line-height: 3 !important; letter-spacing: 4px !important; box-sizing: content-box !important; }
  button { display: none !important; border: 7px dashed lime !important; background: yellow !important; }
  div, span { padding: 33px !important; margin: 21px !important; }
  [role="radio"] { visibility: hidden !important; }
  .shop-root, .shop-button, .shop-select-button { display: none !important; }
`;

function hostPage(css: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Intranet with hostile CSS</title>
<style>${css}</style>
<script type="module" src="/dist/language-switch.js"></script>
<script type="module" src="/dist/index.js"></script>
</head>
<body>
<main>
<h1>Company intranet</h1>
<shop-language-switch id="first"></shop-language-switch>
<p>Some intranet text.</p>
<shop-language-switch id="second" show-label></shop-language-switch>
<shop-cart-button id="cart" shop="globex"></shop-cart-button>
<shop-cart-button id="cart-20" style="--shop-font-size: 20px"></shop-cart-button>
<shop-catalogue id="catalogue" per-page="4"></shop-catalogue>
</main>
</body>
</html>`;
}
const HOSTILE_PAGE = hostPage(HOSTILE_CSS);
/** The host page's elements, by their ids. */
const first = (page: Page) => new LanguageSwitchElement(page, page.locator('#first'));
const second = (page: Page) => new LanguageSwitchElement(page, page.locator('#second'));
const catalogue = (page: Page) => new CatalogueElement(page, page.locator('#catalogue'));
const catalogueTitle = (page: Page) => catalogue(page).heading('Products');
const PLAIN_PAGE = hostPage('');

async function openHostilePage(page: Page, body = HOSTILE_PAGE) {
  await page.route('**/intranet-hostile.html', (route) => route.fulfill({ contentType: 'text/html', body }));
  await page.goto('/intranet-hostile.html');
  await expect(first(page).language('English')).toBeVisible();
  await expect(second(page).language('English')).toBeVisible();
}

/** What `measure` reads: a node inside an element's shadow root, by host and selector. */
const PROBES = {
  cartRoot: ['#cart', '.shop-root'],
  cartLabel: ['#cart', '.shop-cart-button__label'],
  cartToggle: ['#cart', '.shop-cart-button__toggle'],
  scaledLabel: ['#cart-20', '.shop-cart-button__label'],
  scaledToggle: ['#cart-20', '.shop-cart-button__toggle'],
  language: ['#first', '.shop-select-button__option'],
  catalogueRoot: ['#catalogue', '.shop-root'],
  catalogueTitle: ['#catalogue', '.shop-catalogue__title'],
  catalogueCard: ['#catalogue', '.shop-product-card'],
  catalogueSearch: ['#catalogue', 'input[type="search"]'],
} as const;
interface Metrics {
  fontSize: string;
  lineHeight: string;
  letterSpacing: string;
  boxSizing: string;
  minHeight: string;
  width: number;
  height: number;
}

/** Computed sizes inside the elements' shadow roots (and the page's own), read after the catalogue loaded. */
async function measure(page: Page) {
  await expect(new CartButtonElement(page, page.locator('#cart')).button).toBeVisible();
  await expect(catalogueTitle(page)).toBeVisible();
  await expect(catalogue(page).cards.first()).toBeVisible();
  const inside = await page.evaluate((probes) => {
    const entries = Object.entries(probes).map(([name, [host, selector]]) => {
      const node = document.querySelector(host)?.shadowRoot?.querySelector(selector);
      if (!node) throw new Error(`no ${selector} in ${host}`);
      const style = getComputedStyle(node);
      const box = node.getBoundingClientRect();
      const metrics: Metrics = {
        fontSize: style.fontSize,
        lineHeight: style.lineHeight,
        letterSpacing: style.letterSpacing,
        boxSizing: style.boxSizing,
        minHeight: style.minHeight,
        width: Math.round(box.width * 10) / 10,
        height: Math.round(box.height * 10) / 10,
      };
      return [name, metrics] as const;
    });
    return Object.fromEntries(entries) as Record<keyof typeof probes, Metrics>;
  }, PROBES);
  const outside = await page.evaluate(() => {
    const host = getComputedStyle(document.querySelector('#cart') ?? document.body);
    return { htmlFontSize: getComputedStyle(document.documentElement).fontSize, cartHostDisplay: host.display, cartHostFontSize: host.fontSize };
  });
  return { inside, outside };
}

test.describe('elements on a hostile host page', () => {
  test('should keep their own styles whatever the page CSS says', async ({ page }) => {
    await openHostilePage(page);
    const radio = first(page).language('English');
    const style = await radio.evaluate((node) => {
      const computed = getComputedStyle(node);
      return {
        display: computed.display,
        visibility: computed.visibility,
        color: computed.color,
        fontFamily: computed.fontFamily,
        letterSpacing: computed.letterSpacing,
        borderStyle: computed.borderTopStyle,
      };
    });
    expect(style.display).not.toBe('none');
    expect(style.visibility).toBe('visible');
    expect(style.color).not.toBe('rgb(255, 0, 0)');
    expect(style.fontFamily).toContain('Inter');
    expect(style.fontFamily).not.toContain('Comic Sans');
    expect(style.letterSpacing).toBe('normal');
    expect(style.borderStyle).not.toBe('dashed');
    // The page's own text did get the hostile styles: the rules were live.
    expect(await page.getByRole('heading', { name: 'Company intranet' }).evaluate((node) => getComputedStyle(node).color)).toBe('rgb(255, 0, 0)');
  });

  test('should keep their own sizes, line height, letter spacing and box sizing whatever the page CSS says', async ({ page }) => {
    await openHostilePage(page, PLAIN_PAGE);
    const plain = await measure(page);
    await openHostilePage(page);
    const hostile = await measure(page);

    // The page's rules were live: the document root and the element tags took 40 px (`all: unset`
    // leaves a tag `display: inline`, as a custom element is anyway; its block root lays out inside).
    expect(plain.outside).toEqual({ htmlFontSize: '16px', cartHostDisplay: 'inline', cartHostFontSize: '16px' });
    expect(hostile.outside).toEqual({ htmlFontSize: '40px', cartHostDisplay: 'inline', cartHostFontSize: '40px' });
    // The design values: the cart label at the 16 px base, the catalogue heading at twice it.
    for (const sizes of [plain.inside, hostile.inside]) {
      expect(sizes.cartRoot).toMatchObject({ fontSize: '16px', lineHeight: '24px', letterSpacing: 'normal', boxSizing: 'border-box' });
      expect(sizes.cartLabel).toMatchObject({ fontSize: '16px', lineHeight: '24px', letterSpacing: 'normal', boxSizing: 'border-box' });
      expect(sizes.cartToggle).toMatchObject({ minHeight: '44px', height: 44, boxSizing: 'border-box' });
      expect(sizes.catalogueTitle).toMatchObject({ fontSize: '32px', lineHeight: '38.4px', letterSpacing: 'normal' });
    }
    // Every measured size and box inside is what it is on the plain page: the layout did not move.
    expect(hostile.inside).toEqual(plain.inside);
  });

  test('should scale everything inside with --shop-font-size, the one size a page may set', async ({ page }) => {
    await openHostilePage(page);
    const { inside } = await measure(page);
    // Set in the page on one cart button: 20 px, and its 44 px target grows in step (2.75 × 20).
    expect(inside.scaledLabel).toMatchObject({ fontSize: '20px', lineHeight: '30px', letterSpacing: 'normal' });
    expect(inside.scaledToggle).toMatchObject({ minHeight: '55px', height: 55 });
    expect(inside.cartLabel.fontSize).toBe('16px');

    // Set later on the catalogue: its heading follows at twice the base, and goes back when removed.
    const title = catalogueTitle(page);
    await catalogue(page).root.evaluate((node: HTMLElement) => node.style.setProperty('--shop-font-size', '20px'));
    await expect.poll(() => title.evaluate((node) => getComputedStyle(node).fontSize)).toBe('40px');
    await catalogue(page).root.evaluate((node: HTMLElement) => node.style.removeProperty('--shop-font-size'));
    await expect.poll(() => title.evaluate((node) => getComputedStyle(node).fontSize)).toBe('32px');
  });

  test('should load the Inter font files declared once on the document', async ({ page }) => {
    await openHostilePage(page);
    const faces = await page.evaluate(async () => {
      await document.fonts.ready;
      return {
        declarations: document.querySelectorAll('#shop-elements-fonts').length,
        interLoaded: document.fonts.check('16px "Inter Variable"'),
      };
    });
    expect(faces.declarations).toBe(1);
    expect(faces.interLoaded).toBe(true);
  });

  test('should share one store between two elements: switching the language in one switches both', async ({ page }) => {
    await openHostilePage(page);
    const events: string[] = [];
    await page.exposeFunction('recordLocale', (value: string) => events.push(value));
    await page.evaluate(() => document.addEventListener('shop-locale-change', (event) => (window as unknown as { recordLocale(v: string): void }).recordLocale((event as CustomEvent<{ locale: string }>).detail.locale)));

    await first(page).language('Polski').click();
    await expect(first(page).language('Polski')).toHaveAttribute('aria-pressed', 'true');
    await expect(second(page).language('Polski')).toHaveAttribute('aria-pressed', 'true');
    // The second element's visible label is now Polish too.
    await expect(second(page).root.getByText('Język', { exact: true })).toBeVisible();
    expect(events).toEqual(['pl']);

    // Keyboard: passing over a language with the keys switches nothing (WCAG 3.2.2); Enter on English
    // in the second element switches both.
    await second(page).language('Polski').focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Shift+Tab');
    await expect(second(page).language('English')).toBeFocused();
    await expect(first(page).language('Polski')).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Enter');
    await expect(first(page).language('English')).toHaveAttribute('aria-pressed', 'true');
    expect(events).toEqual(['pl', 'en']);
  });

  test('should follow a lang attribute set by the host page', async ({ page }) => {
    await openHostilePage(page);
    await first(page).root.evaluate((node) => node.setAttribute('lang', 'pl'));
    await expect(second(page).root.getByText('Język', { exact: true })).toBeVisible();
  });
});
