import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configurePage } from '../../store/config.ts';
import { savedShop, shopStatus } from '../../store/shop.ts';
import { WEBSITE, deferredAnswer, json, renderScreen, resetPage, stubApi } from './auth-test-helpers.ts';
import { Login } from './Login.tsx';

beforeEach(() => {
  resetPage('/login');
  // The shop's config has not arrived yet.
  savedShop.value = null;
});
afterEach(() => vi.unstubAllGlobals());

describe('sign-in screens before the shop is known', () => {
  it('should show a loading card, load the shop once, then the form', async () => {
    configurePage({ shop: 'acme' });
    const later = deferredAnswer();
    const calls = stubApi({ 'GET /api/slug/website': later.answer });
    const { container } = renderScreen(Login);
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    await waitFor(() => expect(shopStatus.value).toBe('loading'));
    expect(calls).toHaveLength(1);
    await act(async () => later.resolve(json(WEBSITE)));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
  });

  it('should say "Store not found" when there is no such shop', async () => {
    stubApi({});
    configurePage({ shop: 'nowhere' });
    renderScreen(Login);
    expect(await screen.findByRole('heading', { level: 1, name: 'Store not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Log in/ })).not.toBeInTheDocument();
  });
});
