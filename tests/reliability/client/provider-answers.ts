import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve as resolvePath } from 'node:path';
import * as fc from 'fast-check';

/**
 * The provider-answers suite's material (docs/reliability.md "Provider answers"): the three demo
 * shops' real configs and product answers, captured from the reference server on a fresh in-memory
 * database (`capture-demo-answers.ts`), and mutations of them of the kinds a provider's answers vary in.
 */

/** The real answers of one demo shop. */
export interface ShopAnswers {
  slug: string;
  /** `GET /api/slug/website?slug=` */
  website: Record<string, unknown>;
  /** `GET /api/products?website_id&per_page=24` (signed in as the shop's buyer where login is required) */
  products: { data: Record<string, unknown>[]; meta: unknown };
}

/** The demo shops (docs/demo-data.md). */
export const DEMO_SHOPS = ['acme', 'globex', 'initech'] as const;

/**
 * Captures every demo shop's config and first page of products. The reference server runs in a child
 * Node process (`tsx capture-demo-answers.ts`): PGlite does not run under jsdom, which this suite needs.
 */
export function captureDemoAnswers(): Promise<ShopAnswers[]> {
  // Paths from the repository root, where vitest runs (`import.meta.url` is not a file URL under jsdom).
  const tsx = createRequire(resolvePath('package.json')).resolve('tsx/cli');
  const script = resolvePath('tests/reliability/client/capture-demo-answers.ts');
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [tsx, script], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`capturing the demo answers failed: ${stderr || error.message}`));
      else resolve(JSON.parse(stdout) as ShopAnswers[]);
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// Mutations

/** The kinds of change tried on an answer. */
export type MutationKind = 'enum' | 'remove' | 'null' | 'extra';
export const MUTATION_KINDS: readonly MutationKind[] = ['enum', 'remove', 'null', 'extra'];

/** One change: its kind, which place of the answer (an index into the candidates, modulo), and what it puts there. */
export interface Mutation {
  kind: MutationKind;
  at: number;
  text: string;
  extraKey: string;
  extraValue: unknown;
}

/** Keys whose values are enums or literals of the contract (some, like `code`, only in some places). */
const ENUM_KEYS = new Set(['lang', 'button_style', 'type', 'code', 'availability', 'payment_type', 'status', 'role', 'currency']);

type Key = string | number;
interface Place {
  parent: Record<Key, unknown>;
  key: Key;
  path: Key[];
}

/** Every place in `value` that holds a value (object entries and array items), depth first. */
function places(value: unknown, path: Key[] = [], out: Place[] = []): Place[] {
  if (value === null || typeof value !== 'object') return out;
  const entries: [Key, unknown][] = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
  for (const [key, item] of entries) {
    out.push({ parent: value as Record<Key, unknown>, key, path: [...path, key] });
    places(item, [...path, key], out);
  }
  return out;
}

/** Objects in `value`, the root included: where an extra field can go. */
function objects(value: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (value === null || typeof value !== 'object') return out;
  if (!Array.isArray(value)) out.push(value as Record<string, unknown>);
  for (const item of Array.isArray(value) ? value : Object.values(value)) objects(item, out);
  return out;
}

/**
 * Applies `mutations` in order to a deep copy of `answer`. Places for which `keep(path)` is true are
 * never removed or nulled (the shop's `id`: a config without it is "unknown shop" by the spec).
 */
export function mutate<T>(answer: T, mutations: readonly Mutation[], keep: (path: readonly Key[]) => boolean = () => false): T {
  const copy = JSON.parse(JSON.stringify(answer)) as T;
  for (const mutation of mutations) {
    if (mutation.kind === 'extra') {
      const targets = objects(copy);
      const target = targets[mutation.at % targets.length];
      // An own property even for "__proto__", as JSON.parse would make it.
      if (target) Object.defineProperty(target, mutation.extraKey, { value: mutation.extraValue, enumerable: true, writable: true, configurable: true });
      continue;
    }
    const candidates = places(copy).filter((place) => !keep(place.path) && (mutation.kind !== 'enum' || (typeof place.key === 'string' && ENUM_KEYS.has(place.key))));
    const place = candidates[mutation.at % Math.max(candidates.length, 1)];
    if (!place) continue;
    if (mutation.kind === 'enum') place.parent[place.key] = mutation.text;
    else if (mutation.kind === 'null') place.parent[place.key] = null;
    else if (Array.isArray(place.parent)) place.parent.splice(place.key as number, 1);
    else delete place.parent[place.key];
  }
  return copy;
}

/** One mutation: a random kind at a random place, with an arbitrary string or JSON value to put there. */
export const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom(...MUTATION_KINDS),
  at: fc.nat(),
  text: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('de', 'fr', 'pill', 'landing', 'video', 'backorder', 'shipped', 'admin', 'crypto', '', 'EN', 'Round')),
  extraKey: fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('__proto__', 'constructor', 'theme_v2', 'id2')),
  extraValue: fc.jsonValue({ maxDepth: 2 }),
});

/** One to six mutations. */
export const mutationsArb = fc.array(mutationArb, { minLength: 1, maxLength: 6 });

/** Whether a product answer has what must be there: a numeric id, a name and a numeric price. */
export function isUsableProduct(item: unknown): item is { id: number; name: string } {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return false;
  const product = item as Record<string, unknown>;
  return typeof product.id === 'number' && typeof product.name === 'string' && typeof product.calculated_price === 'number';
}
