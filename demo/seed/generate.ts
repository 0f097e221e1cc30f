/**
 * Large generated catalogues for benchmarks (`npm run seed -- --products 5000`).
 *
 * Products are deterministic: product number `n` is built from a random stream seeded with
 * `(seed, n)` alone, so the same call produces the same catalogue whatever the batch size, and a
 * second call continues the numbering (`GEN-000001`, `GEN-000002`, …) instead of repeating it. Names
 * mix English and Polish, many with accents (`Kubek żółty z logo`), so accent-insensitive search has
 * plenty to find. Pictures reuse the demo's stored product images.
 *
 * @module
 */
import { isPointsCurrency } from '../../src/contract/contract.ts';
import type { Db } from '../../server/db/index.ts';
import { roundMoney } from '../../src/domain/money.ts';
import { insertProducts, SIZES, type Availability, type ProductDef, type SizeCode, type TierDef, type VariantDef } from './catalogue.ts';
import { COLOUR_CODES, productImagePath, type ColourCode, type ImageKind } from './images.ts';

/** Products written per transaction. */
export const GENERATE_BATCH_SIZE = 500;

export interface GenerateOptions {
  /** Seed of the random stream; the same seed gives the same products. Default 1. */
  seed?: number;
  /** Clock for group-buy end dates. */
  now?: Date;
}

/** @internal A small, fast seeded PRNG (mulberry32); quality is ample for demo data. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** @internal Random helpers over one stream. */
function helpers(random: () => number) {
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(random() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length > 0) out.push(...pool.splice(Math.floor(random() * pool.length), 1));
    return out;
  };
  return { random, int, pick, sample };
}

interface Noun {
  word: string;
  kind: ImageKind;
  /** Grammatical gender, for Polish adjective endings. */
  gender?: 'm' | 'f';
  apparel?: boolean;
}

const POLISH_NOUNS: Noun[] = [
  { word: 'Kubek', kind: 'mug', gender: 'm' },
  { word: 'Długopis', kind: 'pen', gender: 'm' },
  { word: 'Notes', kind: 'notebook', gender: 'm' },
  { word: 'Torba', kind: 'bag', gender: 'f' },
  { word: 'Czapka', kind: 'cap', gender: 'f' },
  { word: 'Bluza', kind: 'hoodie', gender: 'f', apparel: true },
  { word: 'Koszulka', kind: 'tshirt', gender: 'f', apparel: true },
  { word: 'Butelka', kind: 'bottle', gender: 'f' },
  { word: 'Parasol', kind: 'umbrella', gender: 'm' },
  { word: 'Smycz', kind: 'lanyard', gender: 'f' },
  { word: 'Plecak', kind: 'backpack', gender: 'm' },
  { word: 'Kurtka', kind: 'jacket', gender: 'f', apparel: true },
  { word: 'Naklejka', kind: 'sticker', gender: 'f' },
  { word: 'Powerbank', kind: 'powerbank', gender: 'm' },
  { word: 'Pendrive', kind: 'usb', gender: 'm' },
  { word: 'Szalik', kind: 'scarf', gender: 'm' },
];

/** Polish adjectives as [masculine, feminine]. */
const POLISH_ADJECTIVES: [string, string][] = [
  ['żółty', 'żółta'],
  ['różowy', 'różowa'],
  ['zielony', 'zielona'],
  ['ekologiczny', 'ekologiczna'],
  ['świąteczny', 'świąteczna'],
  ['łososiowy', 'łososiowa'],
  ['wytrzymały', 'wytrzymała'],
  ['ręczny', 'ręczna'],
  ['biały', 'biała'],
  ['firmowy', 'firmowa'],
];

const POLISH_SUFFIXES = ['z logo', 'z nadrukiem', 'premium', 'z grawerem', 'dla zespołu', 'na konferencję', 'Kraków', 'Gdańsk', 'Łódź', 'Poznań', 'Wrocław', 'Zielona Góra'];

const ENGLISH_NOUNS: Noun[] = [
  { word: 'mug', kind: 'mug' },
  { word: 'pen', kind: 'pen' },
  { word: 'notebook', kind: 'notebook' },
  { word: 'tote bag', kind: 'bag' },
  { word: 'cap', kind: 'cap' },
  { word: 'hoodie', kind: 'hoodie', apparel: true },
  { word: 'T-shirt', kind: 'tshirt', apparel: true },
  { word: 'water bottle', kind: 'bottle' },
  { word: 'umbrella', kind: 'umbrella' },
  { word: 'lanyard', kind: 'lanyard' },
  { word: 'backpack', kind: 'backpack' },
  { word: 'jacket', kind: 'jacket', apparel: true },
  { word: 'sticker', kind: 'sticker' },
  { word: 'power bank', kind: 'powerbank' },
  { word: 'USB drive', kind: 'usb' },
  { word: 'scarf', kind: 'scarf' },
];

const ENGLISH_ADJECTIVES = ['Classic', 'Premium', 'Eco', 'Sport', 'Urban', 'Vintage', 'Compact', 'Deluxe', 'Café', 'Crème', 'Naïve', 'Señor'];
const ENGLISH_SUFFIXES = ['', '', 'Edition 2025', 'Pro', 'XL', 'Mini', 'for teams', 'Résumé series', 'Kraków', 'Zürich'];

/**
 * Plausible price range of each kind in PLN; points are half of it (whole), other currencies are
 * converted at 4.3 (EUR).
 */
const PRICE_RANGE_PLN: Record<ImageKind, [number, number]> = {
  tshirt: [25, 90],
  hoodie: [90, 260],
  jacket: [150, 420],
  mug: [15, 70],
  pen: [2, 45],
  notebook: [9, 60],
  bottle: [20, 120],
  cap: [20, 80],
  bag: [12, 140],
  backpack: [90, 380],
  umbrella: [35, 160],
  'business-card': [40, 120],
  lanyard: [4, 20],
  powerbank: [60, 220],
  usb: [18, 110],
  sticker: [2, 15],
  scarf: [30, 120],
};

/** The product numbered `n` (1-based) of a stream: name, prices, variants, tiers. */
function generateProduct(
  n: number,
  seed: number,
  context: { points: boolean; currency: string; budgetIds: number[]; now: Date; position: number },
): ProductDef {
  const { random, int, pick, sample } = helpers(mulberry32(Math.imul(seed, 0x9e3779b1) ^ Math.imul(n, 0x85ebca6b)));
  const polish = random() < 0.5;
  const noun = pick(polish ? POLISH_NOUNS : ENGLISH_NOUNS);
  let name: string;
  if (polish) {
    const [masculine, feminine] = pick(POLISH_ADJECTIVES);
    name = `${noun.word} ${noun.gender === 'f' ? feminine : masculine} ${pick(POLISH_SUFFIXES)}`;
  } else {
    name = [pick(ENGLISH_ADJECTIVES), noun.word, pick(ENGLISH_SUFFIXES)].filter(Boolean).join(' ');
  }
  const code = `GEN-${String(n).padStart(6, '0')}`;

  const colours = sample(COLOUR_CODES, int(1, 4)) as ColourCode[];
  const sizes: (SizeCode | null)[] = noun.apparel ? SIZES.slice(int(0, 1), int(3, 4)) : [null];
  const quantityInBox = random() < 0.2 ? pick([10, 20, 25, 50, 100]) : null;
  const variants: VariantDef[] = colours.flatMap((colour) =>
    sizes.map((size) => {
      const roll = random();
      const availability: Availability = roll < 0.06 ? 'out_of_stock' : roll < 0.14 ? 'in_delivery' : 'in_stock';
      return {
        code: [code, colour.toUpperCase(), size].filter(Boolean).join('-'),
        colour,
        size,
        quantityInBox,
        stock: availability === 'in_stock' ? (random() < 0.7 ? null : int(5, 500)) : 0,
        availability,
      };
    }),
  );

  const [low, high] = PRICE_RANGE_PLN[noun.kind];
  const pln = int(low * 100, high * 100) / 100;
  const price = context.points ? Math.max(1, Math.round(pln / 2)) : context.currency === 'PLN' ? pln : Math.max(0.1, roundMoney(pln / 4.3));
  const cheaper = (factor: number) => (context.points ? Math.max(1, Math.round(price * factor)) : roundMoney(price * factor));
  const thresholds: TierDef[] =
    random() < 0.3
      ? [
          { min: 1, max: 49, price },
          { min: 50, max: 199, price: cheaper(0.9) },
          { min: 200, max: null, price: cheaper(0.8) },
        ]
      : [];
  const groupbuy =
    random() < 0.02
      ? {
          endsAt: new Date(context.now.getTime() + int(1, 30) * 86_400_000),
          total: int(0, 90),
          tiers: [
            { min: 1, max: null, price },
            { min: 50, max: null, price: cheaper(0.85) },
            { min: 100, max: null, price: cheaper(0.7) },
          ],
        }
      : null;

  const vatRoll = random();
  return {
    code,
    name,
    description: polish ? `Produkt ${name.toLowerCase()} z katalogu firmowego.` : `${name} from the corporate range.`,
    price,
    vat: vatRoll < 0.05 ? null : vatRoll < 0.1 ? 8 : 23,
    vatIncluded: random() < 0.03,
    budgetId: context.budgetIds.length > 0 ? pick(context.budgetIds) : null,
    minimumQuantity: random() < 0.05 ? pick([10, 25, 50]) : null,
    minimumTotalQuantity: random() < 0.03 ? pick([20, 50]) : null,
    isBusinessCard: false,
    images: colours.map((colour) => productImagePath(noun.kind, colour)),
    thresholds,
    groupbuy,
    variants,
    position: context.position,
  };
}

/**
 * Inserts `count` generated products (with variants, price tiers and, in points shops, a budget)
 * into the shop `websiteSlug`, {@link GENERATE_BATCH_SIZE} per transaction. Needs the demo data
 * (`seedDemo`) for the pictures and budgets. Codes continue after the shop's last `GEN-` code.
 * @returns how many products were inserted.
 */
export async function generateProducts(db: Db, websiteSlug: string, count: number, options: GenerateOptions = {}): Promise<number> {
  if (!Number.isInteger(count) || count < 0) throw new Error(`count must be a non-negative integer, got ${count}`);
  const seed = options.seed ?? 1;
  const now = options.now ?? new Date();
  const { rows: websites } = await db.query<{ id: number; currency: string }>('SELECT id, currency FROM websites WHERE slug = $1', [websiteSlug]);
  const website = websites[0];
  if (!website) throw new Error(`Unknown shop "${websiteSlug}"`);
  const points = isPointsCurrency(website.currency);
  // Budgets a buyer can still spend (an expired one would make every generated product unbuyable).
  const { rows: budgets } = await db.query<{ id: number }>(
    `SELECT b.id FROM budgets b
      WHERE b.website_id = $1
        AND (EXISTS (SELECT 1 FROM user_budgets ub WHERE ub.budget_id = b.id AND ub.expiry_date > $2)
             OR NOT EXISTS (SELECT 1 FROM user_budgets ub WHERE ub.budget_id = b.id))
      ORDER BY b.id`,
    [website.id, now],
  );
  const budgetIds = points ? budgets.map((row) => row.id) : [];
  const { rows: last } = await db.query<{ number: number | null; position: number | null }>(
    `SELECT (SELECT max(substring(code FROM 5)::bigint) FROM products WHERE website_id = $1 AND code ~ '^GEN-[0-9]{1,15}$') AS number,
            (SELECT max(position) FROM products WHERE website_id = $1) AS position`,
    [website.id],
  );
  const first = (last[0]?.number ?? 0) + 1;
  const firstPosition = (last[0]?.position ?? -1) + 1;

  let inserted = 0;
  for (let start = 0; start < count; start += GENERATE_BATCH_SIZE) {
    const size = Math.min(GENERATE_BATCH_SIZE, count - start);
    const products = Array.from({ length: size }, (_, offset) => {
      const index = start + offset;
      return generateProduct(first + index, seed, { points, currency: website.currency, budgetIds, now, position: firstPosition + index });
    });
    await db.transaction((tx) => insertProducts(tx, website.id, products));
    inserted += size;
  }
  return inserted;
}
