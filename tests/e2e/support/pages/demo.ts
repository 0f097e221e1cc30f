import type { Locator, Page } from '@playwright/test';
import { languageName } from './language-name.ts';

/** The widget kit's gallery (`/demo/widgets.html`): every widget in a real shadow root, with its switches. */
export class WidgetGallery {
  readonly element: Locator;
  readonly sort: Locator;
  /** A dropdown's open list (in the top layer, so page-wide). */
  readonly listbox: Locator;
  readonly tooltip: Locator;
  readonly file: Locator;

  constructor(readonly page: Page) {
    this.element = page.locator('shop-widget-gallery');
    this.sort = this.combobox('Sort by');
    this.listbox = page.getByRole('listbox');
    this.tooltip = page.getByRole('tooltip');
    // A file input has no role.
    this.file = page.locator('input[type="file"]');
  }

  /** Opens the gallery (it starts in English). */
  async open(): Promise<void> {
    await this.page.goto('/demo/widgets.html');
  }

  /** The gallery's level-1 heading, named `name` when given ("Widget kit", "Zestaw kontrolek"). */
  heading(name?: string): Locator {
    return this.page.getByRole('heading', name === undefined ? { level: 1 } : { level: 1, name });
  }

  /** The dropdown or autocomplete labelled `name`. */
  combobox(name: string): Locator {
    return this.page.getByRole('combobox', { name });
  }

  /** The options of the open list, named `name` when given. */
  option(name?: string): Locator {
    return this.page.getByRole('option', name === undefined ? {} : { name });
  }

  /** The toast or status message holding `text`. */
  status(text: string | RegExp): Locator {
    return this.page.getByRole('status').filter({ hasText: text });
  }

  /** The alert holding `text`. */
  alert(text: string | RegExp): Locator {
    return this.page.getByRole('alert').filter({ hasText: text });
  }

  /** The gallery's switch named `name`: a language's toggle ("Polski"), a button style's radio ("Square", "Średnie"). */
  switch(name: string): Locator {
    return this.page.getByRole('radio', { name }).or(this.page.getByRole('button', { name, exact: true })).or(this.page.getByRole('button', { name: languageName(name) })).first();
  }

  /** The gallery's button named `name` ("Open drawer", "Tooltip", "Success", …). */
  button(name: string | RegExp): Locator {
    return this.page.getByRole('button', { name });
  }

  /** The open dialog or drawer named `name`. */
  dialog(name: string): Locator {
    return this.page.getByRole('dialog', { name });
  }
}

/** The demo index (`/demo/`) and its outbox (`/demo/outbox`), served by `npm start`. */
export class DemoIndex {
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
  }

  /** Opens the index. */
  async open(): Promise<void> {
    await this.page.goto('/demo/');
  }

  /** Opens the outbox of mails the demo server sent. */
  async openOutbox(): Promise<void> {
    await this.page.goto('/demo/outbox');
  }

  /** The link named `name` (a shop, "Outbox", "Store designer", …), exactly when `exact`. */
  link(name: string, exact = false): Locator {
    return this.page.getByRole('link', { name, exact });
  }

  /** The shops table's row of the shop named `name` (its host, its operator key). */
  shopRow(name: string): Locator {
    return this.page.getByRole('table').first().getByRole('row').filter({ hasText: name });
  }

  /** The demo accounts table's cell holding `email`. */
  account(email: string): Locator {
    return this.page.getByRole('cell', { name: email });
  }

  /** The outbox's mails sent to `to`. */
  mailsTo(to: string): Locator {
    return this.page.getByRole('article').filter({ hasText: to });
  }
}
