/**
 * Page objects for the storefront, its embedded elements and the demo pages, one module per screen
 * or area under `pages/`. Locators go by role and accessible name, in en or pl, as a buyer finds
 * them; methods say what the buyer does. Assertions about the outcome stay in the specs.
 */
export * from './pages/shell.ts';
export * from './pages/login.ts';
export * from './pages/catalogue.ts';
export * from './pages/product.ts';
export * from './pages/cart.ts';
export * from './pages/checkout.ts';
export * from './pages/account.ts';
export * from './pages/elements.ts';
export * from './pages/demo.ts';
export * from './pages/orders.ts';
export * from './pages/sign-in.ts';
export * from './pages/designer.ts';
