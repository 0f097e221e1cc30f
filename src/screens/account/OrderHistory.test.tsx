import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderSummary } from '../../contract/contract.ts';
import { ElementShell } from '../../app/ElementShell.tsx';
import { currentPath } from '../../kit/router.tsx';
import { setLocale } from '../../store/locale.ts';
import { sessionStatus } from '../../store/session.ts';
import { stubApi, noAnswer, type ApiCall } from '../checkout/test-helpers.tsx';
import { NET_SHOP, POINTS_SHOP, json, logInBuyer, plain } from '../product/test-fixtures.ts';
import { resetScreenPage } from '../test-page.ts';
import { OrderHistory } from './OrderHistory.tsx';
import { summary } from './orders/test-fixtures.ts';

/** The three seeded acme orders, newest first. */
const SEEDED: OrderSummary[] = [
  summary({ id: 3, name: 'ACME-000003', date: '2026-04-27T10:00:00.000Z', status: 'new', total: 25, items_count: 1 }),
  summary({ id: 2, name: 'ACME-000002', date: '2026-04-18T10:00:00.000Z', status: 'in_progress', total: 75, items_count: 1 }),
  summary({ id: 1, name: 'ACME-000001', date: '2026-04-05T10:00:00.000Z', status: 'complete', total: 100, items_count: 2 }),
];

/** Answers `GET /api/user/orders` with `orders`, `per_page` at a time as the provider pages them. */
function serveOrders(orders: readonly OrderSummary[]) {
  return ({ path, params }: ApiCall) => {
    if (path !== '/api/user/orders') return json({ message: 'Page not found', code: 'errors.not_found' }, 404);
    const page = Number(params.get('page') ?? '1');
    const perPage = Number(params.get('per_page') ?? '20');
    return json({ data: orders.slice((page - 1) * perPage, page * perPage), meta: { total: orders.length, page, per_page: perPage } });
  };
}

function renderHistory(routed = true) {
  const host = document.createElement('div');
  document.body.append(host);
  return render(
    <ElementShell host={host} root={document}>
      <OrderHistory routeId={routed ? 'user-orders' : undefined} params={{}} />
    </ElementShell>,
    { container: host },
  );
}

const row = (name: string) => {
  const link = screen.getByRole('link', { name });
  const tr = link.closest('tr');
  if (!tr) throw new Error(`no row for ${name}`);
  return within(tr);
};

/** Many orders, for paging: `count` of them named ACME-000001… newest first. */
const many = (count: number) =>
  Array.from({ length: count }, (_, index) => summary({ id: count - index, name: `ACME-${String(count - index).padStart(6, '0')}`, status: 'new' }));

beforeEach(() => {
  resetScreenPage('/user/orders', POINTS_SHOP);
  logInBuyer();
});
afterEach(() => {
  vi.unstubAllGlobals();
  setLocale('en');
  document.body.innerHTML = '';
});

describe('Order history', () => {
  it('lists the orders newest first with number, date, status label, points total and products, in English and Polish', async () => {
    const calls = stubApi(serveOrders(SEEDED));
    renderHistory();
    expect(screen.getByRole('heading', { level: 1, name: 'Order history' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'ACME-000003' });

    expect(calls[0]?.params.get('website_id')).toBe('5');
    expect(calls[0]?.params.get('page')).toBe('1');
    expect(calls[0]?.params.get('per_page')).toBe('10');
    const table = screen.getByRole('table', { name: 'Your orders, page 1 of 1' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Order number', 'Date', 'Status', 'Total', 'Number of products']);
    expect(within(table).getAllByRole('link').map((link) => link.textContent)).toEqual(['ACME-000003', 'ACME-000002', 'ACME-000001']);
    expect(screen.getByRole('link', { name: 'ACME-000002' })).toHaveAttribute('href', '/user/orders/ACME-000002');

    expect(row('ACME-000003').getByText('New')).toBeInTheDocument();
    expect(row('ACME-000002').getByText('In Progress')).toBeInTheDocument();
    expect(row('ACME-000001').getByText('Complete')).toBeInTheDocument();
    expect(plain(row('ACME-000001').getByText(/pts$/).textContent)).toBe('100 pts');
    expect(row('ACME-000001').getByText('5 Apr 2026')).toHaveAttribute('dateTime', '2026-04-05T10:00:00.000Z');
    expect(row('ACME-000001').getByText('2')).toBeInTheDocument();
    // One page only: no page navigation.
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();

    act(() => setLocale('pl'));
    expect(screen.getByRole('heading', { level: 1, name: 'Historia zamówień' })).toBeInTheDocument();
    expect(row('ACME-000003').getByText('Nowe')).toBeInTheDocument();
    expect(row('ACME-000002').getByText('W realizacji')).toBeInTheDocument();
    expect(row('ACME-000001').getByText('Zrealizowane')).toBeInTheDocument();
    expect(plain(row('ACME-000001').getByText(/pkt$/).textContent)).toBe('100 pkt');
    expect(row('ACME-000001').getByText('5 kwi 2026')).toBeInTheDocument();
  });

  it('shows money totals in the order currency', async () => {
    resetScreenPage('/user/orders', NET_SHOP);
    logInBuyer([]);
    stubApi(serveOrders([summary({ name: 'INITECH-000001', currency: 'EUR', total: 173.9, status: 'complete' })]));
    renderHistory();
    await screen.findByRole('link', { name: 'INITECH-000001' });
    expect(plain(row('INITECH-000001').getByText(/€/).textContent)).toBe('€173.90');
  });

  it('says so when there are no orders, with the way to the products', async () => {
    stubApi(serveOrders([]));
    renderHistory();
    expect(await screen.findByText("You haven't placed any orders yet.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the products' })).toHaveAttribute('href', '/products');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows loading while the first page comes', () => {
    stubApi(noAnswer);
    renderHistory();
    expect(screen.getByRole('heading', { level: 1, name: 'Order history' }).closest('section')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Loading your orders…')).toBeInTheDocument();
  });

  it('shows a failure with "Try again", which loads again', async () => {
    let fail = true;
    const calls = stubApi((call) => (fail ? json({ message: 'Something went wrong!', code: 'errors.something_went_wrong' }, 500) : serveOrders(SEEDED)(call)));
    renderHistory();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your orders could not be loaded.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('link', { name: 'ACME-000001' });
    expect(calls).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('pages through the history with Previous, Next and page numbers, keeping the page in the URL', async () => {
    const calls = stubApi(serveOrders(many(25)));
    renderHistory();
    await screen.findByRole('link', { name: 'ACME-000025' });
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Previous page' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(nav).getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', '/user/orders?page=2');

    await userEvent.click(within(nav).getByRole('link', { name: 'Next page' }));
    await screen.findByRole('link', { name: 'ACME-000015' });
    expect(currentPath.value).toBe('/user/orders?page=2');
    expect(calls.at(-1)?.params.get('page')).toBe('2');
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('table', { name: 'Your orders, page 2 of 3' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();

    await userEvent.click(screen.getByRole('link', { name: 'Page 3' }));
    await screen.findByRole('link', { name: 'ACME-000005' });
    expect(screen.getAllByRole('row')).toHaveLength(6);
    expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute('aria-disabled', 'true');

    await userEvent.click(screen.getByRole('link', { name: 'Previous page' }));
    await screen.findByRole('link', { name: 'ACME-000015' });
    expect(currentPath.value).toBe('/user/orders?page=2');
  });

  it('goes to the last page from a page past the end', async () => {
    resetScreenPage('/user/orders?page=9', POINTS_SHOP);
    logInBuyer();
    stubApi(serveOrders(many(12)));
    renderHistory();
    await screen.findByRole('link', { name: 'ACME-000002' });
    expect(currentPath.value).toBe('/user/orders?page=2');
  });

  it('pages with buttons outside the storefront', async () => {
    stubApi(serveOrders(many(12)));
    renderHistory(false);
    await screen.findByRole('link', { name: 'ACME-000012' });
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByRole('link', { name: 'ACME-000002' });
    expect(currentPath.value).toBe('/user/orders');
  });

  it('asks a guest to log in and loads nothing', () => {
    const calls = stubApi(serveOrders(SEEDED));
    sessionStatus.value = 'guest';
    renderHistory();
    expect(screen.getByText('Please log in to continue.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('keeps the account menu beside the history, Order history marked current', async () => {
    stubApi(serveOrders(SEEDED));
    renderHistory();
    await screen.findByRole('link', { name: 'ACME-000001' });
    const menu = screen.getByRole('navigation', { name: 'Account menu' });
    await waitFor(() => expect(within(menu).getByRole('link', { name: 'Order history' })).toHaveAttribute('aria-current', 'page'));
  });
});
