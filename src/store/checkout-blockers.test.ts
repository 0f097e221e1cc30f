import { beforeEach, describe, expect, it } from 'vitest';
import { GROSS_SHOP } from '../screens/catalogue/test-fixtures.ts';
import { assignment, buyer, product, variant } from '../screens/product/test-fixtures.ts';
import { resetScreenPage } from '../screens/test-page.ts';
import { addToCart } from './cart.ts';
import { summaryBlockers } from './checkout-blockers.ts';
import { chooseDeliveryAddress, chooseDeliveryMethod, choosePaymentMethod, setMpkCode, startCheckout } from './checkout.ts';
import { sessionStatus, user } from './session.ts';
import { savedShop, shop } from './shop.ts';

const courier = { id: 1, type: 'courier' as const, name: 'Courier', price: 19.99, pickup_address: null, budgets: [] };
const address = { id: 4, type: 'delivery' as const, name: 'Anna', surname: 'Nowak', company: 'ACME', street: 'Marszałkowska 104', city: 'Warszawa', zip: '00-017', country: 'PL', nip: '7010150006', phone: '' };

describe('summaryBlockers (computed)', () => {
  beforeEach(() => {
    resetScreenPage('/checkout/summary', { ...GROSS_SHOP, mpk_required: true, paymentMethods: [{ id: 1, code: 'invoice', name: 'Invoice' }] });
    user.value = buyer([assignment()]);
    sessionStatus.value = 'user';
    startCheckout();
    addToCart(product(), variant(), 1);
  });

  it('should follow the checkout state and the shop as they change', () => {
    expect(summaryBlockers.value.map((blocker) => blocker.key)).toEqual(['checkout.summary_step.delivery_missing', 'validation.mpk_required']);
    chooseDeliveryMethod(courier);
    expect(summaryBlockers.value.map((blocker) => blocker.key)).toEqual(['checkout.summary_step.address_missing', 'validation.mpk_required']);
    chooseDeliveryAddress({ ...address, nip: '' });
    choosePaymentMethod('invoice');
    setMpkCode('MPK-1');
    expect(summaryBlockers.value).toEqual([{ key: 'validation.nip_missing', step: 'delivery' }]);
    chooseDeliveryAddress(address);
    expect(summaryBlockers.value).toEqual([]);
    savedShop.value = { ...shop.value!, mpk_required: false };
    setMpkCode('');
    expect(summaryBlockers.value).toEqual([]);
  });
});
