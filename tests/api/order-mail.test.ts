import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlaceOrderResponseSchema } from '../../src/contract/contract.ts';
import { storefrontUrl } from '../../server/config.ts';
import { mailAmount } from '../../server/services/order-mail.ts';
import { ORDER_CONTACT, acmePointsOrder, firstRow } from './order-fixtures.ts';
import { startTestServer, type TestServer } from './harness.ts';

/** The order e-mail (docs/api.md "POST /api/order"): one mail per placed order, in the shop's language. */

let server: TestServer;
let globexBuyer: string;
let initechBuyer: string;
let acmeBuyer: string;

const newKey = () => `test-${randomUUID()}`;
const id = async (sql: string, params: unknown[]) => (await firstRow<{ id: number }>(server.db, sql, params)).id;
const variantLine = async (productCode: string, variantCode: string, quantity: number) => ({
  product_id: await id('SELECT id FROM products WHERE code = $1', [productCode]),
  variant_id: await id('SELECT id FROM product_variants WHERE code = $1', [variantCode]),
  quantity,
});
const methodId = async (shop: string, type: string) => id('SELECT id FROM delivery_methods WHERE website_id = $1 AND type = $2', [server.shops[shop], type]);
const placeOrder = (token: string, body: unknown, key = newKey(), lang?: string) =>
  server.json('/api/order', { body, token, headers: { 'Idempotency-Key': key, ...(lang ? { 'Accept-Language': lang } : {}) } });

/** The mails queued to `to`, oldest first. */
async function mailsTo(to: string) {
  const { rows } = await server.db.query<{ website_id: number; subject: string; body: string }>('SELECT website_id, subject, body FROM outbox WHERE to_email = $1 ORDER BY id', [to]);
  return rows;
}

/** An English mail amount ("5,164.80") in cents. */
const number = (text: string) => Math.round(Number(text.replaceAll(',', '')) * 100);

/** A contact with an address of its own, so each test counts only its own mails. */
const contact = (extra: Record<string, string> = {}) => ({ ...ORDER_CONTACT, email: `buyer-${randomUUID().slice(0, 8)}@example.com`, ...extra });

beforeAll(async () => {
  server = await startTestServer();
  [globexBuyer, initechBuyer, acmeBuyer] = await Promise.all([
    server.login('buyer@globex.test', 'globex'),
    server.login('buyer@initech.test', 'initech'),
    server.login('buyer@acme.test', 'acme'),
  ]);
});

afterAll(async () => {
  await server?.close();
});

describe('the order e-mail', () => {
  it('should queue one English mail to the contact e-mail with the order number, lines, totals, delivery, payment and a link', async () => {
    const to = contact().email;
    const body = {
      website_id: server.shops.globex,
      items: [await variantLine('GLX-MUG', 'GLX-MUG-WHITE', 2)],
      delivery_method_id: await methodId('globex', 'self_pickup'),
      billing_same_as_delivery: false,
      billing_address: { name: 'John', surname: 'Smith', company: 'Globex Sp. z o.o.', nip: '6772480003', street: 'ul. Lubicz 17', city: 'Kraków', zip: '31-503', country: 'PL' },
      payment_method: 'invoice',
      contact: { ...ORDER_CONTACT, email: to },
      comment: 'Call https://evil.example before delivery',
    };
    const result = await placeOrder(globexBuyer, body);
    expect(result.status).toBe(201);
    const { order } = v.parse(PlaceOrderResponseSchema, result.body);

    const mails = await mailsTo(to);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.website_id).toBe(server.shops.globex);
    expect(mail!.subject).toContain(order.name);
    expect(mail!.body).toContain(`Your order number is ${order.name}.`);
    // The mug's 24.99 net is 30.74 gross in globex: the line reads quantity × unit = total.
    expect(mail!.body).toContain(`- ${order.items[0]!.name} (GLX-MUG-WHITE, colour white): 2 × 30.74 PLN = 61.48 PLN`);
    expect(mail!.body).toContain('Ordered products (prices gross):');
    expect(mail!.body).toContain(`Total net: ${mailAmount(order.total_net, 'PLN', 'en')}`);
    expect(mail!.body).toContain(`Total gross: ${mailAmount(order.total_gross, 'PLN', 'en')}`);
    expect(mail!.body).toContain(`Delivery: ${order.delivery_method.name}, 0.00 PLN gross`);
    expect(mail!.body).toContain('Payment: Invoice');
    expect(mail!.body).toContain(`${storefrontUrl(server.config, 'globex')}/user/orders/${encodeURIComponent(order.name)}`);
    // What the buyer typed is quoted defanged: no link in the shop's name.
    expect(mail!.body).toContain('Comment: Call hxxps[:]//evil[.]example before delivery');
    expect(mail!.body).not.toContain('https://evil.example');
  });

  it("should show every line as unit × quantity = total and the delivery in the shop's form, adding up to the totals (globex, gross)", async () => {
    const to = contact().email;
    const body = {
      website_id: server.shops.globex,
      items: [await variantLine('GLX-TEE', 'GLX-TEE-BLACK-M', 60), await variantLine('GLX-TEE', 'GLX-TEE-WHITE-L', 60), await variantLine('GLX-MUG', 'GLX-MUG-WHITE', 3), await variantLine('GLX-BAG', 'GLX-BAG-WHITE', 2)],
      delivery_method_id: await methodId('globex', 'courier'),
      delivery_address: { name: 'John', surname: 'Smith', street: 'ul. Długa 1', city: 'Kraków', zip: '31-147', country: 'PL' },
      billing_same_as_delivery: false,
      billing_address: { name: 'John', surname: 'Smith', company: 'Globex Sp. z o.o.', nip: '6772480003', street: 'ul. Lubicz 17', city: 'Kraków', zip: '31-503', country: 'PL' },
      payment_method: 'invoice',
      contact: { ...ORDER_CONTACT, email: to },
    };
    const result = await placeOrder(globexBuyer, body);
    expect(result.status).toBe(201);
    const { order } = v.parse(PlaceOrderResponseSchema, result.body);
    const [mail] = await mailsTo(to);
    const lines = [...mail!.body.matchAll(/^- .+: (\d+) × ([\d,.]+) PLN = ([\d,.]+) PLN$/gm)].map((match) => ({ quantity: Number(match[1]), unit: number(match[2]!), total: number(match[3]!) }));
    expect(lines.map(({ quantity, unit, total }) => [quantity, unit / 100, total / 100])).toEqual([
      [60, 43.04, 2582.4],
      [60, 43.04, 2582.4],
      [3, 30.74, 92.22],
      [2, 21.59, 43.18],
    ]);
    for (const { quantity, unit, total } of lines) expect(Math.round(unit * quantity)).toBe(total);
    // The courier's 19.99 net, as globex shows it: 24.59 gross.
    const delivery = /^Delivery: .+, ([\d,.]+) PLN gross$/m.exec(mail!.body);
    expect(delivery?.[1]).toBe('24.59');
    const amountOf = (label: string) => number(new RegExp(`^${label}: ([\\d,.]+) PLN$`, 'm').exec(mail!.body)?.[1] ?? 'NaN');
    expect(lines.reduce((sum, line) => sum + line.total, 0) + number(delivery![1]!)).toBe(amountOf('Total gross'));
    expect(amountOf('Total net') + amountOf('VAT')).toBe(amountOf('Total gross'));
    expect(amountOf('Total gross')).toBe(Math.round(order.total_gross * 100));
    expect(amountOf('Total net')).toBe(Math.round(order.total_net * 100));
  });

  it('should write it in Polish in a Polish shop (initech), net totals in EUR', async () => {
    const to = contact().email;
    const body = {
      website_id: server.shops.initech,
      items: [await variantLine('INI-MUG', 'INI-MUG-WHITE', 10)],
      delivery_method_id: await methodId('initech', 'specific_address'),
      delivery_address: { name: 'John', surname: 'Smith', street: 'ul. Długa 1', city: 'Kraków', zip: '31-147', country: 'PL', company: 'Initech Kraków', nip: '5260250274' },
      billing_same_as_delivery: true,
      payment_method: 'invoice',
      contact: { ...ORDER_CONTACT, email: to },
    };
    const result = await placeOrder(initechBuyer, body);
    expect(result.status).toBe(201);
    const { order } = v.parse(PlaceOrderResponseSchema, result.body);

    const mails = await mailsTo(to);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(`zamówienie ${order.name}`);
    expect(mails[0]!.body).toContain(`Numer zamówienia: ${order.name}.`);
    expect(mails[0]!.body).toContain(`Razem netto: ${mailAmount(73.9, 'EUR', 'pl')}`);
    expect(mails[0]!.body).toContain(`Razem brutto: ${mailAmount(90.9, 'EUR', 'pl')}`);
    expect(mailAmount(73.9, 'EUR', 'pl')).toBe('73,90 EUR');
    expect(mails[0]!.body).toContain('Zamówione produkty (ceny netto):');
    expect(mails[0]!.body).toMatch(/^Dostawa: .+, [\d,]+ EUR netto$/m);
    expect(mails[0]!.body).toMatch(/: 10 × [\d,]+ EUR = [\d ,]+ EUR$/m);
    expect(mails[0]!.body).toContain('Płatność: Faktura');
    // Values named in Polish as the storefront names them: the colour and the country.
    expect(mails[0]!.body).toContain('kolor biały');
    expect(mails[0]!.body).toContain('Adres dostawy: John Smith, Initech Kraków, ul. Długa 1, 31-147 Kraków, Polska');
  });

  it('should refuse a new delivery address without its recipient, and name the recipient in the mail', async () => {
    const to = contact().email;
    const body = {
      website_id: server.shops.initech,
      items: [await variantLine('INI-MUG', 'INI-MUG-WHITE', 1)],
      delivery_method_id: await methodId('initech', 'specific_address'),
      delivery_address: { name: '', surname: '', street: 'ul. Długa 1', city: 'Kraków', zip: '31-147', country: 'PL', company: 'Initech Kraków', nip: '5260250274' },
      billing_same_as_delivery: true,
      payment_method: 'invoice',
      contact: { ...ORDER_CONTACT, email: to },
    };
    const refused = await placeOrder(initechBuyer, body);
    expect(refused.status).toBe(422);
    expect(refused.body.error_keys).toEqual({ 'delivery_address.name': [{ key: 'validation.required', params: {} }] });
    expect(await mailsTo(to)).toHaveLength(0);

    const placed = await placeOrder(initechBuyer, { ...body, delivery_address: { ...body.delivery_address, name: 'Ewa', surname: 'Lis' } });
    expect(placed.status).toBe(201);
    const { order } = v.parse(PlaceOrderResponseSchema, placed.body);
    expect(order.delivery_address).toMatchObject({ name: 'Ewa', surname: 'Lis' });
    const [mail] = await mailsTo(to);
    expect(mail!.body).toContain('Adres dostawy: Ewa Lis, Initech Kraków, ul. Długa 1, 31-147 Kraków, Polska');
  });

  it("should write it in the buyer's language (Accept-Language), colours and countries named in it", async () => {
    // An English shop (globex), ordered from the Polish storefront.
    const toPl = contact().email;
    const polish = await placeOrder(
      globexBuyer,
      {
        website_id: server.shops.globex,
        items: [await variantLine('GLX-TEE', 'GLX-TEE-BLACK-M', 1)],
        delivery_method_id: await methodId('globex', 'self_pickup'),
        billing_same_as_delivery: false,
        billing_address: { name: 'John', surname: 'Smith', company: 'Globex', nip: '6772480003', street: 'Hauptstraße 5', city: 'Berlin', zip: '10115', country: 'DE' },
        payment_method: 'invoice',
        contact: { ...ORDER_CONTACT, email: toPl },
      },
      newKey(),
      'pl',
    );
    expect(polish.status).toBe(201);
    const [mailPl] = await mailsTo(toPl);
    expect(mailPl!.subject).toContain('Twoje zamówienie');
    expect(mailPl!.body).toContain('kolor czarny, rozmiar M');
    expect(mailPl!.body).not.toContain('black');
    expect(mailPl!.body).toContain('Dane do faktury: John Smith, Globex, Hauptstraße 5, 10115 Berlin, Niemcy, NIP 6772480003');

    // A Polish shop (initech), ordered from the English storefront.
    const toEn = contact().email;
    const english = await server.json('/api/order', {
      token: initechBuyer,
      headers: { 'Idempotency-Key': newKey(), 'Accept-Language': 'en' },
      body: {
        website_id: server.shops.initech,
        items: [await variantLine('INI-MUG', 'INI-MUG-BLACK', 1)],
        delivery_method_id: await methodId('initech', 'specific_address'),
        delivery_address: { name: 'John', surname: 'Smith', street: 'ul. Długa 1', city: 'Kraków', zip: '31-147', country: 'PL', company: '', nip: '5260250274' },
        billing_same_as_delivery: true,
        payment_method: 'invoice',
        contact: { ...ORDER_CONTACT, email: toEn },
      },
    });
    expect(english.status).toBe(201);
    const [mailEn] = await mailsTo(toEn);
    expect(mailEn!.subject).toContain('your order');
    expect(mailEn!.body).toContain('colour black');
    expect(mailEn!.body).toContain('Delivery address: John Smith, ul. Długa 1, 31-147 Kraków, Poland');
  });

  it('should name the cost centre and the points total in the points shop (acme)', async () => {
    const to = contact().email;
    const body = await acmePointsOrder(server.db, server.shops, [await variantLine('ACME-MUG', 'ACME-MUG-WHITE', 1)], { contact: { ...ORDER_CONTACT, email: to }, mpk_code: 'MPK-4410' });
    const result = await placeOrder(acmeBuyer, body);
    expect(result.status).toBe(201);
    const { order } = v.parse(PlaceOrderResponseSchema, result.body);
    const mails = await mailsTo(to);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('Cost centre (MPK): MPK-4410');
    expect(mails[0]!.body).toContain(`Total: ${mailAmount(order.total_points, 'pkt', 'en')}`);
  });

  it('should queue no second mail for an idempotent replay, and none for a refused attempt', async () => {
    const to = contact().email;
    const key = newKey();
    const base = {
      website_id: server.shops.globex,
      delivery_method_id: await methodId('globex', 'self_pickup'),
      billing_same_as_delivery: false,
      billing_address: { name: 'John', surname: 'Smith', company: 'Globex Sp. z o.o.', nip: '6772480003', street: 'ul. Lubicz 17', city: 'Kraków', zip: '31-503', country: 'PL' },
      payment_method: 'invoice',
      contact: { ...ORDER_CONTACT, email: to },
    };
    // Below the pen's minimum: refused, rolled back, nothing sent.
    const refused = await placeOrder(globexBuyer, { ...base, items: [await variantLine('GLX-PEN', 'GLX-PEN-BLUE', 10)] }, key);
    expect(refused.status).toBe(422);
    expect(await mailsTo(to)).toHaveLength(0);

    const body = { ...base, items: [await variantLine('GLX-PEN', 'GLX-PEN-BLUE', 50)] };
    const first = await placeOrder(globexBuyer, body, key);
    const replay = await placeOrder(globexBuyer, body, key);
    expect(first.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    expect(await mailsTo(to)).toHaveLength(1);
  });
});
