import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { websiteFixture } from '../../contract/test-fixtures.ts';
import { ElementShell } from '../../app/ElementShell.tsx';
import { loadRequiredMessages, type loadRequiredMessages as RealLoadRequiredMessages } from '../../i18n/index.ts';
import { ErrorBoundary } from '../../kit/ErrorBoundary.tsx';
import { setLocale } from '../../store/locale.ts';
import { sessionStatus } from '../../store/session.ts';
import { savedShop, shopStatus } from '../../store/shop.ts';
import { CartButton } from './CartButton.tsx';
import { resetPageSingletons } from '../../page-singleton.ts';
import { startCart } from '../../store/cart.ts';

// The drawer's text part as the browser would load it: here it can wait, or fail like a failed chunk.
vi.mock('../../i18n/index.ts', async (importOriginal) => {
  const original = await importOriginal<{ loadRequiredMessages: typeof RealLoadRequiredMessages }>();
  return { ...original, loadRequiredMessages: vi.fn(original.loadRequiredMessages) };
});

let host: HTMLElement;

/** A load of texts still on its way, and what brings them in. */
function pendingTexts(): { texts: Promise<void>; arrive: () => void } {
  let arrive: (() => void) | undefined;
  const texts = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { texts, arrive: () => arrive?.() };
}

/** The button as its element renders it: in the shell, inside the element's error boundary. */
function renderButton() {
  return render(
    <ElementShell host={host} root={document}>
      <ErrorBoundary>
        <CartButton />
      </ErrorBoundary>
    </ElementShell>,
  );
}

beforeEach(() => {
  localStorage.clear();
  resetPageSingletons();
  startCart();
  setLocale('en');
  savedShop.value = websiteFixture({ paymentMethods: [], pages: [] });
  shopStatus.value = 'ready';
  sessionStatus.value = 'guest';
  host = document.createElement('div');
  document.body.append(host);
});

afterEach(() => {
  host.remove();
  vi.mocked(loadRequiredMessages).mockReset();
});

// One test: the drawer's code, once loaded, stays loaded for the module's life.
describe('CartButton drawer texts', () => {
  it('should load the base texts with the drawer, show the error box with Try again when they fail, and the drawer only once they are in', async () => {
    const user = userEvent.setup();
    // Failed for good, as a browser keeps a failed import() (the hover's preload and the render both ask).
    vi.mocked(loadRequiredMessages).mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    renderButton();
    expect(loadRequiredMessages).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cart (0)' }));
    expect(loadRequiredMessages).toHaveBeenCalledWith(['base']);
    expect(await screen.findByRole('alert')).toHaveTextContent('Part of the shop could not be loaded.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const { texts, arrive } = pendingTexts();
    vi.mocked(loadRequiredMessages).mockReturnValue(texts);
    const calls = vi.mocked(loadRequiredMessages).mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(vi.mocked(loadRequiredMessages).mock.calls.length).toBeGreaterThan(calls);
    // The texts are still on their way: the retry waits rather than show keys.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveAttribute('aria-busy', 'true');
    arrive();
    await user.click(await screen.findByRole('button', { name: 'Cart (0)' }));
    expect(await screen.findByRole('dialog', { name: 'Cart' })).toHaveTextContent('Your cart is empty');
  });
});
