import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Website } from '../contract/contract.ts';
import { GROSS_SHOP } from '../screens/catalogue/test-fixtures.ts';
import { closedPopupIds, closePopup } from './popups.ts';
import { savedShop } from './shop.ts';
import { resetPageSingletons } from '../page-singleton.ts';

const ACME_KEY = 'shop-elements:acme:closed-popups';
const acme: Website = { ...GROSS_SHOP, slug: 'acme' };
const globex: Website = { ...GROSS_SHOP, slug: 'globex' };

/** A reload of the page: the store forgets what it knew, the tab's session storage stays. */
function reload(website: Website): void {
  resetPageSingletons();
  savedShop.value = website;
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  reload(acme);
});
afterEach(() => vi.restoreAllMocks());

describe('closed popups', () => {
  it('should keep a closed popup in the session storage of its shop, not in local storage', () => {
    expect(closedPopupIds.value.size).toBe(0);
    closePopup(11);
    closePopup(13);
    closePopup(11);
    expect([...closedPopupIds.value]).toEqual([11, 13]);
    expect(JSON.parse(sessionStorage.getItem(ACME_KEY) ?? 'null')).toEqual([11, 13]);
    expect(localStorage.length).toBe(0);
  });

  it('should still know them after a reload in the same tab, and only for their shop', () => {
    closePopup(11);
    reload(acme);
    expect(closedPopupIds.value.has(11)).toBe(true);
    reload(globex);
    expect(closedPopupIds.value.size).toBe(0);
    closePopup(21);
    reload(acme);
    expect([...closedPopupIds.value]).toEqual([11]);
  });

  it('should show them again in a new session', () => {
    closePopup(11);
    sessionStorage.clear();
    reload(acme);
    expect(closedPopupIds.value.size).toBe(0);
  });

  it('should discard a corrupt or foreign stored value', () => {
    sessionStorage.setItem(ACME_KEY, '{not json');
    reload(acme);
    expect(closedPopupIds.value.size).toBe(0);
    expect(sessionStorage.getItem(ACME_KEY)).toBeNull();
    sessionStorage.setItem(ACME_KEY, JSON.stringify({ ids: [1] }));
    reload(acme);
    expect(closedPopupIds.value.size).toBe(0);
    expect(sessionStorage.getItem(ACME_KEY)).toBeNull();
  });

  it('should close a popup for this page even when storage refuses to write', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    closePopup(11);
    expect(closedPopupIds.value.has(11)).toBe(true);
  });

  it('should do nothing before a shop is loaded', () => {
    resetPageSingletons();
    closePopup(11);
    expect(closedPopupIds.value.size).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });
});
