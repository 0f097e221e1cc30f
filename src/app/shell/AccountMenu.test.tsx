import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAuthToken, setAuthToken } from '../../api/cookies.ts';
import { alerts, clearAlerts } from '../../store/alerts.ts';
import { setLocale } from '../../store/locale.ts';
import { sessionStatus, user } from '../../store/session.ts';
import { savedShop } from '../../store/shop.ts';
import { ElementShell } from '../ElementShell.tsx';
import { currentPath, routerActive } from '../../kit/router.tsx';
import { accountMenuLinks } from '../../screens/account/account-links.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { userFixture, websiteFixture } from '../../contract/test-fixtures.ts';
import { resetPageSingletons } from '../../page-singleton.ts';

type FetchStub = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

beforeEach(() => {
  resetPageSingletons();
  clearAlerts();
  setLocale('en');
  savedShop.value = websiteFixture();
  user.value = userFixture();
  sessionStatus.value = 'user';
  routerActive.value = true;
  currentPath.value = '/';
});

afterEach(() => {
  routerActive.value = false;
  window.history.replaceState(null, '', '/');
  document.cookie = 'Admin-Token=; Max-Age=0; Path=/';
  vi.unstubAllGlobals();
});

const menuButton = () => screen.getByRole('button', { name: /^Jan Kowalski/ });
const item = (name: string) => screen.getByRole('menuitem', { name });
const itemNames = () => within(screen.getByRole('menu', { name: 'Account menu' })).getAllByRole('menuitem').map((entry) => entry.textContent);

async function openMenu() {
  const ue = userEvent.setup();
  render(<AccountMenu />);
  await ue.click(menuButton());
  return ue;
}

/** A budget assignment of the user, active unless its dates say otherwise. */
const budgetAssignment = (id: number, budget_id: number, points_left: number, dates: { start_date?: string; expiry_date?: string } = {}) => ({
  id,
  budget_id,
  name: `Budget ${budget_id}`,
  color: '#2563eb',
  points: 1000,
  points_left,
  start_date: dates.start_date ?? '2020-01-01T00:00:00.000Z',
  expiry_date: dates.expiry_date ?? '2099-01-01T00:00:00.000Z',
  is_active: true,
  status: 'active' as const,
});

describe('AccountMenu', () => {
  it('should open a menu of account links from a button showing the user name', async () => {
    await openMenu();
    const button = menuButton();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu', { name: 'Account menu' });
    expect(button).toHaveAttribute('aria-controls', menu.id);
    expect(itemNames()).toEqual(['Order history', 'Account details', 'Addresses', 'Log out']);
    expect(within(menu).getByRole('menuitem', { name: 'Order history' })).toHaveAttribute('href', '/user/orders');
    expect(within(menu).getByRole('menuitem', { name: 'Account details' })).toHaveAttribute('href', '/user/account-details');
    expect(within(menu).getByRole('menuitem', { name: 'Addresses' })).toHaveAttribute('href', '/user/addresses');
    // Opening by pointer still puts focus on the first item (menu button pattern).
    expect(within(menu).getByRole('menuitem', { name: 'Order history' })).toHaveFocus();
  });

  it('should offer Budgets only in a points (pkt) shop', async () => {
    savedShop.value = websiteFixture({ currency: 'pkt', payment_type: 'budget' });
    await openMenu();
    expect(itemNames()).toEqual(['Order history', 'Account details', 'Addresses', 'Budgets', 'Log out']);
    expect(screen.getByRole('menuitem', { name: 'Budgets' })).toHaveAttribute('href', '/user/budgets');
  });

  it('should show the points the buyer can spend now in a points shop, and nothing of points elsewhere', async () => {
    user.value = userFixture({
      budgets: [
        budgetAssignment(1, 9, 1000),
        budgetAssignment(2, 10, 300.5),
        // Expired and not yet started: nothing to spend, even though the server still says active.
        budgetAssignment(3, 11, 500, { expiry_date: '2021-01-01T00:00:00.000Z' }),
        budgetAssignment(4, 12, 700, { start_date: '2098-01-01T00:00:00.000Z' }),
      ],
    });
    render(<AccountMenu />);
    // Not a points shop: the name alone.
    expect(screen.getByRole('button', { name: 'Jan Kowalski' })).toBeInTheDocument();
    act(() => {
      savedShop.value = websiteFixture({ currency: 'pkt', payment_type: 'budget' });
    });
    const button = menuButton();
    // The figure's box is there at once (nothing moves when it fills in), the figure once its module is in.
    expect(button.querySelector('.shop-account-menu__points')).not.toBeNull();
    await waitFor(() => expect(button).toHaveAccessibleName('Jan Kowalski, Points to spend: 1,300.5\u00a0pts'));
    // Visible, not only read: the figure sits outside the visually hidden label.
    const shown = button.querySelector('.shop-account-menu__points');
    expect(shown?.lastChild?.textContent).toBe('1,300.5\u00a0pts');
    expect(shown?.lastElementChild?.className).toBe('shop-visually-hidden');
    act(() => setLocale('pl'));
    await waitFor(() => expect(menuButton()).toHaveAccessibleName('Jan Kowalski, Punkty do wydania: 1300,5\u00a0pkt'));
  });

  it('should offer the Coordinator area only to coordinators', async () => {
    user.value = userFixture({ role: 'coordinator' });
    await openMenu();
    expect(itemNames()).toEqual(['Order history', 'Account details', 'Addresses', 'Coordinator area', 'Log out']);
    expect(screen.getByRole('menuitem', { name: 'Coordinator area' })).toHaveAttribute('href', '/user/coordinator');
    expect(accountMenuLinks({ pointsShop: true, coordinator: true }).map((link) => link.to)).toEqual([
      '/user/orders',
      '/user/account-details',
      '/user/addresses',
      '/user/budgets',
      '/user/coordinator',
    ]);
  });

  it('should be operable with the keyboard: arrows move and wrap, Home/End jump, Escape closes and refocuses the button', async () => {
    const ue = userEvent.setup();
    render(<AccountMenu />);
    menuButton().focus();
    await ue.keyboard('{ArrowDown}');
    expect(item('Order history')).toHaveFocus();
    await ue.keyboard('{ArrowDown}');
    expect(item('Account details')).toHaveFocus();
    await ue.keyboard('{ArrowUp}{ArrowUp}');
    expect(item('Log out')).toHaveFocus();
    await ue.keyboard('{ArrowDown}');
    expect(item('Order history')).toHaveFocus();
    await ue.keyboard('{End}');
    expect(item('Log out')).toHaveFocus();
    await ue.keyboard('{Home}');
    expect(item('Order history')).toHaveFocus();
    await ue.keyboard('a');
    expect(item('Account details')).toHaveFocus();
    await ue.keyboard('a');
    expect(item('Addresses')).toHaveFocus();
    await ue.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(menuButton()).toHaveFocus();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    // ArrowUp opens on the last item; Enter on the button opens on the first.
    await ue.keyboard('{ArrowUp}');
    expect(item('Log out')).toHaveFocus();
    await ue.keyboard('{Escape}');
    await ue.keyboard('{Enter}');
    expect(item('Order history')).toHaveFocus();
  });

  it('should close on Tab with focus back on the button, and on a click outside', async () => {
    const ue = await openMenu();
    await ue.keyboard('{Tab}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await ue.click(menuButton());
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await ue.click(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('should navigate and close when an item is chosen (click or Space)', async () => {
    const ue = await openMenu();
    await ue.click(screen.getByRole('menuitem', { name: 'Addresses' }));
    expect(currentPath.value).toBe('/user/addresses');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await ue.click(menuButton());
    await ue.keyboard('{ArrowDown} ');
    expect(currentPath.value).toBe('/user/account-details');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('should log out: call the API, clear the user, fire shop-logout and go home in an open shop', async () => {
    setAuthToken('token-123');
    expect(getAuthToken()).toBe('token-123');
    const fetchStub = vi.fn<FetchStub>(async () => new Response(JSON.stringify({ message: 'Logged out' }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchStub);
    currentPath.value = '/user/orders';
    const host = document.createElement('div');
    document.body.append(host);
    const onLogout = vi.fn();
    host.addEventListener('shop-logout', onLogout);
    const ue = userEvent.setup();
    render(
      <ElementShell host={host} root={document}>
        <AccountMenu />
      </ElementShell>,
    );
    await ue.click(menuButton());
    await ue.click(screen.getByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(onLogout).toHaveBeenCalledTimes(1));

    expect(fetchStub).toHaveBeenCalledTimes(1);
    const [input, init] = fetchStub.mock.calls[0] ?? [];
    expect(String(input)).toMatch(/\/api\/logout$/);
    expect(init?.method?.toUpperCase()).toBe('POST');
    expect(user.value).toBeNull();
    expect(sessionStatus.value).toBe('guest');
    expect(getAuthToken()).toBeNull();
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(currentPath.value).toBe('/');
    expect(alerts.value.map((alert) => alert.content)).toEqual(['You have been logged out.']);
    expect(screen.queryByRole('button', { name: 'Jan Kowalski' })).not.toBeInTheDocument();
    host.remove();
  });

  it('should go to Login after logging out of a shop that requires login, even when the API call fails', async () => {
    savedShop.value = websiteFixture({ login_required: true });
    setAuthToken('token-123');
    vi.stubGlobal('fetch', vi.fn<FetchStub>(async () => new Response('{}', { status: 500, headers: { 'Content-Type': 'application/json' } })));
    const ue = await openMenu();
    await ue.click(screen.getByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(currentPath.value).toBe('/login'));
    expect(user.value).toBeNull();
    expect(getAuthToken()).toBeNull();
  });

  it('should label the menu in Polish', async () => {
    setLocale('pl');
    savedShop.value = websiteFixture({ currency: 'pkt' });
    await openMenu();
    const menu = screen.getByRole('menu', { name: 'Menu konta' });
    expect(within(menu).getAllByRole('menuitem').map((entry) => entry.textContent)).toEqual([
      'Historia zamówień',
      'Dane konta',
      'Adresy',
      'Budżety',
      'Wyloguj się',
    ]);
  });

  it('should render nothing without a user', () => {
    user.value = null;
    const { container } = render(<AccountMenu />);
    expect(container).toBeEmptyDOMElement();
  });

  it('should close when the page navigates elsewhere', async () => {
    await openMenu();
    act(() => {
      currentPath.value = '/products';
    });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });
});
