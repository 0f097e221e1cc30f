import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearAlerts, showAlert } from '../../store/alerts.ts';
import { setLocale } from '../../store/locale.ts';
import { sessionStatus } from '../../store/session.ts';
import { savedShop } from '../../store/shop.ts';
import { currentPath, routerActive } from '../../kit/router.tsx';
import { AppShell, MAIN_ID } from './AppShell.tsx';
import { websiteFixture } from '../../contract/test-fixtures.ts';
import { resetPageSingletons } from '../../page-singleton.ts';

beforeEach(() => {
  resetPageSingletons();
  clearAlerts();
  setLocale('en');
  savedShop.value = websiteFixture();
  sessionStatus.value = 'guest';
  routerActive.value = true;
  currentPath.value = '/';
});

afterEach(() => {
  routerActive.value = false;
  clearAlerts();
  window.history.replaceState(null, '', '/');
});

function renderShell(layout?: 'narrow' | 'wide') {
  return render(
    <AppShell layout={layout}>
      <h1 tabIndex={-1} data-screen-heading>
        Screen title
      </h1>
      <button type="button">Screen action</button>
    </AppShell>,
  );
}

describe('AppShell', () => {
  it('should lay out header, main with the screen, and footer', () => {
    renderShell();
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('id', MAIN_ID);
    expect(main).toHaveAttribute('tabindex', '-1');
    expect(within(main).getByRole('heading', { level: 1, name: 'Screen title' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('should make "Skip to content" the first focusable element and jump to the main region', async () => {
    const ue = userEvent.setup();
    renderShell();
    await ue.tab();
    const skip = screen.getByRole('button', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    expect(skip.closest('header')).not.toBeNull();
    await ue.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    // The next Tab continues inside the screen, past the header.
    await ue.tab();
    expect(screen.getByRole('button', { name: 'Screen action' })).toHaveFocus();
  });

  it('should say "Skip to content" in Polish', () => {
    setLocale('pl');
    renderShell();
    expect(screen.getByRole('button', { name: 'Przejdź do treści' })).toBeInTheDocument();
  });

  it('should show the page alerts in one toast stack', () => {
    renderShell();
    act(() => {
      showAlert({ type: 'success', content: 'Saved!', duration: 0 });
    });
    expect(screen.getAllByText('Saved!')).toHaveLength(1);
    expect(screen.getByRole('status', { name: 'Notifications (F8)' })).toHaveTextContent('Saved!');
  });

  it('should pass the layout to the header', () => {
    renderShell('narrow');
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });
});
