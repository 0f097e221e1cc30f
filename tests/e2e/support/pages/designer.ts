import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';

/**
 * The store designer demo (`/demo/designer.html`): the form beside a framed storefront it previews,
 * a preview status and a save status (two live regions).
 */
export class DesignerPage {
  readonly preview: FrameLocator;
  /** The preview status ("Designer mode on: previewing …"). */
  readonly status: Locator;
  /** The save status (draft saved, published, refused). */
  readonly saveStatus: Locator;
  readonly shop: Locator;
  readonly accent: Locator;
  readonly font: Locator;
  readonly newSection: Locator;
  readonly addSection: Locator;
  /** The sections listed in page order. */
  readonly sections: Locator;
  /** The HTML field of the last text section. */
  readonly lastHtml: Locator;
  readonly operatorKey: Locator;
  /** Which storefront page the preview shows ("/", "/products", …). */
  readonly previewPage: Locator;
  readonly saveDraft: Locator;
  readonly publish: Locator;

  constructor(readonly page: Page) {
    this.preview = page.frameLocator('#preview');
    this.status = page.locator('#status');
    this.saveStatus = page.locator('#save-status');
    this.shop = page.getByLabel('Shop', { exact: true });
    this.accent = page.getByLabel('Accent colour');
    this.font = page.getByLabel('Font');
    this.newSection = page.getByLabel('New section');
    this.addSection = page.getByRole('button', { name: 'Add section' });
    this.sections = page.getByRole('list', { name: 'Sections in page order' }).getByRole('listitem');
    this.lastHtml = page.getByLabel('HTML (sanitised by the storefront)').last();
    this.operatorKey = page.getByLabel('Shop operator key');
    this.previewPage = page.getByLabel('Preview page');
    this.saveDraft = page.getByRole('button', { name: 'Save draft' });
    this.publish = page.getByRole('button', { name: 'Publish' });
  }

  /** Opens the designer (it previews acme first). */
  async open(): Promise<void> {
    await this.page.goto('/demo/designer.html');
  }

  /** Previews shop `slug` and waits until the status names `name`. */
  async previewShop(slug: string, name: string | RegExp): Promise<void> {
    await this.shop.selectOption(slug);
    await expect(this.status).toHaveText(name);
  }

  /** The button style radio named `name` ("Round", "Medium", "Square"). */
  buttonStyle(name: string): Locator {
    return this.page.getByRole('radio', { name });
  }

  /** Adds a section of `type` ("rich_text", "cart_button", …) at the end. */
  async add(type: string): Promise<void> {
    await this.newSection.selectOption(type);
    await this.addSection.click();
  }

  /** Adds a text section holding `html`. */
  async addText(html: string): Promise<void> {
    await this.add('rich_text');
    await this.lastHtml.fill(html);
  }

  /** Moves the section labelled `name` at `position` (1-based) one place up. */
  async moveUp(name: string, position: number): Promise<void> {
    await this.page.getByRole('button', { name: `Move ${name}, section ${position} up` }).click();
  }

  /** The `<shop-storefront>` inside the preview. */
  previewStorefront(): Locator {
    return this.preview.locator('shop-storefront');
  }
}
