/**
 * The demo catalogue: product definitions per shop, their slugs, and the batched insert that writes
 * products, variants and price tiers (with `search_text` by the catalogue search's rule,
 * `src/domain/search-text.ts`).
 *
 * Every shop sells the same range under its own code prefix (`ACME-`, `GLX-`, `INI-`), priced in its
 * own currency (points, PLN, EUR) and named in its language. The "well-known" products (`P-TEE`,
 * `P-MUG`, …) each demonstrate one rule of the spec and are relied upon by tests and docs
 * (`docs/demo-data.md`); keep their codes and rules stable.
 *
 * @module
 */
import type { Queryable } from '../../server/db/index.ts';
import { insertRows } from '../../server/db/insert-rows.ts';
import { roundMoney } from '../../src/domain/money.ts';
import { searchText } from '../../src/domain/search-text.ts';
import { productImagePath, type ColourCode, type ImageKind } from './images.ts';

// ---------------------------------------------------------------------------------------------------
// Slugs

/** A URL slug from a product name: its search text joined by dashes (`"Kubek żółty"` → `kubek-zolty`). */
export function slugify(name: string): string {
  return searchText(name).replaceAll(' ', '-') || 'product';
}

// ---------------------------------------------------------------------------------------------------
// Product definitions

export type Availability = 'in_stock' | 'in_delivery' | 'out_of_stock';
export type SizeCode = 'S' | 'M' | 'L' | 'XL';
export const SIZES: readonly SizeCode[] = ['S', 'M', 'L', 'XL'];

/** A price tier as stored (`product_tiers`). */
export interface TierDef {
  min: number;
  max: number | null;
  price: number;
}

export interface VariantDef {
  code: string;
  colour: ColourCode | null;
  size: SizeCode | null;
  /** Pieces in a box; null means the default of 30. */
  quantityInBox: number | null;
  /** Pieces that can be ordered now; null means no limit. */
  stock: number | null;
  availability: Availability;
}

/**
 * The demo's link from a variant to its picture: the product picture drawn in the variant's colour
 * (`products/<kind>-<colour>.svg`), or null (no colour, or no picture in it). Migration 012 links the
 * variants of an older database by the same rule.
 */
export function colourPicture(images: readonly string[], colour: ColourCode | null): string | null {
  return colour ? (images.find((image) => image.endsWith(`-${colour}.svg`)) ?? null) : null;
}

/** A product ready to insert into one shop. */
export interface ProductDef {
  code: string;
  name: string;
  description: string;
  price: number;
  vat: number | null;
  vatIncluded: boolean;
  budgetId: number | null;
  minimumQuantity: number | null;
  minimumTotalQuantity: number | null;
  isBusinessCard: boolean;
  images: string[];
  thresholds: TierDef[];
  groupbuy: { endsAt: Date; total: number; tiers: TierDef[] } | null;
  variants: VariantDef[];
  position: number;
}

/** The demo shops by slug. */
export type DemoShop = 'acme' | 'globex' | 'initech';
export const DEMO_SHOPS: readonly DemoShop[] = ['acme', 'globex', 'initech'];

/** Code prefix of each demo shop: `ACME-TEE`, `GLX-TEE`, `INI-TEE`. */
export const CODE_PREFIX: Record<DemoShop, string> = { acme: 'ACME', globex: 'GLX', initech: 'INI' };

/** Budgets of the points shop (acme), by key. */
export type BudgetKey = 'welcome' | 'team' | 'winter';

/**
 * Keys of the products that exist in every shop as `<PREFIX>-<KEY>` and each demonstrate a rule:
 * see `docs/demo-data.md`.
 */
export const WELL_KNOWN_KEYS = ['TEE', 'MUG', 'HOODIE', 'PEN', 'NOTE', 'CARD', 'BOTTLE', 'CAP', 'BAG', 'UMBRELLA'] as const;
export type WellKnownKey = (typeof WELL_KNOWN_KEYS)[number];

/** acme only: a product paid from the expired `Winter 2025` budget. */
export const ACME_EXPIRED_BUDGET_PRODUCT = 'ACME-OLD';

/** Days from `now` until the demo group buy (`P-HOODIE`) ends. */
export const GROUPBUY_DAYS_LEFT = 14;

/** Prices in acme (points), globex (PLN) and initech (EUR). */
type Triple = readonly [acme: number, globex: number, initech: number];

interface TierTemplate {
  min: number;
  max: number | null;
  price: Triple;
}

interface ProductTemplate {
  key: string;
  name: { en: string; pl: string };
  description: { en: string; pl: string };
  kind: ImageKind;
  /** Colours of the variants; none means one variant without a colour. */
  colours: ColourCode[];
  sizes?: SizeCode[];
  /** Picture of a colourless product. */
  picture?: ColourCode;
  price: Triple;
  thresholds?: TierTemplate[];
  groupbuy?: { tiers: TierTemplate[]; total: number };
  /** VAT rate; `null` stores no rate (the default 23 % applies). Absent means 23. */
  vat?: number | null;
  vatIncluded?: boolean;
  /** The acme budget the product is paid from. */
  budget: BudgetKey;
  minimumQuantity?: number;
  minimumTotalQuantity?: number;
  isBusinessCard?: boolean;
  quantityInBox?: number;
  /** Stock and availability of some colours (others: no limit, in stock). */
  stock?: Partial<Record<ColourCode, { stock: number | null; availability: Availability }>>;
  /** Shops that sell it; all when absent. */
  shops?: DemoShop[];
}

/** @internal PLN to a shelf price in EUR: ÷4.3, to the nearest ten cents, minus one cent (36.98 → 36.99). */
function toEuro(price: number): number {
  return Math.max(0.09, roundMoney(Math.round((price / 4.3) * 10) / 10 - 0.01));
}

/** @internal A price given in PLN, converted to points (÷2, whole) and EUR unless given. */
function pln(price: number, points?: number, euro?: number): Triple {
  return [points ?? Math.max(1, Math.round(price / 2)), price, euro ?? toEuro(price)];
}

/** @internal Tiers whose prices fall by the given factors (one per tier) from a base triple. */
function tiersFrom(base: Triple, bounds: [number, number | null][], factors: number[]): TierTemplate[] {
  return bounds.map(([min, max], index) => {
    const factor = factors[index] ?? 1;
    return {
      min,
      max,
      price: [Math.max(1, Math.round(base[0] * factor)), roundMoney(base[1] * factor), roundMoney(base[2] * factor)],
    };
  });
}

const TEMPLATES: ProductTemplate[] = [
  // ---- Well-known products: each demonstrates a rule. -----------------------------------------------
  {
    key: 'TEE',
    name: { en: 'Classic T-shirt', pl: 'Koszulka T-shirt klasyczna' },
    description: {
      en: 'Soft 180 g/m² cotton T-shirt with the company logo on the chest. Cheaper from 100 and from 500 pieces.',
      pl: 'Miękka koszulka z bawełny 180 g/m² z logo firmy na piersi. Taniej od 100 i od 500 sztuk.',
    },
    kind: 'tshirt',
    colours: ['black', 'white', 'navy'],
    sizes: ['S', 'M', 'L', 'XL'],
    price: [40, 39.99, 9.9],
    thresholds: [
      { min: 1, max: 99, price: [40, 39.99, 9.9] },
      { min: 100, max: 499, price: [35, 34.99, 8.5] },
      { min: 500, max: null, price: [30, 29.99, 7.2] },
    ],
    budget: 'welcome',
  },
  {
    key: 'MUG',
    name: { en: 'Ceramic mug', pl: 'Kubek ceramiczny' },
    description: {
      en: 'Classic 330 ml ceramic mug, dishwasher safe. Price tiers at 50 and 100 pieces.',
      pl: 'Klasyczny kubek ceramiczny 330 ml, można myć w zmywarce. Progi cenowe od 50 i od 100 sztuk.',
    },
    kind: 'mug',
    colours: ['white', 'black'],
    price: [10, 24.99, 5.9],
    thresholds: [
      { min: 1, max: 49, price: [10, 24.99, 5.9] },
      { min: 50, max: 99, price: [8, 21.99, 4.9] },
      { min: 100, max: null, price: [6, 18.99, 3.9] },
    ],
    budget: 'welcome',
  },
  {
    key: 'HOODIE',
    name: { en: 'Team hoodie', pl: 'Bluza z kapturem' },
    description: {
      en: 'Heavyweight hoodie sold as a Group Buy: the more the whole company orders, the lower the price for everyone.',
      pl: 'Gruba bluza w zakupie grupowym: im więcej zamówi cała firma, tym niższa cena dla wszystkich.',
    },
    kind: 'hoodie',
    colours: ['black', 'grey'],
    sizes: ['S', 'M', 'L', 'XL'],
    price: [120, 149, 35],
    groupbuy: {
      total: 45,
      tiers: [
        { min: 1, max: null, price: [120, 149, 35] },
        { min: 50, max: null, price: [100, 129, 30] },
        { min: 100, max: null, price: [80, 109, 25] },
      ],
    },
    budget: 'team',
  },
  {
    key: 'PEN',
    name: { en: 'Ballpoint pen', pl: 'Długopis z logo' },
    description: {
      en: 'Click ballpoint pen with blue ink, printed with your logo. Ordered in boxes of 50, at least 50 per colour.',
      pl: 'Długopis automatyczny z niebieskim wkładem i nadrukiem logo. Pakowany po 50 sztuk, minimum 50 na kolor.',
    },
    kind: 'pen',
    colours: ['blue', 'black'],
    price: [2, 3.49, 0.89],
    minimumQuantity: 50,
    quantityInBox: 50,
    budget: 'welcome',
  },
  {
    key: 'NOTE',
    name: { en: 'Notebook A5', pl: 'Notes A5' },
    description: {
      en: 'Hard-cover A5 notebook with dotted pages and an elastic band. At least 20 in total, colours can be mixed.',
      pl: 'Notes A5 w twardej oprawie, kartki w kropki, gumka zamykająca. Minimum 20 sztuk łącznie, kolory można łączyć.',
    },
    kind: 'notebook',
    colours: ['red', 'green', 'blue'],
    price: [8, 14.99, 3.5],
    minimumTotalQuantity: 20,
    budget: 'welcome',
  },
  {
    key: 'CARD',
    name: { en: 'Business cards', pl: 'Wizytówki' },
    description: {
      en: 'A box of 100 business cards on 350 g matt paper, printed with the details you enter when adding them to the cart.',
      pl: 'Pudełko 100 wizytówek na papierze matowym 350 g, z danymi podanymi przy dodawaniu do koszyka.',
    },
    kind: 'business-card',
    colours: [],
    picture: 'blue',
    price: [30, 59, 14],
    isBusinessCard: true,
    budget: 'welcome',
  },
  {
    key: 'BOTTLE',
    name: { en: 'Steel water bottle', pl: 'Butelka stalowa' },
    description: {
      en: 'Insulated 500 ml stainless-steel bottle. Grey is in stock (15 left), blue is on its way, red is sold out.',
      pl: 'Izolowana butelka ze stali nierdzewnej 500 ml. Szara dostępna (15 sztuk), niebieska w dostawie, czerwona wyprzedana.',
    },
    kind: 'bottle',
    colours: ['grey', 'blue', 'red'],
    price: [25, 44.99, 10.9],
    stock: {
      grey: { stock: 15, availability: 'in_stock' },
      blue: { stock: 0, availability: 'in_delivery' },
      red: { stock: 0, availability: 'out_of_stock' },
    },
    budget: 'welcome',
  },
  {
    key: 'CAP',
    name: { en: 'Baseball cap', pl: 'Czapka z daszkiem' },
    description: {
      en: 'Six-panel cotton cap with an embroidered logo. Its price already includes VAT.',
      pl: 'Bawełniana czapka z haftowanym logo. Cena zawiera już VAT.',
    },
    kind: 'cap',
    colours: ['black', 'white'],
    price: [20, 29.99, 7.9],
    vatIncluded: true,
    budget: 'team',
  },
  {
    key: 'BAG',
    name: { en: 'Cotton tote bag', pl: 'Torba bawełniana' },
    description: {
      en: 'Sturdy cotton tote with long handles, taxed at the reduced 8 % VAT rate.',
      pl: 'Mocna torba bawełniana z długimi uchwytami, z obniżoną stawką VAT 8 %.',
    },
    kind: 'bag',
    colours: ['white', 'navy'],
    price: [15, 19.99, 4.5],
    vat: 8,
    budget: 'welcome',
  },
  {
    key: 'UMBRELLA',
    name: { en: 'Compact umbrella', pl: 'Parasol składany' },
    description: {
      en: 'Automatic folding umbrella with a wind-proof frame. It has no VAT rate of its own, so the default 23 % applies.',
      pl: 'Automatyczny parasol składany z wiatroodporną konstrukcją. Nie ma własnej stawki VAT, obowiązuje domyślna 23 %.',
    },
    kind: 'umbrella',
    colours: ['black', 'navy'],
    price: [35, 59.99, 13.9],
    vat: null,
    budget: 'welcome',
  },
  {
    key: 'OLD',
    name: { en: 'Winter scarf', pl: 'Szalik zimowy' },
    description: {
      en: 'Knitted scarf from the Winter 2025 campaign, paid from the Winter 2025 budget, which has expired.',
      pl: 'Dziergany szalik z kampanii Zima 2025.',
    },
    kind: 'scarf',
    colours: ['red', 'grey'],
    price: [30, 49.99, 11.9],
    budget: 'winter',
    shops: ['acme'],
  },

  // ---- The rest of the range. -----------------------------------------------------------------------
  {
    key: 'LANYARD',
    name: { en: 'Lanyard with safety clip', pl: 'Smycz z karabińczykiem' },
    description: { en: 'Woven polyester lanyard with a breakaway safety clip.', pl: 'Tkana smycz z poliestru z zapięciem bezpieczeństwa.' },
    kind: 'lanyard',
    colours: ['navy', 'red', 'black'],
    price: pln(9.99, 5, 2.3),
    quantityInBox: 100,
    budget: 'welcome',
  },
  {
    key: 'POWERBANK',
    name: { en: 'Power bank 10 000 mAh', pl: 'Powerbank 10 000 mAh' },
    description: { en: 'Slim power bank with USB-C fast charging and a charge indicator.', pl: 'Smukły powerbank z szybkim ładowaniem USB-C i wskaźnikiem naładowania.' },
    kind: 'powerbank',
    colours: ['black', 'white'],
    price: pln(89),
    budget: 'team',
  },
  {
    key: 'USB',
    name: { en: 'USB drive 32 GB', pl: 'Pendrive 32 GB' },
    description: { en: 'USB 3.0 flash drive with a key ring; cheaper from 100 pieces.', pl: 'Pamięć USB 3.0 z kółkiem na klucze; taniej od 100 sztuk.' },
    kind: 'usb',
    colours: ['blue', 'grey'],
    price: pln(29.99),
    thresholds: tiersFrom(pln(29.99), [[1, 99], [100, null]], [1, 0.85]),
    quantityInBox: 20,
    budget: 'welcome',
  },
  {
    key: 'STICKERS',
    name: { en: 'Logo sticker pack', pl: 'Zestaw naklejek z logo' },
    description: { en: 'Ten die-cut vinyl stickers, water resistant.', pl: 'Dziesięć wycinanych naklejek winylowych, odpornych na wodę.' },
    kind: 'sticker',
    colours: ['white'],
    price: pln(7.99),
    quantityInBox: 100,
    budget: 'welcome',
  },
  {
    key: 'BACKPACK',
    name: { en: 'City backpack', pl: 'Plecak miejski' },
    description: { en: '20 l backpack with a padded laptop pocket and a hidden zip.', pl: 'Plecak 20 l z wyściełaną kieszenią na laptopa i ukrytym zamkiem.' },
    kind: 'backpack',
    colours: ['black', 'grey', 'navy'],
    price: pln(159),
    budget: 'team',
  },
  {
    key: 'JACKET',
    name: { en: 'Softshell jacket', pl: 'Kurtka softshell' },
    description: { en: 'Wind- and water-resistant softshell with an embroidered logo.', pl: 'Wiatro- i wodoodporna kurtka softshell z haftowanym logo.' },
    kind: 'jacket',
    colours: ['black', 'navy'],
    sizes: ['S', 'M', 'L', 'XL'],
    price: pln(229),
    budget: 'team',
  },
  {
    key: 'POLO',
    name: { en: 'Polo shirt', pl: 'Koszulka polo' },
    description: { en: 'Piqué polo shirt with a three-button placket; cheaper from 50 pieces.', pl: 'Koszulka polo z piki z trzema guzikami; taniej od 50 sztuk.' },
    kind: 'tshirt',
    colours: ['white', 'navy', 'green'],
    sizes: ['S', 'M', 'L', 'XL'],
    price: pln(59.99),
    thresholds: tiersFrom(pln(59.99), [[1, 49], [50, null]], [1, 0.9]),
    budget: 'welcome',
  },
  {
    key: 'MUG-CAFE',
    name: { en: 'Café mug', pl: 'Kubek żółty' },
    description: { en: 'A cheerful yellow mug for the office café.', pl: 'Wesoły żółty kubek do biurowej kawiarni.' },
    kind: 'mug',
    colours: ['yellow'],
    price: pln(27.99),
    budget: 'welcome',
  },
  {
    key: 'MUG-TRAVEL',
    name: { en: 'Travel mug', pl: 'Kubek termiczny' },
    description: { en: 'Leak-proof 400 ml travel mug that keeps coffee hot for 4 hours.', pl: 'Szczelny kubek termiczny 400 ml, utrzymuje ciepło do 4 godzin.' },
    kind: 'mug',
    colours: ['black', 'grey'],
    price: pln(49.99),
    budget: 'team',
  },
  {
    key: 'CUPS',
    name: { en: 'Espresso cup set', pl: 'Zestaw filiżanek do espresso' },
    description: { en: 'Four porcelain espresso cups in a gift box.', pl: 'Cztery porcelanowe filiżanki do espresso w pudełku prezentowym.' },
    kind: 'mug',
    colours: ['white'],
    price: pln(69),
    quantityInBox: 12,
    budget: 'team',
  },
  {
    key: 'BOTTLE-SPORT',
    name: { en: 'Sports bottle', pl: 'Bidon sportowy' },
    description: { en: 'Light 750 ml BPA-free sports bottle.', pl: 'Lekki bidon 750 ml bez BPA.' },
    kind: 'bottle',
    colours: ['blue', 'green'],
    price: pln(34.99),
    stock: { green: { stock: 0, availability: 'in_delivery' } },
    budget: 'team',
  },
  {
    key: 'BOTTLE-GLASS',
    name: { en: 'Glass bottle', pl: 'Szklana butelka' },
    description: { en: 'Borosilicate glass bottle in a protective sleeve.', pl: 'Butelka ze szkła borokrzemowego w ochronnym pokrowcu.' },
    kind: 'bottle',
    colours: ['grey'],
    price: pln(39.99),
    budget: 'welcome',
  },
  {
    key: 'NOTE-KRK',
    name: { en: 'Kraków city notebook', pl: 'Notes „Kraków”' },
    description: { en: 'Lined notebook with a Kraków skyline on the cover.', pl: 'Notes w linie z panoramą Krakowa na okładce.' },
    kind: 'notebook',
    colours: ['navy'],
    price: pln(24.99),
    budget: 'welcome',
  },
  {
    key: 'NOTE-A6',
    name: { en: 'Pocket notebook A6', pl: 'Notes kieszonkowy A6' },
    description: { en: 'Small soft-cover notebook that fits any pocket.', pl: 'Mały notes w miękkiej oprawie, zmieści się w każdej kieszeni.' },
    kind: 'notebook',
    colours: ['black', 'red'],
    price: pln(12.99),
    budget: 'welcome',
  },
  {
    key: 'PEN-GEL',
    name: { en: 'Gel pen', pl: 'Długopis ręczny żelowy' },
    description: { en: 'Smooth gel pen with a rubber grip.', pl: 'Płynnie piszący długopis żelowy z gumowym uchwytem.' },
    kind: 'pen',
    colours: ['blue', 'black'],
    price: pln(4.99),
    quantityInBox: 50,
    budget: 'welcome',
  },
  {
    key: 'PEN-METAL',
    name: { en: 'Engraved metal pen', pl: 'Długopis metalowy z grawerem' },
    description: { en: 'Aluminium pen, laser engraved, in a gift sleeve.', pl: 'Aluminiowy długopis z grawerem laserowym, w etui prezentowym.' },
    kind: 'pen',
    colours: ['grey', 'black'],
    price: pln(19.99),
    budget: 'welcome',
  },
  {
    key: 'CAP-TRUCKER',
    name: { en: 'Trucker cap', pl: 'Czapka trucker' },
    description: { en: 'Mesh-back trucker cap with a snap closure.', pl: 'Czapka z siateczką i regulacją na zatrzask.' },
    kind: 'cap',
    colours: ['green', 'white'],
    price: pln(34.99),
    budget: 'team',
  },
  {
    key: 'SLEEVE',
    name: { en: 'Laptop sleeve 15"', pl: 'Etui na laptopa 15"' },
    description: { en: 'Felt sleeve for 15-inch laptops with a magnetic flap.', pl: 'Filcowe etui na laptopy 15" z klapką na magnes.' },
    kind: 'bag',
    colours: ['grey'],
    price: pln(79),
    budget: 'welcome',
  },
  {
    key: 'UMBRELLA-GOLF',
    name: { en: 'Golf umbrella', pl: 'Parasol golfowy' },
    description: { en: 'Large 130 cm umbrella with a fibreglass frame.', pl: 'Duży parasol 130 cm z konstrukcją z włókna szklanego.' },
    kind: 'umbrella',
    colours: ['navy', 'red'],
    price: pln(89.99),
    budget: 'team',
  },
  {
    key: 'HOODIE-ZIP',
    name: { en: 'Zip hoodie', pl: 'Bluza rozpinana' },
    description: { en: 'Full-zip hoodie with side pockets.', pl: 'Rozpinana bluza z kapturem i kieszeniami bocznymi.' },
    kind: 'hoodie',
    colours: ['grey', 'navy'],
    sizes: ['S', 'M', 'L', 'XL'],
    price: pln(139),
    budget: 'team',
  },
  {
    key: 'SWEAT',
    name: { en: 'Crewneck sweatshirt', pl: 'Bluza bez kaptura' },
    description: { en: 'Brushed-fleece crewneck sweatshirt.', pl: 'Bluza z drapanej dzianiny z okrągłym dekoltem.' },
    kind: 'jacket',
    colours: ['green', 'black'],
    sizes: ['S', 'M', 'L', 'XL'],
    price: pln(119),
    budget: 'team',
  },
  {
    key: 'TEE-KIDS',
    name: { en: "Kids' T-shirt", pl: 'Koszulka dziecięca' },
    description: { en: 'Cotton T-shirt for family days, in kids’ sizes.', pl: 'Bawełniana koszulka na pikniki rodzinne, w rozmiarach dziecięcych.' },
    kind: 'tshirt',
    colours: ['red', 'blue'],
    sizes: ['S', 'M'],
    price: pln(24.99),
    budget: 'welcome',
  },
  {
    key: 'LONGSLEEVE',
    name: { en: 'Long-sleeve shirt', pl: 'Koszulka z długim rękawem' },
    description: { en: 'Long-sleeve cotton shirt with a small chest logo.', pl: 'Bawełniana koszulka z długim rękawem i małym logo.' },
    kind: 'tshirt',
    colours: ['black', 'white'],
    sizes: ['S', 'M', 'L', 'XL'],
    price: pln(69.99),
    budget: 'welcome',
  },
  {
    key: 'BADGE',
    name: { en: 'Name badge holder', pl: 'Identyfikator z etui' },
    description: { en: 'Clear badge holder on a lanyard, for conferences and visitors.', pl: 'Przezroczyste etui na identyfikator ze smyczą, na konferencje i dla gości.' },
    kind: 'lanyard',
    colours: ['blue'],
    price: pln(6.99),
    quantityInBox: 50,
    budget: 'welcome',
  },
  {
    key: 'CHARGER',
    name: { en: 'Wireless charger', pl: 'Ładowarka bezprzewodowa' },
    description: { en: '15 W wireless charging pad with a light-up logo.', pl: 'Ładowarka indukcyjna 15 W z podświetlanym logo.' },
    kind: 'powerbank',
    colours: ['white'],
    price: pln(99),
    budget: 'team',
  },
  {
    key: 'CABLE',
    name: { en: 'USB-C cable set', pl: 'Zestaw kabli USB-C' },
    description: { en: 'Three braided USB-C cables: 0.3 m, 1 m and 2 m.', pl: 'Trzy oplatane kable USB-C: 0,3 m, 1 m i 2 m.' },
    kind: 'usb',
    colours: ['black'],
    price: pln(24.99),
    budget: 'welcome',
  },
  {
    key: 'TOTE-JUTE',
    name: { en: 'Jute shopping bag', pl: 'Torba z juty' },
    description: { en: 'Natural jute shopping bag with cotton handles.', pl: 'Torba na zakupy z naturalnej juty z bawełnianymi uchwytami.' },
    kind: 'bag',
    colours: ['green'],
    price: pln(22.99),
    budget: 'welcome',
  },
];

const SHOP_INDEX: Record<DemoShop, 0 | 1 | 2> = { acme: 0, globex: 1, initech: 2 };
const SHOP_LANG: Record<DemoShop, 'en' | 'pl'> = { acme: 'en', globex: 'en', initech: 'pl' };

/** What the demo catalogue of a shop needs from the rest of the seed. */
export interface CatalogueContext {
  now: Date;
  /** Budget ids of the points shop; `null` for money shops (products have no budget). */
  budgets: Record<BudgetKey, number> | null;
}

/** Variant code: the product code with the colour and size, e.g. `ACME-TEE-BLACK-M`. */
export function variantCode(productCode: string, colour: string | null, size: string | null): string {
  return [productCode, colour?.toUpperCase(), size].filter(Boolean).join('-');
}

/** The demo products of one shop, in display order. */
export function demoProducts(shop: DemoShop, context: CatalogueContext): ProductDef[] {
  const index = SHOP_INDEX[shop];
  const lang = SHOP_LANG[shop];
  const pick = (triple: Triple): number => triple[index];
  return TEMPLATES.filter((template) => !template.shops || template.shops.includes(shop)).map((template, position) => {
    const code = `${CODE_PREFIX[shop]}-${template.key}`;
    const colours: (ColourCode | null)[] = template.colours.length > 0 ? template.colours : [null];
    const sizes: (SizeCode | null)[] = template.sizes ?? [null];
    const variants: VariantDef[] = colours.flatMap((colour) =>
      sizes.map((size) => {
        const stock = colour ? template.stock?.[colour] : undefined;
        return {
          code: variantCode(code, colour, size),
          colour,
          size,
          quantityInBox: template.quantityInBox ?? null,
          stock: stock?.stock ?? null,
          availability: stock?.availability ?? 'in_stock',
        };
      }),
    );
    const pictures = template.colours.length > 0 ? template.colours : [template.picture ?? 'white'];
    const tiers = (list: TierTemplate[] | undefined): TierDef[] =>
      (list ?? []).map((tier) => ({ min: tier.min, max: tier.max, price: pick(tier.price) }));
    return {
      code,
      name: template.name[lang],
      description: template.description[lang],
      price: pick(template.price),
      vat: template.vat === undefined ? 23 : template.vat,
      vatIncluded: template.vatIncluded ?? false,
      budgetId: context.budgets ? context.budgets[template.budget] : null,
      minimumQuantity: template.minimumQuantity ?? null,
      minimumTotalQuantity: template.minimumTotalQuantity ?? null,
      isBusinessCard: template.isBusinessCard ?? false,
      images: pictures.map((colour) => productImagePath(template.kind, colour)),
      thresholds: tiers(template.thresholds),
      groupbuy: template.groupbuy
        ? {
            endsAt: new Date(context.now.getTime() + GROUPBUY_DAYS_LEFT * 86_400_000),
            total: template.groupbuy.total,
            tiers: tiers(template.groupbuy.tiers),
          }
        : null,
      variants,
      position,
    };
  });
}

/** Ids of an inserted product and of its variants by variant code. */
export interface InsertedProduct {
  id: number;
  variants: Map<string, number>;
}

/**
 * Writes products with their variants and price tiers into one shop: three statements per batch
 * whatever the number of products. Run it inside a transaction.
 * @returns the inserted products by code.
 */
export async function insertProducts(
  db: Queryable,
  websiteId: number,
  products: readonly ProductDef[],
): Promise<Map<string, InsertedProduct>> {
  const inserted = new Map<string, InsertedProduct>();
  if (products.length === 0) return inserted;
  const productRows = await insertRows<{ id: number; code: string }>(
    db,
    'products',
    [
      'website_id',
      'name',
      'slug',
      'code',
      'description',
      'search_text',
      'calculated_price',
      'vat',
      'vat_included',
      'budget_id',
      'minimum_quantity',
      'minimum_total_quantity',
      'is_business_card',
      'images',
      'groupbuy_active',
      'groupbuy_ends_at',
      'groupbuy_total',
      'position',
    ],
    products.map((p) => [
      websiteId,
      p.name,
      slugify(p.name),
      p.code,
      p.description,
      searchText(p.name, p.code),
      p.price,
      p.vat,
      p.vatIncluded,
      p.budgetId,
      p.minimumQuantity,
      p.minimumTotalQuantity,
      p.isBusinessCard,
      JSON.stringify(p.images),
      p.groupbuy !== null,
      p.groupbuy?.endsAt ?? null,
      p.groupbuy?.total ?? 0,
      p.position,
    ]),
    'id, code',
  );
  const idByCode = new Map(productRows.map((row) => [row.code, row.id]));
  const idOf = (code: string): number => {
    const id = idByCode.get(code);
    if (id === undefined) throw new Error(`Product ${code} was not inserted`);
    return id;
  };

  const variantRows = await insertRows<{ id: number; product_id: number; code: string }>(
    db,
    'product_variants',
    ['product_id', 'code', 'color_code', 'size_code', 'quantity_in_box', 'stock', 'availability', 'position', 'image'],
    products.flatMap((p) =>
      p.variants.map((variant, position) => [
        idOf(p.code),
        variant.code,
        variant.colour,
        variant.size,
        variant.quantityInBox,
        variant.stock,
        variant.availability,
        position,
        colourPicture(p.images, variant.colour),
      ]),
    ),
    'id, product_id, code',
  );
  const codeById = new Map(productRows.map((row) => [row.id, row.code]));
  for (const row of productRows) inserted.set(row.code, { id: row.id, variants: new Map() });
  for (const row of variantRows) {
    const code = codeById.get(row.product_id);
    if (code !== undefined) inserted.get(code)?.variants.set(row.code, row.id);
  }

  await insertRows(
    db,
    'product_tiers',
    ['product_id', 'kind', 'min_quantity', 'max_quantity', 'price'],
    products.flatMap((p) => [
      ...p.thresholds.map((tier) => [idOf(p.code), 'threshold', tier.min, tier.max, tier.price]),
      ...(p.groupbuy?.tiers ?? []).map((tier) => [idOf(p.code), 'groupbuy', tier.min, tier.max, tier.price]),
    ]),
  );
  return inserted;
}

