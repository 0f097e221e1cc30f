import { expect, test, type Page } from '@playwright/test';

/**
 * The element runtime on a host page the shop does not control: global CSS that tries to restyle
 * everything must not reach inside the elements, and two elements loaded from two different entry
 * files must still share one store.
 */
const HOSTILE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Intranet with hostile CSS</title>
<style>
  * { color: rgb(255, 0, 0) !important; font-family: "Comic Sans MS", cursive !important; letter-spacing: 4px !important; }
  button { display: none !important; border: 7px dashed lime !important; background: yellow !important; }
  div, span { padding: 33px !important; margin: 21px !important; }
  [role="radio"] { visibility: hidden !important; }
  .shop-root, .shop-button, .shop-select-button { display: none !important; }
</style>
<script type="module" src="/dist/language-switch.js"></script>
<script type="module" src="/dist/index.js"></script>
</head>
<body>
<main>
<h1>Company intranet</h1>
<shop-language-switch id="first"></shop-language-switch>
<p>Some intranet text.</p>
<shop-language-switch id="second" show-label></shop-language-switch>
</main>
</body>
</html>`;

async function openHostilePage(page: Page) {
  await page.route('**/intranet-hostile.html', (route) => route.fulfill({ contentType: 'text/html', body: HOSTILE_PAGE }));
  await page.goto('/intranet-hostile.html');
  await expect(page.locator('#first').getByRole('radio', { name: 'English' })).toBeVisible();
  await expect(page.locator('#second').getByRole('radio', { name: 'English' })).toBeVisible();
}

test.describe('elements on a hostile host page', () => {
  test('should keep their own styles whatever the page CSS says', async ({ page }) => {
    await openHostilePage(page);
    const radio = page.locator('#first').getByRole('radio', { name: 'English' });
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

    await page.locator('#first').getByRole('radio', { name: 'Polski' }).click();
    await expect(page.locator('#first').getByRole('radio', { name: 'Polski' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.locator('#second').getByRole('radio', { name: 'Polski' })).toHaveAttribute('aria-checked', 'true');
    // The second element's visible label is now Polish too.
    await expect(page.locator('#second').getByText('Język', { exact: true })).toBeVisible();
    expect(events).toEqual(['pl']);

    // Keyboard: arrows move the choice back to English in the second element; the first follows.
    await page.locator('#second').getByRole('radio', { name: 'Polski' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.locator('#first').getByRole('radio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
  });

  test('should follow a lang attribute set by the host page', async ({ page }) => {
    await openHostilePage(page);
    await page.locator('#first').evaluate((node) => node.setAttribute('lang', 'pl'));
    await expect(page.locator('#second').getByText('Język', { exact: true })).toBeVisible();
  });
});
