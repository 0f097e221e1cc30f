import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Popup, Website } from '../../contract/contract.ts';
import type { RouteId } from '../../domain/routes.ts';
import { resetScreenPage } from '../../screens/test-page.ts';
import { awaitingDesigner, designerMode } from '../../store/designer-preview.ts';
import { locale } from '../../store/locale.ts';
import { closedPopupIds } from '../../store/popups.ts';
import { ElementShell } from '../ElementShell.tsx';
import { currentPath } from '../../kit/router.tsx';
import { page, websiteFixture } from '../../contract/test-fixtures.ts';
import { PopupHost } from './PopupHost.tsx';
import { POPUP_QUIET_MS } from './popup-turn.ts';

const popup = (id: number, pageId: number, title: string, html: string): Popup => ({ id, page_id: pageId, popup_data: { title, html } });

const SHOP: Website = websiteFixture({
  pages: [
    page({ id: 1, slug: 'homepage', name: 'Homepage', type: 'homepage', is_deletable: 0, content: { blocks: [] } }),
    page({ id: 4, slug: 'about-us', name: 'About us' }),
    page({ id: 7, slug: 'cart', name: 'Cart', type: 'pseudo', is_deletable: 0 }),
  ],
  popup_enabled: true,
  popups: [
    popup(11, 1, 'Welcome to the store', '<p>See your <a href="/user/budgets">budgets</a>.</p><img src=x onerror="window.__popupXss=1"><script>window.__popupXss=1</script>'),
    popup(12, 1, 'Free pickup', '<p>Pick up in Kraków.</p>'),
    popup(13, 7, '  ', '<p>Have your cost centre ready.</p>'),
  ],
});

/**
 * Renders the host for a screen after a focused button, as the storefront does after its screen (with
 * its heading and a search field), then lets the page be quiet long enough for a due popup.
 */
async function renderHost(routeId: RouteId, path: string, { quiet = true } = {}): Promise<HTMLElement> {
  const host = document.createElement('div');
  document.body.append(host);
  render(
    <ElementShell host={host} root={document}>
      <h1 tabIndex={-1} data-screen-heading="">
        Screen
      </h1>
      <input aria-label="Search" />
      <button type="button">On the screen</button>
      <PopupHost routeId={routeId} path={path} />
    </ElementShell>,
    { container: host },
  );
  const button = screen.getByRole('button', { name: 'On the screen' });
  button.focus();
  if (quiet) await passQuietTime();
  return button;
}

/** The page goes quiet for the time a due popup waits, once its lazily loaded dialog has arrived. */
async function passQuietTime(): Promise<void> {
  await settle();
  await act(async () => {
    vi.advanceTimersByTime(POPUP_QUIET_MS);
  });
}

/** The popup's own Close button in its footer (the dialog's header has an icon button named Close too). */
const footerClose = (dialog: HTMLElement, name = 'Close') => within(dialog.querySelector<HTMLElement>('[part="footer"]') as HTMLElement).getByRole('button', { name });

/** Lets a lazily loaded dialog arrive, if one were due. */
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 20)));

// The dialog's code, loaded once: the host's lazy import then arrives within a settle.
beforeAll(async () => {
  await import('./PopupDialog.tsx');
});

beforeEach(() => {
  // Timers run with the clock, and a test can move them on by the popups' quiet time.
  vi.useFakeTimers({ shouldAdvanceTime: true });
  sessionStorage.clear();
  resetScreenPage('/', SHOP);
});
afterEach(() => {
  vi.useRealTimers();
  designerMode.value = false;
  awaitingDesigner.value = false;
  document.body.innerHTML = '';
});

describe('PopupHost', () => {
  it("should show the page's popup as a modal dialog named by its title, with its sanitised HTML", async () => {
    await renderHost('home', '/');
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to the store' });
    expect(dialog).toHaveAttribute('open');
    expect(within(dialog).getByRole('heading', { name: 'Welcome to the store' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'budgets' })).toHaveAttribute('href', '/user/budgets');
    expect(dialog.querySelector('script, [onerror]')).toBeNull();
    expect(Reflect.get(window, '__popupXss')).toBeUndefined();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('should close on Close for the session and then show the next popup of the page', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await renderHost('home', '/');
    await user.click(footerClose(await screen.findByRole('dialog', { name: 'Welcome to the store' })));
    await passQuietTime();
    const next = await screen.findByRole('dialog', { name: 'Free pickup' });
    expect(closedPopupIds.value.has(11)).toBe(true);
    expect(JSON.parse(sessionStorage.getItem('shop-elements:acme:closed-popups') ?? '[]')).toEqual([11]);
    await user.click(footerClose(next));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect([...closedPopupIds.value]).toEqual([11, 12]);
  });

  it('should count Escape as closing', async () => {
    await renderHost('home', '/');
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to the store' });
    // What a browser does on Escape in a modal dialog: a cancelable `cancel` event on the dialog.
    act(() => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(closedPopupIds.value.has(11)).toBe(true);
    // The next popup waits its own quiet time.
    await passQuietTime();
    expect(await screen.findByRole('dialog', { name: 'Free pickup' })).toBeInTheDocument();
  });

  it('should follow a storefront link inside without a page load, and close the popup', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await renderHost('home', '/');
    await user.click(within(await screen.findByRole('dialog', { name: 'Welcome to the store' })).getByRole('link', { name: 'budgets' }));
    expect(currentPath.value).toBe('/user/budgets');
    expect(closedPopupIds.value.has(11)).toBe(true);
  });

  it('should show a pseudo-page popup on its screen, named generically when its title is empty, in the language of the page', async () => {
    locale.value = 'pl';
    await renderHost('cart', '/cart');
    const dialog = await screen.findByRole('dialog', { name: 'Komunikat' });
    expect(dialog).toHaveTextContent('Have your cost centre ready.');
    expect(footerClose(dialog, 'Zamknij')).toBeVisible();
  });

  it('should render nothing, and leave focus where it is, on a screen without popups', async () => {
    const focused = await renderHost('page', '/about-us');
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(focused).toHaveFocus();
  });

  it('should show none to a guest of a login-required shop', async () => {
    resetScreenPage('/', { ...SHOP, login_required: true });
    await renderHost('home', '/');
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('should hold popups while a framed page waits for its designer', async () => {
    awaitingDesigner.value = true;
    await renderHost('home', '/');
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => {
      awaitingDesigner.value = false;
    });
    await passQuietTime();
    expect(await screen.findByRole('dialog', { name: 'Welcome to the store' })).toBeInTheDocument();
  });

  it('should show none in the store designer, and the popup once the designer leaves', async () => {
    designerMode.value = true;
    await renderHost('home', '/');
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => {
      designerMode.value = false;
    });
    await passQuietTime();
    expect(await screen.findByRole('dialog', { name: 'Welcome to the store' })).toBeInTheDocument();
  });

  it('should wait while the person types in a field, and open once they left it and the page was quiet', async () => {
    await renderHost('home', '/', { quiet: false });
    const search = screen.getByRole('textbox', { name: 'Search' });
    act(() => search.focus());
    await passQuietTime();
    await passQuietTime();
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(search).toHaveFocus();
    act(() => screen.getByRole('button', { name: 'On the screen' }).focus());
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await passQuietTime();
    expect(await screen.findByRole('dialog', { name: 'Welcome to the store' })).toBeInTheDocument();
  });

  it('should wait while a menu is open, and each key starts the quiet time again', async () => {
    await renderHost('home', '/', { quiet: false });
    const button = screen.getByRole('button', { name: 'On the screen' });
    act(() => button.setAttribute('aria-expanded', 'true'));
    await passQuietTime();
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => button.setAttribute('aria-expanded', 'false'));
    await act(async () => {
      vi.advanceTimersByTime(POPUP_QUIET_MS - 200);
    });
    // A key half way through: the popup waits a whole quiet time more.
    await act(async () => {
      button.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
      vi.advanceTimersByTime(POPUP_QUIET_MS - 200);
    });
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await passQuietTime();
    expect(await screen.findByRole('dialog', { name: 'Welcome to the store' })).toBeInTheDocument();
  });

  it('should give focus to the screen heading when closed, if it opened with nothing focused', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await renderHost('home', '/', { quiet: false });
    act(() => (document.activeElement as HTMLElement).blur());
    await passQuietTime();
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to the store' });
    await user.click(footerClose(dialog));
    expect(screen.getByRole('heading', { name: 'Screen' })).toHaveFocus();
  });
});
