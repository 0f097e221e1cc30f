import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addToCart } from '../../store/cart.ts';
import { user } from '../../store/session.ts';
import { locale } from '../../store/locale.ts';
import { POINTS_SHOP, assignment, buyer, json, logInBuyer, plain, product } from '../product/test-fixtures.ts';
import { resetScreenPage } from '../test-page.ts';
import { renderStep, stubApi } from '../checkout/test-helpers.tsx';
import { Budgets } from './Budgets.tsx';

const MARKETING = assignment({ id: 70, budget_id: 9, name: 'Marketing', points: 1000, points_left: 500 });
const EVENTS = assignment({ id: 71, budget_id: 10, name: 'Events', color: '#16a34a', points: 300, points_left: 40 });
const WINTER = assignment({ id: 72, budget_id: 11, name: 'Winter', points: 200, points_left: 200, is_active: false, status: 'expired', expiry_date: '2025-12-31T23:59:59.000Z' });

beforeEach(() => {
  resetScreenPage('/user/budgets', POINTS_SHOP);
  logInBuyer([MARKETING, EVENTS, WINTER]);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const card = (name: string) => screen.getByRole('listitem', { name: new RegExp(name) });

describe('Budgets screen', () => {
  it('should list each assignment with points left of assigned, dates, state and what the cart takes', async () => {
    const calls = stubApi(() => json([MARKETING, EVENTS, WINTER]));
    // 3 pieces at 60 points from Events: more than its 40 points left.
    const item = product({ id: 1, name: 'Hoodie', calculated_price: 60, budget: { id: 10, name: 'Events', color: '#16a34a' } });
    addToCart(item, item.variants[0]!, 3);
    renderStep(<Budgets />);
    expect(await screen.findByRole('listitem', { name: /Marketing/ })).toBeInTheDocument();
    expect(calls[0]?.path).toBe('/api/user/budgets');
    expect(calls[0]?.params.get('website_id')).toBe(String(POINTS_SHOP.id));

    expect(plain(within(card('Marketing')).getByText(/left$/).textContent)).toBe('500 pts of 1,000 pts left');
    expect(within(card('Marketing')).getByText('Active')).toBeInTheDocument();
    expect(within(card('Marketing')).queryByText('Used by the cart')).toBeNull();
    expect(within(card('Winter')).getByText('Expired')).toBeInTheDocument();
    expect(within(card('Events')).getByText('Used by the cart')).toBeInTheDocument();
    // 180 needed, all 40 of the only active Events assignment taken: still 140 short.
    expect(plain(within(card('Events')).getByText('Used by the cart').nextElementSibling?.textContent)).toBe('40 pts');
    expect(within(card('Events')).getByText("You don't have enough points in this budget")).toBeInTheDocument();
    expect(within(card('Marketing')).getByRole('meter', { name: 'Points left' })).toHaveProperty('value', 500);
  });

  it('should spend the assignment expiring first, then the next, and be short only when all together are', async () => {
    const sooner = assignment({ id: 80, budget_id: 10, name: 'Events', color: '#16a34a', points: 100, points_left: 100, expiry_date: '2098-06-30T00:00:00.000Z' });
    const later = assignment({ id: 81, budget_id: 10, name: 'Events', color: '#16a34a', points: 100, points_left: 100, expiry_date: '2099-06-30T00:00:00.000Z' });
    logInBuyer([later, sooner]);
    stubApi(() => json([later, sooner]));
    // 160 points of caps from two assignments of 100: fine, 100 from the sooner one, 60 from the later.
    const caps = product({ id: 2, name: 'Cap', calculated_price: 20, budget: { id: 10, name: 'Events', color: '#16a34a' } });
    addToCart(caps, caps.variants[0]!, 8);
    renderStep(<Budgets />);
    const cards = await screen.findAllByRole('listitem', { name: /Events/ });
    expect(cards).toHaveLength(2);
    const used = cards.map((item) => plain(within(item).getByText('Used by the cart').nextElementSibling?.textContent));
    // Listed in the order they are spent (the API answered the later one first).
    expect(used).toEqual(['100 pts', '60 pts']);
    expect(screen.queryByText("You don't have enough points in this budget")).toBeNull();
  });

  it('should read an expired budget as expired (no points to spend, no full bar) and list it after the active ones', async () => {
    const upcoming = assignment({ id: 73, budget_id: 12, name: 'Summer', points: 400, points_left: 400, start_date: '2099-06-01T00:00:00.000Z', expiry_date: '2099-09-01T00:00:00.000Z' });
    // The server still calls it active, but its end has passed: the dates decide.
    const lapsed = assignment({ id: 74, budget_id: 13, name: 'Autumn', points: 500, points_left: 500, expiry_date: '2026-01-01T00:00:00.000Z' });
    stubApi(() => json([WINTER, upcoming, lapsed, MARKETING]));
    renderStep(<Budgets />);
    await screen.findByRole('listitem', { name: /Marketing/ });
    const names = [...document.querySelectorAll('.shop-account-budget')].map((item) => within(item as HTMLElement).getByRole('heading').textContent);
    expect(names).toEqual(['Marketing', 'Summer', 'Autumn', 'Winter']);

    for (const name of ['Winter', 'Autumn']) {
      expect(within(card(name)).getByText('Expired')).toBeInTheDocument();
      expect(within(card(name)).queryByRole('meter')).toBeNull();
      expect(within(card(name)).queryByText(/of .* left/)).toBeNull();
    }
    expect(plain(within(card('Winter')).getByText(/^Expired on/).textContent)).toMatch(/^Expired on .*2025: no points to spend$/);
    expect(plain(within(card('Autumn')).getByText(/^Expired on/).textContent)).toMatch(/^Expired on .*2026: no points to spend$/);
    expect(within(card('Summer')).getByText('Scheduled')).toBeInTheDocument();
    expect(plain(within(card('Summer')).getByText(/^Available from/).textContent)).toMatch(/^Available from .*2099: 400 pts$/);
    expect(within(card('Summer')).queryByRole('meter')).toBeNull();
    expect(within(card('Marketing')).getByRole('meter', { name: 'Points left' })).toHaveProperty('value', 500);
  });

  it('should name the coordinator when no budget is active, and say so when there are none', async () => {
    user.value = buyer([WINTER]);
    stubApi(() => json([WINTER]));
    renderStep(<Budgets />);
    expect(await screen.findByText('You have no active budget. Contact your coordinator: boss@example.com')).toBeInTheDocument();
    document.body.innerHTML = '';
    stubApi(() => json([]));
    renderStep(<Budgets />);
    expect(await screen.findByText('You have no budgets yet.')).toBeInTheDocument();
  });

  it('should show a failed load with a retry that loads again', async () => {
    let fail = true;
    const calls = stubApi(() => (fail ? json({ message: 'Something went wrong!', code: 'errors.something_went_wrong' }, 500) : json([MARKETING])));
    renderStep(<Budgets />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong!');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: /Marketing/ })).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('should speak Polish with Polish numbers and dates', async () => {
    locale.value = 'pl';
    stubApi(() => json([MARKETING]));
    renderStep(<Budgets />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Budżety' })).toBeInTheDocument();
    // The heading shows before the budgets arrive: wait for the card (a race on a loaded machine).
    expect(within(await screen.findByRole('listitem', { name: /Marketing/ })).getByText('Aktywny')).toBeInTheDocument();
  });

  it('should say in Polish that a budget has expired', async () => {
    locale.value = 'pl';
    stubApi(() => json([WINTER]));
    renderStep(<Budgets />);
    const winter = await screen.findByRole('listitem', { name: /Winter/ });
    expect(within(winter).getByText('Wygasły')).toBeInTheDocument();
    expect(plain(within(winter).getByText(/^Wygasł /).textContent)).toMatch(/^Wygasł .*2025: brak punktów do wydania$/);
  });
});
