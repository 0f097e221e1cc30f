import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { WidgetGallery } from './support/pages.ts';

/**
 * The widget kit in a real browser, inside a real shadow root (/demo/widgets.html): accessibility in
 * both languages and all button styles, and the behaviours jsdom cannot show (positioning, focus,
 * top-layer dialogs, outside clicks across the shadow boundary, timers).
 */
async function openGallery(page: Page): Promise<WidgetGallery> {
  const gallery = new WidgetGallery(page);
  await gallery.open();
  await expect(gallery.heading('Widget kit')).toBeVisible();
  return gallery;
}


test.describe('widget gallery', () => {
  test('should have no accessibility violations in English and Polish, in each button style', async ({ page }) => {
    // Three axe passes over the whole gallery: beside the other specs on two cores this passed 30 s once.
    test.slow();
    const gallery = await openGallery(page);
    await expectNoAxeViolations(page, 'en, round');
    await gallery.switch('Square').click();
    await expectNoAxeViolations(page, 'en, square');
    await gallery.switch('Polski').click();
    await expect(gallery.heading('Zestaw kontrolek')).toBeVisible();
    await gallery.switch('Średnie').click();
    await expectNoAxeViolations(page, 'pl, medium');
  });

  test('should apply the three button styles as corner radii', async ({ page }) => {
    const gallery = await openGallery(page);
    const radius = () => gallery.button(/Add to cart/).evaluate((node) => getComputedStyle(node).borderTopLeftRadius);
    expect(parseFloat(await radius())).toBeGreaterThan(100);
    await gallery.switch('Medium').click();
    expect(await radius()).toBe('8px');
    await gallery.switch('Square').click();
    expect(await radius()).toBe('0px');
  });

  test('should operate the dropdown by keyboard and close it by clicking outside', async ({ page }) => {
    const gallery = await openGallery(page);
    const sort = gallery.sort;
    await sort.focus();
    await page.keyboard.press('ArrowDown');
    const list = gallery.listbox;
    await expect(list).toBeVisible();
    expect(await list.evaluate((node) => getComputedStyle(node).maxHeight)).toBe('400px');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(list).toBeHidden();
    await expect(sort).toHaveText(/Product name Z-A/);
    await sort.click();
    await expect(gallery.listbox).toBeVisible();
    await gallery.heading().click();
    await expect(gallery.listbox).toBeHidden();
  });

  test('should filter the country autocomplete ignoring case and accents, and say "No data"', async ({ page }) => {
    const gallery = await openGallery(page);
    await gallery.switch('Polski').click();
    const country = gallery.combobox('Kraj');
    await country.fill('wegry');
    await expect(gallery.option('Węgry')).toBeVisible();
    await country.fill('zzzz');
    await expect(gallery.element.getByText('Brak danych').first()).toBeVisible();
  });

  test('should show the tooltip on keyboard focus, above its trigger, and hide it on Escape', async ({ page }) => {
    const gallery = await openGallery(page);
    const trigger = gallery.button('Tooltip');
    await trigger.focus();
    const tooltip = gallery.tooltip;
    await expect(tooltip).toBeVisible();
    const [tip, button] = await Promise.all([tooltip.boundingBox(), trigger.boundingBox()]);
    expect(tip!.y + tip!.height).toBeLessThanOrEqual(button!.y);
    await page.keyboard.press('Escape');
    await expect(tooltip).toBeHidden();
  });

  test('should keep focus out of the page behind the modal drawer, close it on Escape and give focus back', async ({ page }) => {
    const gallery = await openGallery(page);
    const opener = gallery.button('Open drawer');
    await opener.click();
    const drawer = gallery.dialog('Cart');
    await expect(drawer).toBeVisible();
    // A native modal <dialog>: the page behind is inert, so Tab visits the drawer's controls and, past
    // the last one, the browser's own controls (the document's focus is then on <body>), never the page.
    const visited = new Set<string>();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      const where = await drawer.evaluate((node) => {
        let active: Element | null = document.activeElement;
        while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
        if (!active || active === document.body) return 'browser';
        return node.contains(active) ? `drawer:${active.outerHTML.slice(0, 60)}` : 'page';
      });
      expect(where).not.toBe('page');
      visited.add(where);
    }
    expect([...visited].filter((where) => where.startsWith('drawer:')).length).toBeGreaterThan(1);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(opener).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
  });

  test('should open a modal dialog whose own dropdown works above it', async ({ page }) => {
    const gallery = await openGallery(page);
    await gallery.button('Open dialog').click();
    const dialog = gallery.dialog('Cost centre');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Country' }).click();
    await gallery.option().first().click();
    await expect(dialog.getByRole('combobox', { name: 'Country' })).not.toHaveText('Select…');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('should show an alert toast to screen readers and hide it after 3 seconds', async ({ page }) => {
    const gallery = await openGallery(page);
    await gallery.button('Success').click();
    const status = gallery.status('Thank you, your message has been sent.');
    await expect(status).toBeVisible();
    await expect(status).toBeHidden({ timeout: 5000 });
  });

  test('should refuse a file with a wrong extension with the spec message', async ({ page }) => {
    const gallery = await openGallery(page);
    await gallery.element.evaluate(() => undefined);
    const input = gallery.file;
    await input.setInputFiles({ name: 'virus.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await expect(gallery.alert('Unauthorized file extension')).toBeVisible();
  });
});
