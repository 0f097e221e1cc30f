import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { PageBlockSchema, PSEUDO_PAGE_SLUGS, WebsiteSettingsSchema } from '../../src/contract/contract.ts';
import { searchText } from '../../src/domain/search-text.ts';
import { openDb, type Db } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';
import { verifyPassword } from '../../server/services/passwords.ts';
import { CODE_PREFIX, DEMO_SHOPS, slugify, WELL_KNOWN_KEYS } from './catalogue.ts';
import { generateProducts, GENERATE_BATCH_SIZE } from './generate.ts';
import { DEMO_PASSWORD, seedDemo } from './index.ts';

const NOW = new Date('2025-06-15T12:00:00Z');
const DAY = 86_400_000;

/** Money compared in whole cents, so float noise cannot fail a check. */
const cents = (x: number) => Math.round(x * 100);

interface ProductRow {
  id: number;
  budget_name: string | null;
  vat: number | null;
  vat_included: boolean;
  minimum_quantity: number | null;
  minimum_total_quantity: number | null;
  is_business_card: boolean;
  groupbuy_active: boolean;
  groupbuy_total: number;
  groupbuy_ends_at: Date | null;
}

let db: Db;
let seedMs = 0;
const shops: Record<string, number> = {};

/** Shorthand for one query's rows. */
async function rows<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await db.query<T>(sql, params)).rows;
}

async function product(code: string, shop: string) {
  const [row] = await rows<ProductRow>(
    'SELECT p.*, b.name AS budget_name FROM products p LEFT JOIN budgets b ON b.id = p.budget_id WHERE p.code = $1 AND p.website_id = $2',
    [code, shops[shop]],
  );
  if (!row) throw new Error(`missing product ${code}`);
  const variants = await rows<{ code: string; color_code: string | null; size_code: string | null; stock: number | null; availability: string; quantity_in_box: number | null }>(
    'SELECT * FROM product_variants WHERE product_id = $1 ORDER BY position',
    [row.id],
  );
  const tiers = await rows<{ kind: string; min_quantity: number; max_quantity: number | null; price: number }>(
    'SELECT kind, min_quantity, max_quantity, price FROM product_tiers WHERE product_id = $1 ORDER BY kind, min_quantity',
    [row.id],
  );
  return {
    ...row,
    variants,
    thresholds: tiers.filter((tier) => tier.kind === 'threshold').map(({ kind: _kind, ...tier }) => tier),
    groupbuy: tiers.filter((tier) => tier.kind === 'groupbuy').map(({ kind: _kind, ...tier }) => tier),
  };
}

async function counts(): Promise<Record<string, number>> {
  const tables = ['websites', 'users', 'website_users', 'products', 'product_variants', 'product_tiers', 'pages', 'popups', 'orders', 'order_items', 'budget_ledger', 'user_budgets', 'files', 'addresses'];
  const out: Record<string, number> = {};
  for (const table of tables) out[table] = (await rows<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n ?? -1;
  return out;
}

beforeAll(async () => {
  db = await openDb({ dataDir: 'memory://' });
  await migrate(db);
  const started = performance.now();
  await seedDemo(db, { now: NOW });
  seedMs = performance.now() - started;
  for (const row of await rows<{ id: number; slug: string }>('SELECT id, slug FROM websites')) shops[row.slug] = row.id;
}, 60_000);

afterAll(async () => {
  await db?.close();
});

describe('searchText', () => {
  it('should lower-case, strip accents (ł included) and turn punctuation into spaces', () => {
    expect(searchText('Kubek ŻÓŁTY', 'INI-MUG-CAFE')).toBe('kubek zolty ini mug cafe');
    expect(searchText('Długopis ręczny', 'x')).toBe('dlugopis reczny x');
    expect(searchText('  Laptop sleeve 15"  ', 'GLX-SLEEVE')).toBe('laptop sleeve 15 glx sleeve');
    expect(searchText('Crème brûlée — Zürich')).toBe('creme brulee zurich');
  });

  it('should make slugs from names', () => {
    expect(slugify('Kubek żółty')).toBe('kubek-zolty');
    expect(slugify("Kids' T-shirt")).toBe('kids-t-shirt');
  });
});

describe('seedDemo', () => {
  it('should be quick (it runs for every server test file)', () => {
    expect(seedMs).toBeLessThan(5000);
  });

  it('should create the three shops with their rules and settings', async () => {
    const websites = await rows<Record<string, unknown> & { slug: string; settings: unknown }>('SELECT * FROM websites ORDER BY slug');
    expect(websites.map((w) => w.slug)).toEqual(['acme', 'globex', 'initech']);
    const [acme, globex, initech] = websites;
    expect(acme).toMatchObject({
      name: 'ACME Corporation',
      currency: 'pkt',
      payment_type: 'budget',
      lang: 'en',
      is_gross: false,
      login_required: true,
      registration_type: 'budget_form',
      mpk_required: true,
      popup_enabled: true,
      livechat_enabled: false,
      settings: { accent_colour: null, font: null, button_style: 'round', logo: 'shops/acme/logo.svg', favicon: 'shops/acme/favicon.svg' },
    });
    expect(globex).toMatchObject({
      currency: 'PLN',
      payment_type: 'invoice',
      is_gross: true,
      login_required: false,
      registration_type: 'invoice_noform',
      popup_enabled: true,
      settings: { accent_colour: 'rgb(37 99 235)', button_style: 'medium' },
    });
    expect(initech).toMatchObject({
      currency: 'EUR',
      lang: 'pl',
      registration_type: 'invoice_form',
      shipping_only_to_specific_address: true,
      livechat_enabled: true,
      livechat_script: '/storage/livechat/initech-chat.js',
      popup_enabled: false,
      settings: { accent_colour: 'rgb(5 150 105)', font: 'Lora', button_style: 'square' },
    });
    for (const website of websites) expect(() => v.parse(WebsiteSettingsSchema, website.settings)).not.toThrow();

    const methods = await rows<{ slug: string; codes: string }>(
      `SELECT w.slug, string_agg(pm.code, ',' ORDER BY pm.position) AS codes FROM payment_methods pm JOIN websites w ON w.id = pm.website_id GROUP BY w.slug ORDER BY w.slug`,
    );
    expect(methods).toEqual([
      { slug: 'acme', codes: 'budget' },
      { slug: 'globex', codes: 'invoice,online' },
      { slug: 'initech', codes: 'invoice,online' },
    ]);
  });

  it('should store every referenced file once: pictures, logos, favicons and the live-chat script', async () => {
    const files = new Map((await rows<{ path: string; content_type: string }>('SELECT path, content_type FROM files')).map((f) => [f.path, f.content_type]));
    const images = await rows<{ images: string[] }>('SELECT images FROM products');
    expect(images.filter((p) => p.images.length === 0)).toEqual([]);
    const referenced = new Set(images.flatMap((p) => p.images));
    expect([...referenced].filter((path) => files.get(path) !== 'image/svg+xml')).toEqual([]);
    for (const shop of DEMO_SHOPS) {
      expect(files.get(`shops/${shop}/logo.svg`)).toBe('image/svg+xml');
      expect(files.get(`shops/${shop}/favicon.svg`)).toBe('image/svg+xml');
    }
    expect(files.get('livechat/initech-chat.js')).toMatch(/javascript/);
    const [svg] = await rows<{ text: string }>("SELECT convert_from(data, 'UTF8') AS text FROM files WHERE path = 'products/tshirt-black.svg'");
    expect(svg?.text).toMatch(/^<svg [^>]*role="img"[^>]*>.*<title[^>]*>Black T-shirt<\/title>/s);
    const [script] = await rows<{ text: string }>("SELECT convert_from(data, 'UTF8') AS text FROM files WHERE path = 'livechat/initech-chat.js'");
    expect(script?.text).toContain('business day');
    expect(script?.text).not.toMatch(/fetch\(|XMLHttpRequest|WebSocket/);
  });

  it('should give each shop 32+ products whose search text and slug follow the rules', async () => {
    for (const shop of DEMO_SHOPS) {
      const list = await rows<{ name: string; code: string; slug: string; search_text: string; vat: number | null }>(
        'SELECT name, code, slug, search_text, vat FROM products WHERE website_id = $1',
        [shops[shop]],
      );
      expect(list.length).toBeGreaterThanOrEqual(32);
      for (const p of list) {
        expect(p.code.startsWith(`${CODE_PREFIX[shop]}-`)).toBe(true);
        expect(p.search_text).toBe(searchText(p.name, p.code));
        expect(p.slug).toBe(slugify(p.name));
      }
      expect(list.filter((p) => p.vat === 8)).toHaveLength(1);
      expect(list.filter((p) => p.vat === null)).toHaveLength(1);
      expect(list.filter((p) => p.vat !== 23 && p.vat !== 8 && p.vat !== null)).toHaveLength(0);
    }
  });

  it('should have every well-known product in every shop', async () => {
    for (const shop of DEMO_SHOPS) {
      const codes = new Set((await rows<{ code: string }>('SELECT code FROM products WHERE website_id = $1', [shops[shop]])).map((r) => r.code));
      for (const key of WELL_KNOWN_KEYS) expect(codes.has(`${CODE_PREFIX[shop]}-${key}`), `${CODE_PREFIX[shop]}-${key}`).toBe(true);
    }
  });

  it('should make P-TEE 3 colours × 4 sizes with three decreasing thresholds', async () => {
    const tee = await product('GLX-TEE', 'globex');
    expect(tee.variants).toHaveLength(12);
    expect(new Set(tee.variants.map((x) => x.color_code))).toEqual(new Set(['black', 'white', 'navy']));
    expect(new Set(tee.variants.map((x) => x.size_code))).toEqual(new Set(['S', 'M', 'L', 'XL']));
    expect(tee.thresholds).toEqual([
      { min_quantity: 1, max_quantity: 99, price: 39.99 },
      { min_quantity: 100, max_quantity: 499, price: 34.99 },
      { min_quantity: 500, max_quantity: null, price: 29.99 },
    ]);
    expect((await product('ACME-TEE', 'acme')).thresholds.map((t) => t.price)).toEqual([40, 35, 30]);
  });

  it('should give P-MUG tiers 1–49, 50–99 and 100+', async () => {
    const mug = await product('INI-MUG', 'initech');
    expect(mug.variants.map((x) => x.color_code)).toEqual(['white', 'black']);
    expect(mug.thresholds.map((t) => [t.min_quantity, t.max_quantity])).toEqual([
      [1, 49],
      [50, 99],
      [100, null],
    ]);
  });

  it('should run an active P-HOODIE group buy 5 pieces short of the next tier, ending in 14 days', async () => {
    for (const shop of DEMO_SHOPS) {
      const hoodie = await product(`${CODE_PREFIX[shop]}-HOODIE`, shop);
      expect(hoodie.groupbuy_active).toBe(true);
      expect(hoodie.groupbuy_total).toBe(45);
      expect(hoodie.groupbuy_ends_at?.getTime()).toBe(NOW.getTime() + 14 * DAY);
      expect(hoodie.groupbuy.map((t) => [t.min_quantity, t.max_quantity])).toEqual([
        [1, null],
        [50, null],
        [100, null],
      ]);
      const prices = hoodie.groupbuy.map((t) => t.price);
      expect(prices[0]).toBeGreaterThan(prices[1] ?? Infinity);
      expect(prices[1]).toBeGreaterThan(prices[2] ?? Infinity);
    }
  });

  it('should give P-PEN a minimum of 50 per line in boxes of 50, and P-NOTE a minimum of 20 across colours', async () => {
    const pen = await product('ACME-PEN', 'acme');
    expect(pen.minimum_quantity).toBe(50);
    expect(pen.variants.every((x) => x.quantity_in_box === 50)).toBe(true);
    const note = await product('ACME-NOTE', 'acme');
    expect(note.minimum_total_quantity).toBe(20);
    expect(note.minimum_quantity).toBeNull();
    expect(note.variants.map((x) => x.color_code)).toEqual(['red', 'green', 'blue']);
  });

  it('should make P-CARD a one-variant business card and P-BOTTLE show every availability', async () => {
    const card = await product('GLX-CARD', 'globex');
    expect(card.is_business_card).toBe(true);
    expect(card.variants).toHaveLength(1);
    const bottle = await product('GLX-BOTTLE', 'globex');
    expect(bottle.variants.map((x) => [x.color_code, x.stock, x.availability])).toEqual([
      ['grey', 15, 'in_stock'],
      ['blue', 0, 'in_delivery'],
      ['red', 0, 'out_of_stock'],
    ]);
  });

  it('should set the VAT cases on P-CAP (included), P-BAG (8 %) and P-UMBRELLA (none)', async () => {
    expect(await product('INI-CAP', 'initech')).toMatchObject({ vat_included: true, vat: 23 });
    expect(await product('INI-BAG', 'initech')).toMatchObject({ vat_included: false, vat: 8 });
    expect(await product('INI-UMBRELLA', 'initech')).toMatchObject({ vat_included: false, vat: null });
  });

  it('should tie acme products to budgets: ACME-OLD to the expired Winter 2025, hoodie and cap to Team events', async () => {
    expect(await product('ACME-OLD', 'acme')).toMatchObject({ budget_name: 'Winter 2025' });
    expect(await product('ACME-HOODIE', 'acme')).toMatchObject({ budget_name: 'Team events' });
    expect(await product('ACME-CAP', 'acme')).toMatchObject({ budget_name: 'Team events' });
    const others = await rows<{ code: string; name: string | null }>(
      "SELECT p.code, b.name FROM products p LEFT JOIN budgets b ON b.id = p.budget_id WHERE p.website_id = $1 AND p.code <> 'ACME-OLD'",
      [shops.acme],
    );
    expect(others.filter((row) => row.name !== 'Welcome pack' && row.name !== 'Team events')).toEqual([]);
    const money = await rows('SELECT 1 FROM products WHERE website_id <> $1 AND budget_id IS NOT NULL', [shops.acme]);
    expect(money).toHaveLength(0);
    const points = await rows<{ calculated_price: number }>('SELECT calculated_price FROM products WHERE website_id = $1', [shops.acme]);
    expect(points.every((p) => Number.isInteger(p.calculated_price))).toBe(true);
  });

  it('should find accented products without accents', async () => {
    const hits = await rows<{ code: string }>('SELECT code FROM products WHERE search_text LIKE $1 ORDER BY code', [`%${searchText('zolty')}%`]);
    expect(hits.map((h) => h.code)).toContain('INI-MUG-CAFE');
    const pens = await rows<{ code: string }>('SELECT code FROM products WHERE search_text LIKE $1', ['%dlugopis reczny%']);
    expect(pens.map((h) => h.code)).toContain('INI-PEN-GEL');
    const krakow = await rows<{ code: string }>('SELECT code FROM products WHERE website_id = $1 AND search_text LIKE $2', [shops.acme, '%krakow%']);
    expect(krakow.map((h) => h.code)).toContain('ACME-NOTE-KRK');
  });

  it('should create the pages of every shop, with a homepage using every block type', async () => {
    for (const shop of DEMO_SHOPS) {
      const pages = await rows<{ slug: string; type: string; is_deletable: number; content: { blocks?: unknown; html?: string } }>(
        'SELECT slug, type, is_deletable, content FROM pages WHERE website_id = $1 ORDER BY position',
        [shops[shop]],
      );
      expect(pages.map((p) => p.slug)).toEqual(['homepage', 'privacy-policy', 'terms-of-use', 'about-us', ...PSEUDO_PAGE_SLUGS]);
      expect(pages.filter((p) => p.is_deletable !== 0).map((p) => p.slug)).toEqual(['about-us']);
      expect(pages.filter((p) => p.type === 'pseudo')).toHaveLength(5);
      const homepage = pages[0];
      expect(homepage?.type).toBe('homepage');
      const blocks = v.parse(v.array(PageBlockSchema), homepage?.content.blocks);
      expect(new Set(blocks.map((b) => b.type))).toEqual(new Set(['hero', 'rich_text', 'product_carousel', 'image_grid', 'cta']));
      const carousels = blocks.filter((b) => b.type === 'product_carousel');
      expect(carousels.some((b) => b.search)).toBe(true);
      const ids = carousels.flatMap((b) => b.product_ids ?? []);
      expect(ids).toHaveLength(4);
      const found = await rows('SELECT id FROM products WHERE website_id = $1 AND id = ANY($2::int[])', [shops[shop], ids]);
      expect(found).toHaveLength(4);
      for (const page of pages.filter((p) => p.type === 'content')) expect(page.content.html).toMatch(/<p>/);
    }
    const [privacy] = await rows<{ content: { html: string } }>("SELECT content FROM pages WHERE website_id = $1 AND slug = 'privacy-policy'", [shops.initech]);
    expect(privacy?.content.html).toContain('Polityka prywatności');
  });

  it('should put popups on the acme homepage and cart and the globex homepage only', async () => {
    const popups = await rows<{ slug: string; page: string; popup_data: { title: string; html: string } }>(
      'SELECT w.slug, p.slug AS page, pp.popup_data FROM popups pp JOIN pages p ON p.id = pp.page_id JOIN websites w ON w.id = pp.website_id ORDER BY pp.id',
    );
    expect(popups.map((p) => `${p.slug}/${p.page}`)).toEqual(['acme/homepage', 'acme/cart', 'globex/homepage']);
    for (const popup of popups) expect(popup.popup_data).toEqual({ title: expect.any(String), html: expect.stringMatching(/^<p>/) });
  });

  it('should create the accounts with the demo password and their shop roles', async () => {
    const users = await rows<{ email: string; password_hash: string }>('SELECT email, password_hash FROM users ORDER BY email');
    expect(users.map((u) => u.email)).toEqual([
      'buyer@acme.test',
      'buyer@globex.test',
      'buyer@initech.test',
      'coordinator@acme.test',
      'coordinator@globex.test',
      'coordinator@initech.test',
      'nobudget@acme.test',
    ]);
    const verified = await Promise.all(users.map(async (user) => [user.email, await verifyPassword(DEMO_PASSWORD, user.password_hash)]));
    expect(verified.filter(([, ok]) => !ok)).toEqual([]);
    expect(await verifyPassword('wrong-password', users[0]?.password_hash)).toBe(false);

    const access = await rows<{ email: string; slug: string; role: string; coordinator: string | null }>(
      `SELECT u.email, w.slug, wu.role, c.email AS coordinator FROM website_users wu
         JOIN users u ON u.id = wu.user_id JOIN websites w ON w.id = wu.website_id LEFT JOIN users c ON c.id = wu.coordinator_id
        ORDER BY u.email`,
    );
    expect(access).toEqual([
      { email: 'buyer@acme.test', slug: 'acme', role: 'buyer', coordinator: 'coordinator@acme.test' },
      { email: 'buyer@globex.test', slug: 'globex', role: 'buyer', coordinator: 'coordinator@globex.test' },
      { email: 'buyer@initech.test', slug: 'initech', role: 'buyer', coordinator: 'coordinator@initech.test' },
      { email: 'coordinator@acme.test', slug: 'acme', role: 'coordinator', coordinator: null },
      { email: 'coordinator@globex.test', slug: 'globex', role: 'coordinator', coordinator: null },
      { email: 'coordinator@initech.test', slug: 'initech', role: 'coordinator', coordinator: null },
      { email: 'nobudget@acme.test', slug: 'acme', role: 'buyer', coordinator: 'coordinator@acme.test' },
    ]);
    const [anna] = await rows("SELECT name, surname, phone, job_title, buyer_id, cost_center FROM users WHERE email = 'buyer@acme.test'");
    expect(anna).toEqual({ name: 'Anna', surname: 'Nowak', phone: '+48 600 100 200', job_title: 'Office manager', buyer_id: 'ACME-B-001', cost_center: 'MPK-100' });
  });

  it('should save the address books of buyer@acme and buyer@initech', async () => {
    const book = await rows<{ email: string; type: string; city: string; nip: string }>(
      'SELECT u.email, a.type, a.city, a.nip FROM addresses a JOIN users u ON u.id = a.user_id ORDER BY a.id',
    );
    expect(book.filter((a) => a.email === 'buyer@acme.test').map((a) => a.type)).toEqual(['delivery', 'billing']);
    expect(book.filter((a) => a.email === 'buyer@initech.test')).toEqual([
      { email: 'buyer@initech.test', type: 'delivery', city: 'Warszawa', nip: '' },
      { email: 'buyer@initech.test', type: 'billing', city: 'Warszawa', nip: '5260250274' },
      { email: 'buyer@initech.test', type: 'specific', city: 'Łódź', nip: '' },
    ]);
  });

  it('should assign acme budgets: two active and one expired for buyer@acme, only an expired one for nobudget@acme', async () => {
    const assignments = await rows<{ email: string; name: string; points: number; points_spent: number; start_date: Date; expiry_date: Date }>(
      `SELECT u.email, b.name, ub.points, ub.points_spent, ub.start_date, ub.expiry_date FROM user_budgets ub
         JOIN users u ON u.id = ub.user_id JOIN budgets b ON b.id = ub.budget_id ORDER BY ub.id`,
    );
    const active = (a: { start_date: Date; expiry_date: Date }) => a.start_date.getTime() <= NOW.getTime() && a.expiry_date.getTime() > NOW.getTime();
    expect(assignments.map((a) => [a.email, a.name, a.points, active(a)])).toEqual([
      ['buyer@acme.test', 'Welcome pack', 1000, true],
      ['buyer@acme.test', 'Team events', 300, true],
      ['buyer@acme.test', 'Winter 2025', 500, false],
      ['nobudget@acme.test', 'Welcome pack', 200, false],
    ]);
    expect(assignments[0]?.expiry_date.getTime()).toBe(NOW.getTime() + 335 * DAY);
    expect(assignments[2]?.expiry_date.getTime()).toBe(NOW.getTime() - 35 * DAY);
    expect(assignments.map((a) => a.points_spent)).toEqual([200, 0, 0, 0]);

    const ledger = await rows<{ id: number; points_spent: number; total: number }>(
      'SELECT ub.id, ub.points_spent, COALESCE(SUM(l.delta), 0) AS total FROM user_budgets ub LEFT JOIN budget_ledger l ON l.user_budget_id = ub.id GROUP BY ub.id',
    );
    for (const row of ledger) expect(row.total).toBe(row.points_spent);
  });

  it('should price past orders consistently with their lines', async () => {
    const orders = await rows<{
      id: number;
      name: string;
      status: string;
      total_net: number;
      total_gross: number;
      total_points: number;
      delivery_price: number;
      is_gross: boolean;
      created_at: Date;
      delivery_method: { id: number; type: string; name: string; price: number };
      contact: Record<string, string>;
    }>('SELECT * FROM orders ORDER BY id');
    expect(orders.map((o) => `${o.name}:${o.status}`)).toEqual([
      'ACME-000001:complete',
      'ACME-000002:in_progress',
      'ACME-000003:new',
      'GLOBEX-000001:complete',
      'GLOBEX-000002:in_progress',
      'INITECH-000001:complete',
      'INITECH-000002:new',
    ]);
    for (const order of orders) {
      expect(order.created_at.getTime()).toBeLessThan(NOW.getTime());
      expect(Object.keys(order.contact).sort()).toEqual(['email', 'name', 'phone', 'surname']);
      expect(order.delivery_method).toEqual({ id: expect.any(Number), type: expect.any(String), name: expect.any(String), price: order.delivery_price });
      const items = await rows<{ quantity: number; unit_price: number; vat: number; line_net: number; line_gross: number; variant_id: number | null }>(
        'SELECT * FROM order_items WHERE order_id = $1',
        [order.id],
      );
      expect(items.length).toBeGreaterThan(0);
      // The order route's rounding rule (docs/api.md "Prices and rounding"): the unit price is stored as
      // the shop showed it, and the shown line (gross in a gross order, net otherwise, points as they are)
      // is unit × quantity exactly; the other form is the line's share of its VAT rate, within a cent or two.
      // Delivery is one more line at 23 %, shown as the order shows prices.
      const points = order.name.startsWith('ACME-');
      const shown = (line: { line_net: number; line_gross: number }) => cents(order.is_gross && !points ? line.line_gross : line.line_net);
      const other = (line: { line_net: number; line_gross: number }) => cents(order.is_gross && !points ? line.line_net : line.line_gross);
      for (const item of items) {
        expect(item.variant_id).not.toBeNull();
        expect(shown(item)).toBe(Math.round(item.unit_price * item.quantity * 100));
        // Points: gross is net; money: gross is net plus the line's VAT, within a cent or two.
        const vatRate = points ? 0 : item.vat;
        expect(Math.abs(cents(item.line_gross) - Math.round(item.line_net * (1 + vatRate / 100) * 100))).toBeLessThanOrEqual(points ? 0 : 2);
      }
      const deliveryShown = points || !order.is_gross ? cents(order.delivery_price) : Math.round(order.delivery_price * 1.23 * 100);
      const deliveryOther = points ? cents(order.delivery_price) : order.is_gross ? cents(order.delivery_price) : Math.round(order.delivery_price * 1.23 * 100);
      const totals = { line_net: order.total_net, line_gross: order.total_gross };
      expect(shown(totals)).toBe(items.reduce((sum, item) => sum + shown(item), 0) + deliveryShown);
      expect(Math.abs(other(totals) - items.reduce((sum, item) => sum + other(item), 0) - deliveryOther)).toBeLessThanOrEqual(2);
    }
    const acmeTotals = orders.filter((o) => o.name.startsWith('ACME-')).map((o) => o.total_points);
    expect(acmeTotals).toEqual([100, 75, 25]);
  });

  it('should create three delivery methods per shop and the acme budgets that pay for them', async () => {
    const methods = await rows<{ slug: string; type: string; price: number; pickup_address: unknown }>(
      'SELECT w.slug, d.type, d.price, d.pickup_address FROM delivery_methods d JOIN websites w ON w.id = d.website_id ORDER BY w.slug, d.position',
    );
    expect(methods.map((m) => `${m.slug}/${m.type}/${m.price}`)).toEqual([
      'acme/courier/0',
      'acme/self_pickup/0',
      'acme/specific_address/0',
      'globex/courier/19.99',
      'globex/self_pickup/0',
      'globex/specific_address/29.99',
      'initech/courier/9.9',
      'initech/self_pickup/0',
      'initech/specific_address/14.9',
    ]);
    for (const m of methods.filter((x) => x.type === 'self_pickup')) {
      expect(m.pickup_address).toEqual({ street: expect.any(String), city: expect.any(String), zip: expect.any(String), country: 'PL' });
    }
    expect(methods.filter((x) => x.type !== 'self_pickup' && x.pickup_address !== null)).toEqual([]);
    const paid = await rows<{ type: string; name: string; price: number }>(
      'SELECT d.type, b.name, dmb.price FROM delivery_method_budgets dmb JOIN delivery_methods d ON d.id = dmb.delivery_method_id JOIN budgets b ON b.id = dmb.budget_id ORDER BY d.id, b.id',
    );
    expect(paid).toEqual([
      { type: 'courier', name: 'Welcome pack', price: 25 },
      { type: 'courier', name: 'Team events', price: 25 },
      { type: 'specific_address', name: 'Welcome pack', price: 40 },
    ]);
  });

  it('should leave the outbox and registration requests empty', async () => {
    expect(await rows('SELECT 1 FROM outbox')).toHaveLength(0);
    expect(await rows('SELECT 1 FROM registration_requests')).toHaveLength(0);
  });

  it('should do nothing when called again', async () => {
    const before = await counts();
    await seedDemo(db, { now: new Date() });
    expect(await counts()).toEqual(before);
  });
});

describe('generateProducts', () => {
  it('should insert N searchable products across batches, with variants and pictures', async () => {
    const count = GENERATE_BATCH_SIZE + 20;
    expect(await generateProducts(db, 'globex', count, { now: NOW })).toBe(count);
    const generated = await rows<{ code: string; name: string; search_text: string; images: string[]; variants: number; budget_id: number | null }>(
      `SELECT p.code, p.name, p.search_text, p.images, p.budget_id, (SELECT count(*)::int FROM product_variants v WHERE v.product_id = p.id) AS variants
         FROM products p WHERE p.website_id = $1 AND p.code LIKE 'GEN-%' ORDER BY p.code`,
      [shops.globex],
    );
    expect(generated).toHaveLength(count);
    expect(generated[0]?.code).toBe('GEN-000001');
    expect(generated.at(-1)?.code).toBe(`GEN-${String(count).padStart(6, '0')}`);
    const files = new Set((await rows<{ path: string }>('SELECT path FROM files')).map((f) => f.path));
    for (const p of generated) {
      expect(p.search_text).toBe(searchText(p.name, p.code));
      expect(p.variants).toBeGreaterThan(0);
      expect(p.budget_id).toBeNull();
      expect(p.images.filter((image) => !files.has(image))).toEqual([]);
    }
    expect(generated.filter((p) => p.name !== searchText(p.name)).length).toBeGreaterThan(0);
    const accented = generated.filter((p) => /[ąćęłńóśźż]/i.test(p.name));
    expect(accented.length).toBeGreaterThan(count / 10);
    const sample = accented[0];
    if (!sample) throw new Error('no accented product');
    const hits = await rows<{ code: string }>('SELECT code FROM products WHERE website_id = $1 AND search_text LIKE $2', [shops.globex, `%${searchText(sample.name)}%`]);
    expect(hits.map((h) => h.code)).toContain(sample.code);
  }, 60_000);

  it('should be deterministic and continue the numbering on a second call', async () => {
    await generateProducts(db, 'acme', 10, { now: NOW });
    const names = async (shop: string) =>
      rows<{ code: string; name: string }>("SELECT code, name FROM products WHERE website_id = $1 AND code LIKE 'GEN-%' ORDER BY code LIMIT 10", [shops[shop]]);
    expect(await names('acme')).toEqual(await names('globex'));
    const budgets = await rows<{ name: string }>(
      "SELECT DISTINCT b.name FROM products p JOIN budgets b ON b.id = p.budget_id WHERE p.website_id = $1 AND p.code LIKE 'GEN-%'",
      [shops.acme],
    );
    expect(budgets.map((b) => b.name)).not.toContain('Winter 2025');
    await generateProducts(db, 'acme', 5, { now: NOW });
    const [last] = await rows<{ code: string }>("SELECT max(code) AS code FROM products WHERE website_id = $1 AND code LIKE 'GEN-%'", [shops.acme]);
    expect(last?.code).toBe('GEN-000015');
  });

  it('should refuse an unknown shop', async () => {
    await expect(generateProducts(db, 'nope', 1)).rejects.toThrow(/Unknown shop/);
  });
});
