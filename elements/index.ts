/**
 * Defines every shop element. A page that uses several elements may load this one file; a page that
 * needs one element loads only that element's file (`dist/<name>.js`). Either way they share one store.
 */
export { ShopLanguageSwitchElement } from './language-switch.ts';
export { ShopStorefrontElement } from './storefront.ts';
export { ShopLoginElement } from './login.ts';
export { ShopRegisterElement } from './register.ts';
export { ShopForgotPasswordElement } from './forgot-password.ts';
export { ShopNewPasswordElement } from './new-password.ts';
export { ShopCartButtonElement } from './cart-button.ts';
export { ShopCartElement } from './cart.ts';
export { ShopCatalogueElement } from './catalogue.ts';
export { ShopProductElement } from './product.ts';
export { ShopCheckoutElement } from './checkout.ts';
export { ShopAccountElement } from './account.ts';
export { ShopPageElement } from './page.ts';
export { ShopContactElement } from './contact.ts';
export type { ShopEventMap, ShopEventName, ShopEventDetail, ShopEventTarget } from './types.ts';
