import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../../server/db/index.ts';
import { DEFAULT_STOCK_HOLD_LIMITS, variantHoldCap } from '../../../src/domain/stock-holds.ts';
import { startTestServer, TEST_DATABASE_URL, type HttpClient } from '../../api/harness.ts';
import { firstRow, globexPickupOrder } from '../../api/order-fixtures.ts';
import { tally } from '../report.ts';
import { RELIABILITY_DATABASE_URL, startCluster } from './instances.ts';

/**
 * Security suite, stock holds (issue 26, docs/reliability.md): one globex buyer fires unpaid online
 * orders of the grey bottle (GLX-BOTTLE-GREY) all at once, trying to hold more of it than the caps
 * allow: half of the variant's stock, and 100 pieces of a product (the defaults). An order "got
 * through" when it was accepted beyond what the cap leaves room for; a server error counts too.
 *
 * The bursts run on the API test harness's server (PGlite, where transactions run one at a time) and,
 * when `RELIABILITY_DATABASE_URL` names a PostgreSQL, on two instances sharing one schema there, the
 * burst split between them: only that run proves that parallel orders cannot both squeeze under a cap.
 */

const PARALLEL = 30;
const CHECK = 'stock holds: unpaid online orders holding more than the per-buyer cap or the share of stock';

/** The servers a run talks to (one or two instances of one database) and that database. */
interface Target {
  name: string;
  clients: HttpClient[];
  db: Queryable;
  shops: Record<string, number>;
  close(): Promise<void>;
}

const BACKENDS: { name: string; start(): Promise<Target> }[] = [
  {
    name: TEST_DATABASE_URL ? 'PostgreSQL (TEST_DATABASE_URL)' : 'PGlite',
    start: async () => {
      const server = await startTestServer();
      return { name: TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite', clients: [server], db: server.db, shops: server.shops, close: server.close };
    },
  },
  ...(RELIABILITY_DATABASE_URL
    ? [
        {
          name: 'PostgreSQL, two instances',
          start: async (): Promise<Target> => {
            const cluster = await startCluster(RELIABILITY_DATABASE_URL as string, 2);
            return { name: 'PostgreSQL, two instances', clients: cluster.instances, db: cluster.db, shops: cluster.shops, close: cluster.close };
          },
        },
      ]
    : []),
];
if (!RELIABILITY_DATABASE_URL) console.info('[security-holds] RELIABILITY_DATABASE_URL is empty: the bursts run on PGlite only (transactions one at a time)');

/** Fires `PARALLEL` unpaid online orders of `quantity` bottles at once from one buyer; the statuses. */
async function burst(target: Target, token: string, quantity: number): Promise<number[]> {
  const bottle = await firstRow<{ id: number; product_id: number }>(target.db, "SELECT id, product_id FROM product_variants WHERE code = 'GLX-BOTTLE-GREY'");
  const body = await globexPickupOrder(target.db, target.shops, [{ product_id: bottle.product_id, variant_id: bottle.id, quantity }], 'online');
  const answers = await Promise.all(
    Array.from({ length: PARALLEL }, (_, index) => {
      const client = target.clients[index % target.clients.length] as HttpClient;
      return client.json('/api/order', { body, token, headers: { 'Idempotency-Key': `burst-${randomUUID()}` } });
    }),
  );
  return answers.map((answer) => {
    if (answer.status !== 201 && answer.body?.code !== 'sale.hold.exceeded') throw new Error(`unexpected answer ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.status;
  });
}

/** Pieces of the bottle the buyer's pending online orders hold. */
async function heldByBuyer(target: Target): Promise<number> {
  const row = await firstRow<{ pieces: number }>(
    target.db,
    `SELECT coalesce(sum(i.stock_taken), 0)::int AS pieces FROM order_items i JOIN orders o ON o.id = i.order_id
       JOIN users u ON u.id = o.user_id
      WHERE u.email = 'buyer@globex.test' AND o.payment_status = 'pending'`,
  );
  return row.pieces;
}

async function resetBottles(target: Target, stock: number): Promise<void> {
  await target.db.query("UPDATE orders SET payment_status = 'cancelled' WHERE payment_status = 'pending'");
  await target.db.query("UPDATE product_variants SET stock = $1 WHERE code = 'GLX-BOTTLE-GREY'", [stock]);
}

describe('security: stock held by unpaid online orders', () => {
  const targets: Target[] = [];
  beforeAll(async () => {
    for (const backend of BACKENDS) targets.push(await backend.start());
  });
  afterAll(async () => {
    await Promise.all(targets.map((target) => target.close()));
  });

  it('should keep one buyer’s parallel unpaid orders within the share of the stock and the pieces cap', async () => {
    const through: string[] = [];
    let tried = 0;
    const { sharePercent, maxPieces } = DEFAULT_STOCK_HOLD_LIMITS;
    for (const target of targets) {
      const [first] = target.clients;
      if (!first) throw new Error('no server');
      const token = await first.login('buyer@globex.test', 'globex');

      // The share: 15 bottles, bursts of 2 pieces; half of the stock is 7, so 3 orders (6 pieces).
      await resetBottles(target, 15);
      const shareCap = variantHoldCap(15, 0, sharePercent);
      const shareStatuses = await burst(target, token, 2);
      const shareHeld = await heldByBuyer(target);
      const shareAccepted = shareStatuses.filter((status) => status === 201).length;
      if (shareHeld > shareCap || shareAccepted > Math.floor(shareCap / 2)) {
        through.push(`${target.name}, share: ${shareAccepted} orders holding ${shareHeld} of 15 (cap ${shareCap})`);
      }

      // The pieces cap: 10,000 bottles, bursts of 7 pieces; 100 pieces is 14 orders (98 pieces).
      await resetBottles(target, 10_000);
      const pieceStatuses = await burst(target, token, 7);
      const piecesHeld = await heldByBuyer(target);
      const piecesAccepted = pieceStatuses.filter((status) => status === 201).length;
      if (piecesHeld > maxPieces || piecesAccepted > Math.floor(maxPieces / 7)) {
        through.push(`${target.name}, pieces: ${piecesAccepted} orders holding ${piecesHeld} (cap ${maxPieces})`);
      }
      // The caps must not refuse what fits: exactly the orders the caps leave room for were placed.
      expect([shareAccepted, piecesAccepted]).toEqual([Math.floor(shareCap / 2), Math.floor(maxPieces / 7)]);
      tried += shareStatuses.length + pieceStatuses.length;
    }
    tally({
      suite: 'security',
      check: CHECK,
      tried,
      gotThrough: through.length,
      note: `${PARALLEL} parallel unpaid online orders of one buyer per burst, against half of 15 bottles and against 100 pieces of 10,000, on ${targets.map((target) => target.name).join(' and ')}`,
    });
    expect(through).toEqual([]);
  });
});
