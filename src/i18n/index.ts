import { effect, signal } from '@preact/signals-react';
import rosetta from 'rosetta';
import { isLocale, LOCALES, locale, prepareLocalesWith, type Locale } from './locale.ts';
import type { Messages } from './locales/en.ts';
import { ALL_MESSAGE_PARTS, type MessagePart } from './parts.ts';

/**
 * Translation: rosetta over typed dictionaries (English is the fallback, spec §1), loaded in parts
 * (`./parts.ts`) and per language, on demand: a page downloads only the language it shows, and only
 * the parts its elements use. `t` reads the page's locale signal (which changes only once the new
 * language's parts are in, see `setLocale`), so a component that calls it during render (with
 * `useSignals()`) re-renders when the language changes.
 */
type Part = { default: Partial<Messages> };
/** A part's module: its areas are those of the typed dictionary it is cut from. */
const asPart = (module: Promise<{ default: Record<string, unknown> }>): Promise<Part> => module as Promise<Part>;
/** One chunk per language and part, cut from `locales/<lang>.ts` by `build/message-parts.ts`. */
const LOADERS: Record<Locale, Record<MessagePart, () => Promise<Part>>> = {
  en: {
    core: () => asPart(import('./locales/en.ts?part=core')),
    base: () => asPart(import('./locales/en.ts?part=base')),
    screens: () => asPart(import('./locales/en.ts?part=screens')),
  },
  pl: {
    core: () => asPart(import('./locales/pl.ts?part=core')),
    base: () => asPart(import('./locales/pl.ts?part=base')),
    screens: () => asPart(import('./locales/pl.ts?part=screens')),
  },
};

const i18n = rosetta<Partial<Messages>>({});
i18n.locale('en');

/** `lang:part` of every part loaded, and of every part whose load failed (the texts then fall back). */
const loaded = signal<ReadonlySet<string>>(new Set());
const failed = signal<ReadonlySet<string>>(new Set());
/** The parts the page's elements use: a language switch loads these before it shows. */
const used = signal<ReadonlySet<MessagePart>>(new Set());
const loading = new Map<string, Promise<void>>();

function add(set: ReadonlySet<string>, item: string): ReadonlySet<string> {
  return new Set([...set, item]);
}

function loadPart(lang: Locale, part: MessagePart): Promise<void> {
  const id = `${lang}:${part}`;
  if (loaded.peek().has(id)) return Promise.resolve();
  const running = loading.get(id);
  if (running) return running;
  const job = LOADERS[lang][part]()
    .then(
      (module) => {
        i18n.set(lang, module.default);
        loaded.value = add(loaded.peek(), id);
        if (failed.peek().has(id)) failed.value = new Set([...failed.peek()].filter((item) => item !== id));
      },
      (error: unknown) => {
        // Elements waiting for it show (falling back to English or the key) rather than stay blank;
        // the next switch or element tries again.
        failed.value = add(failed.peek(), id);
        throw error;
      },
    )
    .finally(() => loading.delete(id));
  loading.set(id, job);
  return job;
}

/** Loads `parts` of `lang`'s dictionary (each once); resolves when they are in. */
export function loadMessages(lang: Locale, parts: readonly MessagePart[] = ALL_MESSAGE_PARTS): Promise<void> {
  return Promise.all(parts.map((part) => loadPart(lang, part))).then(() => undefined);
}

/** Whether `parts` of `lang` are loaded (or failed to load, so waiting longer would not help). */
export function messagesReady(parts: readonly MessagePart[] = ALL_MESSAGE_PARTS, lang: Locale = locale.value): boolean {
  const done = loaded.value;
  const given = failed.value;
  return parts.every((part) => done.has(`${lang}:${part}`) || given.has(`${lang}:${part}`));
}

/** An element shows `parts`' texts: they load now for the page's language, and for every later one before it shows. */
export function requireMessageParts(parts: readonly MessagePart[]): void {
  const now = used.peek();
  if (parts.every((part) => now.has(part))) return;
  used.value = new Set([...now, ...parts]);
}

/**
 * A lazily loaded part of an element shows `parts`' texts: they load now for the page's language (and
 * for every later one before it shows, as with {@link requireMessageParts}); resolves once they are in.
 * Loaded beside the part's code (`retryableLazy(() => Promise.all([import(…), loadRequiredMessages([…])]))`)
 * it renders only with its texts, and a part that fails to load fails the code's load: the element's
 * error box offers Try again, which loads it again.
 */
export function loadRequiredMessages(parts: readonly MessagePart[]): Promise<void> {
  requireMessageParts(parts);
  return loadMessages(locale.peek(), parts);
}

// The shown language's parts, also when another element or a second copy of the bundle switched it.
effect(() => {
  const lang = locale.value;
  for (const part of used.value) loadPart(lang, part).catch(() => undefined);
});
/**
 * The language the page's first shop element asks for (`<shop-cart-button lang="pl">`), read from the
 * markup before any element upgrades; English when none says.
 */
function markupLanguage(): Locale {
  for (const element of document.querySelectorAll('[lang]')) {
    if (!element.localName.startsWith('shop-')) continue;
    const lang = element.getAttribute('lang');
    return isLocale(lang) ? lang : 'en';
  }
  return 'en';
}

// Every element waits for the core part before it shows text. Its request starts as this module runs,
// while the rest of the module graph is still being evaluated, rather than when the first element
// upgrades at the end of it: on a widget's first visit that was a round trip after the graph.
if (typeof document !== 'undefined') loadPart(markupLanguage(), 'core').catch(() => undefined);

prepareLocalesWith((next, show) => {
  const parts = [...used.peek()];
  // At once when nothing is missing (also what keeps a switch synchronous in tests).
  if (parts.every((part) => loaded.peek().has(`${next}:${part}`))) show();
  else loadMessages(next, parts).then(show, show);
});

/** Every dotted key of the English dictionary: `t('validation.required')` is checked by the compiler. */
export type MessageKey = DottedKeys<Messages>;
type DottedKeys<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : DottedKeys<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Values for a message's `{{placeholders}}`. */
export type MessageParams = Record<string, string | number>;

/**
 * The text of `key` in the current locale (or `lang`), falling back to English, then to the key
 * itself, so an unknown key (e.g. a server error code this client does not know) never renders empty.
 */
export function t(key: MessageKey | (string & {}), params?: MessageParams, lang: Locale = locale.value): string {
  // Read so a component re-renders when a part arrives.
  void loaded.value;
  return i18n.t(key, params, lang) || i18n.t(key, params, 'en') || key;
}

/** Whether a key exists in the dictionaries loaded (e.g. to decide between a server code and its message); every key is in both languages. */
export function hasMessage(key: string): boolean {
  return LOCALES.some((lang) => i18n.t(key, {}, lang) !== '');
}

/** The texts loaded so far, per language (tests look keys up in them). */
export const dictionaries: Readonly<Record<Locale, Partial<Messages>>> = Object.defineProperties({} as Record<Locale, Partial<Messages>>, {
  en: { get: () => i18n.table('en') ?? {}, enumerable: true },
  pl: { get: () => i18n.table('pl') ?? {}, enumerable: true },
});
