import { LanguageSwitch, type LanguageSwitchProps } from '../src/app/LanguageSwitch.tsx';
import { createElementClass, defineOnce } from './define.ts';

/**
 * Switches the interface language (English or Polish) of every shop element on the page at once.
 *
 * @tag shop-language-switch
 * @summary Language switch shared by all shop elements on a page.
 *
 * @attr {boolean} show-label - Show the visible "Language" label (it is always announced to screen readers).
 * @attr {string} lang - Language to start in: `en` (default) or `pl`; sets it for every element on the page.
 *
 * @fires {CustomEvent<{locale: 'en' | 'pl'}>} shop-locale-change - The user picked another language.
 * @fires {CustomEvent<{element: string, screen: string | null, message: string, kind: 'load' | 'render'}>} shop-error - Part of the element failed (its code could not be loaded, or it could not be shown) and shows "Something went wrong!" with Try again in its own box; `element` is the tag, `screen` the route shown or null. For the host's monitoring.
 *
 * @csspart base - The themed root of the element.
 * @csspart error - The "Something went wrong!" box shown in place of a part that failed.
 * @csspart button - Each language button.
 *
 * @cssprop --shop-accent - Colour of the selected language (defaults to the shop's accent colour).
 * @cssprop --shop-button-radius - Corner radius of the buttons (defaults to the shop's button style).
 * @cssprop --shop-font - Font family (defaults to the shop's font, Inter).
 * @cssprop --shop-font-size - Base text size; every size inside the element is relative to it (default `16px`; the host page's `font-size` and `rem` do not reach inside).
 */
export class ShopLanguageSwitchElement extends createElementClass<LanguageSwitchProps>(LanguageSwitch, { showLabel: 'boolean' }, { messages: ['core'] }) {}

defineOnce('shop-language-switch', ShopLanguageSwitchElement);

declare global {
  interface HTMLElementTagNameMap {
    'shop-language-switch': ShopLanguageSwitchElement;
  }
}
