import { describe, expect, it } from 'vitest';
import { distinctChunkName, sharedBaseNames } from './chunk-names.ts';

const shared = new Set(['checkout', 'orders']);

describe('distinctChunkName', () => {
  it('should keep a name no other source file has', () => {
    expect(distinctChunkName({ name: 'Drawer', facadeModuleId: null, moduleIds: ['/p/src/widgets/drawer/Drawer.tsx'] }, shared)).toBe('Drawer');
  });

  it('should prefix a shared file name with the folder of the module it comes from', () => {
    expect(distinctChunkName({ name: 'checkout', facadeModuleId: null, moduleIds: ['/p/src/domain/money.ts', '/p/src/api/checkout.ts'] }, shared)).toBe('api-checkout');
    expect(distinctChunkName({ name: 'orders', facadeModuleId: null, moduleIds: ['/p/src/screens/account/orders.css?inline'] }, shared)).toBe('account-orders');
  });

  it('should name a dictionary part after its language and part', () => {
    expect(distinctChunkName({ name: 'pl', facadeModuleId: '/p/src/i18n/locales/pl.ts?part=base', moduleIds: [] }, shared)).toBe('messages-pl-base');
  });
});

describe('sharedBaseNames', () => {
  it('should find the file names that the sources use twice, tests aside', () => {
    const names = sharedBaseNames(['src']);
    // src/domain/checkout.ts, src/store/checkout.ts and src/screens/checkout/checkout.css
    expect(names.has('checkout')).toBe(true);
    expect(names.has('Drawer')).toBe(false);
  });
});
