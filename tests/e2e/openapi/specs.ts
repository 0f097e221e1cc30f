/**
 * The existing end-to-end journeys the OpenAPI proxy run repeats with every API call of the browser
 * going through Prism (`E2E_OPENAPI=1`, project `openapi`): spec file → test titles. Each of these specs
 * imports `test` from `./openapi/test.ts`. Chosen for the calls they make, which together are the calls
 * of a buyer's session (and the coordinator's area), in as little time as that takes.
 */
export const PROXIED_JOURNEYS: Record<string, string[]> = {
  'storefront.spec.ts': [
    'should refuse a wrong password and an account of another shop with the spec texts',
    'should log in, return to the page asked for, and log out back to Login',
    'should send a registration request, confirmed from the link in the outbox before the coordinator is told',
    'should reset a forgotten password from the e-mailed link and log the user in',
  ],
  'catalogue.spec.ts': ['should search accent-insensitively, keep the search in the URL and survive a reload', 'should show the API order for each sort and move between pages'],
  'checkout.spec.ts': ['acme: points budgets pay the lines and the delivery; the MPK and the statement are required'],
  'addresses.spec.ts': ['initech (pl): add, edit and delete addresses, and deliver to a specific one at checkout'],
  'orders.spec.ts': ['acme: ACME-000001 with its lines, budget, points totals and details; Order again fills the cart; axe'],
  'account.spec.ts': [
    'acme: budgets show points left, dates and state; globex has no budgets page',
    'contact us: a valid file is sent, a wrong extension and a too-large file are refused',
    'coordinator: approves a registration, the new buyer logs in, gets a budget and sees it',
  ],
};

/** The spec files of {@link PROXIED_JOURNEYS}, as Playwright `testMatch` globs. */
export const proxiedSpecFiles = () => Object.keys(PROXIED_JOURNEYS).map((file) => `**/tests/e2e/${file}`);

/** A `grep` that picks exactly the titles of {@link PROXIED_JOURNEYS} (Playwright matches it against the whole title). */
export const proxiedTitles = () => new RegExp(Object.values(PROXIED_JOURNEYS).flat().map((title) => `${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`).join('|'));

/** The operations a buyer's session makes, each of which the run must have seen go through the proxy. */
export const BUYER_SESSION_OPERATIONS = [
  'getShopConfig',
  'listProducts',
  'getProduct',
  'login',
  'logout',
  'getUser',
  'listUserBudgets',
  'listAddresses',
  'createAddress',
  'updateAddress',
  'deleteAddress',
  'listDeliveryMethods',
  'listPaymentMethods',
  'placeOrder',
  'getOrderWait',
  'listOrders',
  'getOrder',
  'register',
  'forgotPassword',
  'sendContactMessage',
  'listRegistrations',
  'approveRegistration',
] as const;
