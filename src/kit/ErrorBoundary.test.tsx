import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { locale } from '../store/locale.ts';
import { screenErrorFallback } from '../screens/system/ErrorScreen.tsx';
import { ElementShell } from '../app/ElementShell.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { forgetFailedLoads, pageReload, retryableLazy } from './lazy-retry.ts';

/** A part that throws while `broken.now` is true. */
const broken = { now: true };
function Fragile() {
  if (broken.now) throw new Error('cannot show the price');
  return <p>the part</p>;
}

/** A loader failing the first `failures` times, like a chunk request on a flaky network. */
function flakyLoader(failures: number) {
  const calls = { count: 0 };
  const load = vi.fn(async () => {
    calls.count += 1;
    if (calls.count <= failures) throw new TypeError('Failed to fetch dynamically imported module: http://shop.test/dist/chunks/Part-x.js');
    return { Part: () => <p>loaded part</p> };
  });
  return { load, Part: retryableLazy(load, (module) => module.Part) };
}

/** A screen area that navigates (changes the boundary's reset key) from a button outside it. */
function Routed({ part: Part }: { part: React.ComponentType }) {
  const [path, setPath] = useState('/products');
  return (
    <>
      <button type="button" onClick={() => setPath('/cart')}>
        navigate
      </button>
      <ErrorBoundary resetKey={path}>
        <Suspense fallback={null}>
          <Part />
        </Suspense>
      </ErrorBoundary>
    </>
  );
}

let host: HTMLElement;
let events: CustomEvent[];
const record = (event: Event) => events.push(event as CustomEvent);

beforeEach(() => {
  locale.value = 'en';
  broken.now = true;
  events = [];
  host = document.createElement('shop-catalogue');
  document.body.append(host);
  document.addEventListener('shop-error', record);
  // React reports each caught error on the console; the tests look at what the user and host get.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  document.removeEventListener('shop-error', record);
  host.remove();
  forgetFailedLoads();
  vi.restoreAllMocks();
});

function inShell(children: React.ReactNode) {
  return (
    <ElementShell host={host} root={document}>
      <p>the rest of the element</p>
      {children}
    </ElementShell>
  );
}

describe('ErrorBoundary', () => {
  it('shows "Something went wrong!" in place of a part that throws, keeps the rest, and fires shop-error on the element', () => {
    render(inShell(<ErrorBoundary screen="products"><Fragile /></ErrorBoundary>));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong!');
    expect(alert).toHaveTextContent('Try again in a moment or reload the page.');
    expect(screen.getByText('the rest of the element')).toBeVisible();
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event?.detail).toEqual({ element: 'shop-catalogue', screen: 'products', message: 'cannot show the price', kind: 'render' });
    expect(event?.bubbles).toBe(true);
    expect(event?.composed).toBe(true);
    expect(event?.target).toBe(host);
  });

  it('renders the part afresh on Try again once its cause is gone', async () => {
    render(inShell(<ErrorBoundary><Fragile /></ErrorBoundary>));
    broken.now = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('the part')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so in Polish', () => {
    locale.value = 'pl';
    render(inShell(<ErrorBoundary><Fragile /></ErrorBoundary>));
    expect(screen.getByRole('alert')).toHaveTextContent('Coś poszło nie tak!');
    expect(screen.getByRole('button', { name: 'Spróbuj ponownie' })).toBeVisible();
  });

  it('tells a failed download apart and loads the code again on Try again, without reloading the page', async () => {
    const reload = vi.spyOn(pageReload, 'run').mockImplementation(() => undefined);
    const { load, Part } = flakyLoader(1);
    render(inShell(<ErrorBoundary screen="products"><Suspense fallback={<p>loading</p>}><Part /></Suspense></ErrorBoundary>));
    expect(await screen.findByRole('alert')).toHaveTextContent('Part of the shop could not be loaded.');
    expect(events.map((event) => event.detail.kind)).toEqual(['load']);
    expect(events[0]?.detail.message).toMatch(/Failed to fetch dynamically imported module/);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('loaded part')).toBeVisible();
    // Once for the first render, once for the retry: the retry's module is rendered as is.
    expect(load).toHaveBeenCalledTimes(2);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the page when the code still fails to load (the browser keeps a failed import failed)', async () => {
    const reload = vi.spyOn(pageReload, 'run').mockImplementation(() => undefined);
    const { Part } = flakyLoader(5);
    render(inShell(<ErrorBoundary><Suspense fallback={null}><Part /></Suspense></ErrorBoundary>));
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('ignores a second click while a retry is under way', async () => {
    vi.spyOn(pageReload, 'run').mockImplementation(() => undefined);
    const { load, Part } = flakyLoader(1);
    render(inShell(<ErrorBoundary><Suspense fallback={null}><Part /></Suspense></ErrorBoundary>));
    const button = await screen.findByRole('button', { name: 'Try again' });
    await act(async () => {
      button.click();
      button.click();
    });
    expect(await screen.findByText('loaded part')).toBeVisible();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('clears the failure and tries the code again when the reset key changes (a navigation)', async () => {
    const { load, Part } = flakyLoader(1);
    render(inShell(<Routed part={Part} />));
    expect(await screen.findByRole('alert')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'navigate' }));
    expect(await screen.findByText('loaded part')).toBeVisible();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps a failure in the innermost box: an outer boundary and its other children are untouched', () => {
    render(
      inShell(
        <ErrorBoundary>
          <p>outer content</p>
          <ErrorBoundary>
            <Fragile />
          </ErrorBoundary>
        </ErrorBoundary>,
      ),
    );
    expect(screen.getByText('outer content')).toBeVisible();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(events).toHaveLength(1);
  });

  it('as a screen: a level-one heading in place of the screen, focused, with Try again', () => {
    render(inShell(<ErrorBoundary screen="cart" fallback={screenErrorFallback}><Fragile /></ErrorBoundary>));
    const heading = screen.getByRole('heading', { level: 1, name: 'Something went wrong!' });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
