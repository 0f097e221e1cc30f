import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClientError } from '../../api/errors.ts';
import { websiteFixture } from '../../contract/test-fixtures.ts';
import { currentPath, routerActive } from '../../kit/router.tsx';
import { setLocale } from '../../store/locale.ts';
import { savedShop } from '../../store/shop.ts';
import { ErrorScreen } from './ErrorScreen.tsx';
import { LoadingScreen } from './LoadingScreen.tsx';
import { NotFound } from './NotFound.tsx';
import { StoreNotFound } from './StoreNotFound.tsx';
import { resetPageSingletons } from '../../page-singleton.ts';

beforeEach(() => {
  resetPageSingletons();
  setLocale('en');
  routerActive.value = true;
  currentPath.value = '/';
});

afterEach(() => {
  routerActive.value = false;
  window.history.replaceState(null, '', '/');
});

/** Every screen has exactly one h1, focusable by the router. */
function expectScreenHeading(name: string) {
  const headings = screen.getAllByRole('heading', { level: 1 });
  expect(headings).toHaveLength(1);
  expect(headings[0]).toHaveAccessibleName(name);
  expect(headings[0]).toHaveAttribute('tabindex', '-1');
  expect(headings[0]).toHaveAttribute('data-screen-heading');
}

describe('NotFound', () => {
  it('should title the page "Ups ;(", say the page was not found and link home', async () => {
    currentPath.value = '/404';
    const ue = userEvent.setup();
    render(<NotFound />);
    expectScreenHeading('Ups ;(');
    expect(screen.getByText('Page not found')).toBeInTheDocument();
    const home = screen.getByRole('link', { name: 'Back to the homepage' });
    expect(home).toHaveAttribute('href', '/');
    await ue.click(home);
    expect(currentPath.value).toBe('/');
  });

  it('should speak Polish', () => {
    setLocale('pl');
    render(<NotFound />);
    expectScreenHeading('Ups ;(');
    expect(screen.getByText('Nie znaleziono strony')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wróć na stronę główną' })).toHaveAttribute('href', '/');
  });
});

describe('StoreNotFound', () => {
  it('should say the store was not found and stay while no shop is loaded', () => {
    currentPath.value = '/store-not-found';
    render(<StoreNotFound />);
    expectScreenHeading('Store not found');
    expect(screen.getByText(/could not find a shop at this address/)).toBeInTheDocument();
    expect(currentPath.value).toBe('/store-not-found');
  });

  it('should go to / (replacing the history entry) when a shop is loaded', () => {
    savedShop.value = websiteFixture();
    currentPath.value = '/store-not-found';
    const push = vi.spyOn(window.history, 'pushState');
    render(<StoreNotFound />);
    expect(currentPath.value).toBe('/');
    expect(push).not.toHaveBeenCalled();
    push.mockRestore();
  });

  it('should speak Polish', () => {
    setLocale('pl');
    render(<StoreNotFound />);
    expectScreenHeading('Nie znaleziono sklepu');
    expect(screen.getByText(/Pod tym adresem nie ma sklepu/)).toBeInTheDocument();
  });
});

describe('ErrorScreen', () => {
  it('should say something went wrong and retry on request', async () => {
    const onRetry = vi.fn();
    const ue = userEvent.setup();
    render(<ErrorScreen onRetry={onRetry} />);
    expectScreenHeading('Something went wrong!');
    expect(screen.getByText('Try again in a moment or reload the page.')).toBeInTheDocument();
    await ue.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("should show an API error's message in the current language", () => {
    setLocale('pl');
    render(<ErrorScreen error={new ApiClientError({ kind: 'network', code: 'errors.network' })} onRetry={() => undefined} />);
    expectScreenHeading('Coś poszło nie tak!');
    expect(screen.getByText('Nie można połączyć się ze sklepem. Sprawdź połączenie i spróbuj ponownie.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Spróbuj ponownie' })).toBeInTheDocument();
  });

  it('should not repeat the title for an unknown error, and offer a reload without onRetry', () => {
    render(<ErrorScreen error={new Error('boom')} />);
    expect(screen.getAllByText('Something went wrong!')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
  });
});

describe('LoadingScreen', () => {
  it('should announce loading the shop in a status region', () => {
    render(<LoadingScreen />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the shop…');
    const heading = screen.getByRole('heading', { level: 1, name: 'Loading the shop…' });
    // Not a focus target: the router focuses the screen that replaces it.
    expect(heading).not.toHaveAttribute('data-screen-heading');
  });

  it('should show a screen loading after a navigation without announcing it', () => {
    render(<LoadingScreen label="Loading…" announce={false} />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Loading…' }).closest('[aria-live]')).toBeNull();
  });

  it('should speak Polish and accept another label', () => {
    setLocale('pl');
    const { rerender } = render(<LoadingScreen />);
    expect(screen.getByRole('status')).toHaveTextContent('Ładowanie sklepu…');
    rerender(<LoadingScreen label="Loading products" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading products');
  });
});
