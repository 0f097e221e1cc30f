import { locale, type Locale } from './locale.ts';
import { formatNumber, intlLocale } from './format.ts';
import { hasMessage, t, type MessageKey, type MessageParams } from './index.ts';

/**
 * Plural forms through `Intl.PluralRules`. English has one/other; Polish one/few/many/other
 * (1 produkt, 2 produkty, 5 produktów, 22 produkty, 1,5 produktu). A message that varies with a number
 * is stored as `<base>_one`, `<base>_few`, `<base>_many` and `<base>_other` in every locale.
 */
export type PluralCategory = Intl.LDMLPluralRule;

/** The texts of one message per plural category; `other` is required and used when a form is missing. */
export type PluralForms = Partial<Record<PluralCategory, string>> & { other: string };

const rules = new Map<Locale, Intl.PluralRules>();

/** The plural category of `count` in `lang`, e.g. `few` for 22 in Polish. */
export function pluralCategory(count: number, lang: Locale = locale.value): PluralCategory {
  let rule = rules.get(lang);
  if (!rule) {
    rule = new Intl.PluralRules(intlLocale(lang));
    rules.set(lang, rule);
  }
  return rule.select(count);
}

/** The form of `forms` that fits `count` in `lang` (falling back to `other`). */
export function plural(lang: Locale, count: number, forms: PluralForms): string {
  return forms[pluralCategory(count, lang)] ?? forms.other;
}

/** Base keys of the messages that have plural forms, e.g. `cart.items` for `cart.items_other`. */
export type PluralKey = { [K in MessageKey]: K extends `${infer Base}_other` ? Base : never }[MessageKey];

/**
 * The message `baseKey` in the plural form that fits `count`, e.g. `tp('cart.items', 5)` gives
 * "5 items" / "5 produktów". `{{count}}` is the number formatted for the locale ("1 000" in Polish);
 * `params` may add (or override) placeholders.
 */
export function tp(baseKey: PluralKey, count: number, params: MessageParams = {}, lang: Locale = locale.value): string {
  const values = { count: formatNumber(count, lang), ...params };
  const key = `${baseKey}_${pluralCategory(count, lang)}`;
  return t(hasMessage(key) ? key : `${baseKey}_other`, values, lang);
}

/**
 * A wait to show in "try again in …": whole seconds under a minute ("45 seconds", "45 sekund"), else
 * whole minutes rounded up, so the user is never told to come back too early (3,600 s is "60 minutes",
 * "60 minut"; 61 s is "2 minutes"). The forms are those that follow "in"/"za" (Polish accusative:
 * "za 1 minutę", "za 2 minuty", "za 5 minut").
 */
export function formatWait(seconds: number, lang: Locale = locale.value): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return tp('errors.wait_seconds', whole, {}, lang);
  return tp('errors.wait_minutes', Math.ceil(whole / 60), {}, lang);
}
