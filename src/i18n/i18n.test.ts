import { afterEach, describe, expect, it } from 'vitest';
import { prepareLocalesWith } from './locale.ts';
import { locale, requestedLocale, setLocale } from '../store/locale.ts';
import { dictionaries, hasMessage, loadMessages, messagesReady, t } from './index.ts';
import en from './locales/en.ts';
import pl from './locales/pl.ts';
import { ALL_MESSAGE_PARTS, MESSAGE_PARTS, partOf } from './parts.ts';
import { formatWait, plural, pluralCategory, tp, type PluralForms } from './plural.ts';

/** Every leaf of a dictionary as dotted key → value (non-strings kept, so the checks can flag them). */
function leaves(tree: object, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = `${prefix}${key}`;
    if (value !== null && typeof value === 'object') {
      for (const [child, leaf] of leaves(value, `${path}.`)) out.set(child, leaf);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

/** The `{{placeholder}}` names of a message, sorted. */
function placeholders(message: string): string[] {
  return [...message.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

/** Everything that differs between a reference dictionary and a translation; empty when they agree. */
function parityProblems(reference: object, translation: object): string[] {
  const want = leaves(reference);
  const have = leaves(translation);
  const problems: string[] = [];
  for (const key of want.keys()) if (!have.has(key)) problems.push(`missing: ${key}`);
  for (const key of have.keys()) if (!want.has(key)) problems.push(`extra: ${key}`);
  for (const [key, value] of [...want, ...have]) {
    if (typeof value !== 'string' || value.trim() === '') problems.push(`empty or not text: ${key}`);
  }
  for (const [key, value] of want) {
    const other = have.get(key);
    if (typeof value === 'string' && typeof other === 'string' && placeholders(value).join() !== placeholders(other).join()) {
      problems.push(`placeholders differ: ${key} (${placeholders(value).join() || '-'} vs ${placeholders(other).join() || '-'})`);
    }
  }
  return problems;
}

/** A deep copy with one dotted key changed (`undefined` deletes it), to show the checks bite. */
function edited(tree: object, key: string, value: unknown): object {
  const copy = structuredClone(tree) as Record<string, unknown>;
  const path = key.split('.');
  let node = copy;
  for (const part of path.slice(0, -1)) node = node[part] as Record<string, unknown>;
  const last = path.at(-1) ?? '';
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
}

/**
 * Polish values that may equal the English ones: names, abbreviations and loanwords that Polish
 * uses unchanged. Anything else identical is most likely an untranslated copy.
 */
const SAME_IN_BOTH = new Set([
  'app.not_found_title',
  'app.languages.en',
  'app.languages.pl',
  'cart.vat',
  'orders.status_label',
  'budgets.status_label',
  'product.vat_rate',
  'product.card.email',
  'checkout.contact.email',
  'auth.email',
  'contact.email',
]);

describe('dictionaries', () => {
  const enLeaves = leaves(en);
  const plLeaves = leaves(pl);

  it('Polish has exactly the keys of English, all non-empty, with the same placeholders', () => {
    expect(parityProblems(en, pl)).toEqual([]);
    expect(enLeaves.size).toBeGreaterThan(400);
  });

  it.each([
    ['a missing key', edited(pl, 'cart.title', undefined), 'missing: cart.title'],
    ['an extra key', edited(pl, 'cart.extra', 'Nadmiarowy'), 'extra: cart.extra'],
    ['an empty value', edited(pl, 'nav.home', ' '), 'empty or not text: nav.home'],
    ['a renamed placeholder', edited(pl, 'checkout.wait', 'Zamówienie możesz złożyć za {{sec}} s'), 'placeholders differ: checkout.wait (seconds vs sec)'],
    ['a dropped placeholder', edited(pl, 'sale.qty.minimum', 'Minimalna ilość'), 'placeholders differ: sale.qty.minimum (qty vs -)'],
  ])('the parity check reports %s', (_name, broken, problem) => {
    expect(parityProblems(en, broken)).toContain(problem);
  });

  it('Polish values are translations, not copies of English', () => {
    const copies = [...enLeaves].filter(([key, value]) => plLeaves.get(key) === value && !SAME_IN_BOTH.has(key)).map(([key]) => key);
    expect(copies).toEqual([]);
    // The allow-list stays honest: each entry really is shared.
    expect([...SAME_IN_BOTH].filter((key) => plLeaves.get(key) !== enLeaves.get(key))).toEqual([]);
  });

  it('Polish texts use Polish letters', () => {
    const polish = [...plLeaves.values()].filter((value) => typeof value === 'string' && /[ąćęłńóśźż]/i.test(value));
    expect(polish.length).toBeGreaterThan(150);
  });

  it('every plural message has the one, few, many and other forms in both languages', () => {
    const bases = [...enLeaves.keys()].filter((key) => key.endsWith('_other')).map((key) => key.slice(0, -'_other'.length));
    expect(bases).toEqual(expect.arrayContaining(['cart.items', 'catalogue.results']));
    const forms = bases.flatMap((base) => ['one', 'few', 'many', 'other'].map((form) => `${base}_${form}`));
    expect(forms.filter((key) => !enLeaves.has(key) || !plLeaves.has(key))).toEqual([]);
  });

  it('names the screens and labels of the spec in both languages', () => {
    expect(t('app.not_found_title', {}, 'en')).toBe('Ups ;(');
    expect(t('app.not_found_title', {}, 'pl')).toBe('Ups ;(');
    expect(t('orders.status.in_progress', {}, 'en')).toBe('In Progress');
    expect(t('orders.status.in_progress', {}, 'pl')).toBe('W realizacji');
    expect(t('product.availability.in_delivery', {}, 'en')).toBe('In Delivery');
    expect(t('product.availability.in_delivery', {}, 'pl')).toBe('W dostawie');
    expect(t('checkout.wait', { seconds: 12 }, 'en')).toBe('You can place the order in 12 s');
    expect(t('checkout.wait', { seconds: 12 }, 'pl')).toBe('Zamówienie możesz złożyć za 12 s');
    expect(t('budgets.contact_coordinator', { email: 'anna@example.com' }, 'pl')).toMatch(/koordynatorem: anna@example\.com$/);
    // The existing budget keys are untouched by the new ones beside them.
    expect(t('budgets.error.insufficient', {}, 'en')).toBe('Insufficient budget left - refresh page and try again');
  });

  it('has a label for every sort option, order status, availability and payment method of the API', async () => {
    const contract = await import('../contract/contract.ts');
    const groups: [string, readonly string[]][] = [
      ['catalogue.sort', contract.SORT_OPTIONS],
      ['orders.status', contract.OrderStatusSchema.options],
      ['product.availability', contract.AvailabilitySchema.options],
      ['checkout.payment_methods', contract.PaymentMethodCodeSchema.options],
      ['checkout.delivery_methods', contract.DeliveryTypeSchema.options],
    ];
    const keys = groups.flatMap(([section, codes]) => codes.map((code) => `${section}.${code}`));
    expect(keys.filter((key) => !hasMessage(key))).toEqual([]);
  });
});

describe('t', () => {
  afterEach(() => setLocale('en'));

  it('falls back to English for a key the Polish dictionary lacks', () => {
    const budgets = dictionaries.pl.budgets as Record<string, unknown>;
    const saved = budgets.title;
    delete budgets.title;
    try {
      expect(t('budgets.title', {}, 'pl')).toBe('Budgets');
    } finally {
      budgets.title = saved;
    }
    expect(t('budgets.title', {}, 'pl')).toBe('Budżety');
  });

  it('returns an unknown key itself, e.g. a server error code this client does not know', () => {
    expect(t('sale.qty.something_new', {}, 'pl')).toBe('sale.qty.something_new');
    expect(t('nope', {}, 'en')).toBe('nope');
    expect(hasMessage('nope')).toBe(false);
  });

  it('fills placeholders of server error codes in the chosen language', () => {
    expect(t('sale.qty.minimum', { qty: 50 }, 'en')).toBe('Minimum product order quantity: 50');
    expect(t('sale.qty.minimum', { qty: 50 }, 'pl')).toBe('Minimalna ilość zamówienia produktu: 50');
  });

  it('follows the locale signal', () => {
    expect(t('nav.cart')).toBe('Cart');
    setLocale('pl');
    expect(locale.value).toBe('pl');
    expect(t('nav.cart')).toBe('Koszyk');
    expect(t('nav.cart', {}, 'en')).toBe('Cart');
    setLocale('de');
    expect(t('nav.cart')).toBe('Cart');
  });
});

describe('plural', () => {
  afterEach(() => setLocale('en'));

  const product: PluralForms = { one: 'produkt', few: 'produkty', many: 'produktów', other: 'produktu' };

  it.each([
    [1, 'produkt'],
    [2, 'produkty'],
    [4, 'produkty'],
    [5, 'produktów'],
    [0, 'produktów'],
    [11, 'produktów'],
    [12, 'produktów'],
    [21, 'produktów'],
    [22, 'produkty'],
    [104, 'produkty'],
    [112, 'produktów'],
    [1.5, 'produktu'],
  ])('Polish %d → %s', (count, form) => {
    expect(plural('pl', count, product)).toBe(form);
  });

  it.each([
    [1, 'item'],
    [0, 'items'],
    [2, 'items'],
    [5, 'items'],
    [22, 'items'],
  ])('English %d → %s', (count, form) => {
    expect(plural('en', count, { one: 'item', other: 'items' })).toBe(form);
  });

  it('uses other when the category has no form', () => {
    expect(pluralCategory(5, 'pl')).toBe('many');
    expect(plural('pl', 5, { one: 'produkt', other: 'produkty' })).toBe('produkty');
  });

  it.each([
    [1, '1 item', '1 produkt'],
    [2, '2 items', '2 produkty'],
    [5, '5 items', '5 produktów'],
    [22, '22 items', '22 produkty'],
    [25, '25 items', '25 produktów'],
    [1000, '1,000 items', '1000 produktów'],
    [10_000, '10,000 items', '10\u00a0000 produktów'],
  ])('tp cart.items %d', (count, english, polish) => {
    expect(tp('cart.items', count, {}, 'en')).toBe(english);
    expect(tp('cart.items', count, {}, 'pl')).toBe(polish);
  });

  it.each([
    [1, '1 second', '1 sekundę'],
    [4, '4 seconds', '4 sekundy'],
    [30, '30 seconds', '30 sekund'],
    [22.5, '23 seconds', '23 sekundy'],
    [59, '59 seconds', '59 sekund'],
    [60, '1 minute', '1 minutę'],
    [61, '2 minutes', '2 minuty'],
    [300, '5 minutes', '5 minut'],
    [1320, '22 minutes', '22 minuty'],
    [3600, '60 minutes', '60 minut'],
    [0, '1 second', '1 sekundę'],
  ])('formatWait %d s', (seconds, english, polish) => {
    expect(formatWait(seconds, 'en')).toBe(english);
    expect(formatWait(seconds, 'pl')).toBe(polish);
  });

  it('tp follows the locale signal and takes extra placeholders', () => {
    expect(tp('catalogue.results', 3)).toBe('3 products');
    setLocale('pl');
    expect(tp('catalogue.results', 3)).toBe('3 produkty');
    expect(tp('catalogue.results', 3, { count: 'trzy' })).toBe('trzy produkty');
  });
});

describe('dictionary parts', () => {
  it('should put every area of the dictionaries in exactly one part', () => {
    const listed = Object.values(MESSAGE_PARTS).flat() as string[];
    expect([...listed].sort()).toEqual(Object.keys(en).sort());
    expect(new Set(listed).size).toBe(listed.length);
    expect(partOf('app')).toBe('core');
    expect(partOf('cart')).toBe('base');
    expect(partOf('checkout')).toBe('screens');
  });

  it('should have both languages loaded in tests (the setup loads every part)', async () => {
    await loadMessages('pl', ALL_MESSAGE_PARTS);
    expect(messagesReady(ALL_MESSAGE_PARTS, 'en')).toBe(true);
    expect(messagesReady(ALL_MESSAGE_PARTS, 'pl')).toBe(true);
    expect(dictionaries.pl.cart?.title).toBe(pl.cart.title);
  });
});

describe('setLocale', () => {
  afterEach(() => {
    // What src/i18n installs: at once when every part used is loaded (always so in tests).
    prepareLocalesWith((_next, show) => show());
    setLocale('en');
  });

  it('should keep showing the current language until the next one is ready, then switch', () => {
    let ready: (() => void) | undefined;
    prepareLocalesWith((_next, show) => {
      ready = show;
    });
    setLocale('pl');
    expect(requestedLocale.value).toBe('pl');
    expect(locale.value).toBe('en');
    expect(t('cart.title')).toBe(en.cart.title);
    ready?.();
    expect(locale.value).toBe('pl');
    expect(t('cart.title')).toBe(pl.cart.title);
  });

  it('should let a later request win over one still loading', () => {
    const pending: (() => void)[] = [];
    prepareLocalesWith((_next, show) => {
      pending.push(show);
    });
    setLocale('pl');
    setLocale('en');
    // The Polish texts arrive last: English was asked for after, so English stays.
    pending[1]?.();
    pending[0]?.();
    expect(locale.value).toBe('en');
  });
});
