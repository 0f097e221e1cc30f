import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMaintenance } from '../../../server/services/maintenance.ts';
import { startTestServer, UNLIMITED_RATES, type TestServer } from '../../api/harness.ts';
import { PDF } from '../../fixtures/upload-files.ts';
import { tally } from '../report.ts';

/**
 * Security suite, the contact form as a way to cost a shop (issue 26, docs/reliability.md): guests
 * filling the shop's attachment quota, attachments kept for good, and uploads a client over its
 * rate limit makes the server read. Each case is tried over HTTP as a stranger would.
 */

/** Room for three guest files in a quota of ten. */
const GUEST_FILES = 3;
const SHOP_FILES = 10;
const PER_IP = 3;

let quota: TestServer;
let limited: TestServer;

beforeAll(async () => {
  [quota, limited] = await Promise.all([
    startTestServer({ rateLimits: UNLIMITED_RATES, contactQuotaBytes: SHOP_FILES * PDF.byteLength, contactGuestQuotaBytes: GUEST_FILES * PDF.byteLength }),
    startTestServer({ rateLimits: { ...UNLIMITED_RATES, contact: { perIp: PER_IP, perEmail: 0, windowSeconds: 3600 } } }),
  ]);
});

afterAll(async () => {
  await Promise.all([quota?.close(), limited?.close()]);
});

function contactForm(server: TestServer, email: string, file?: Buffer): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries({ website_id: String(server.shops.globex), name: 'Pat', email, message: 'Hello' })) form.append(key, value);
  if (file) form.append('file', new Blob([new Uint8Array(file)]), 'brief.pdf');
  return form;
}

async function send(server: TestServer, email: string, token?: string): Promise<number> {
  const answer = await server.request('/api/contact-us', { method: 'POST', body: contactForm(server, email, PDF), ...(token ? { token } : {}) });
  await answer.body?.cancel();
  return answer.status;
}

const storedBytes = async (server: TestServer, where: string) =>
  (await server.db.query<{ bytes: number }>(`SELECT coalesce(sum(file_size), 0)::int AS bytes FROM contact_messages WHERE ${where}`)).rows[0]?.bytes ?? 0;

describe('security: contact-form attachments', () => {
  it("should keep guests within their own quota, leave members the shop's, and delete attachments past their retention", async () => {
    const through: string[] = [];
    const guestTries = GUEST_FILES + 7;
    const guestStatuses: number[] = [];
    for (let i = 0; i < guestTries; i += 1) guestStatuses.push(await send(quota, `guest-${i}@example.test`));
    const guestsStored = guestStatuses.filter((status) => status === 201).length;
    if (guestsStored > GUEST_FILES) through.push(`guests stored ${guestsStored} files, quota ${GUEST_FILES}`);
    expect(guestStatuses.slice(GUEST_FILES)).toEqual(Array(guestTries - GUEST_FILES).fill(422));

    // A member's file still fits: the guests filled only their part of the shop's quota.
    const member = await quota.login('buyer@globex.test', 'globex');
    if ((await send(quota, 'buyer@globex.test', member)) !== 201) through.push("a member's file was refused after guests filled their quota");

    // Everything sent so far is made 91 days old; the maintenance timer deletes it (retention 90 days).
    const recent = await send(quota, 'member-again@example.test', member);
    expect(recent).toBe(201);
    await quota.db.query("UPDATE contact_messages SET created_at = now() - interval '91 days' WHERE email <> 'member-again@example.test'");
    const old = await storedBytes(quota, "email <> 'member-again@example.test'");
    expect(old).toBe((GUEST_FILES + 1) * PDF.byteLength);
    const stop = startMaintenance(quota.db, quota.config, 20);
    try {
      await expect.poll(() => storedBytes(quota, "email <> 'member-again@example.test'"), { timeout: 5000, interval: 25 }).toBe(0);
    } finally {
      stop();
    }
    const leftOld = await quota.db.query<{ n: number }>("SELECT count(*)::int AS n FROM contact_messages WHERE file_data IS NOT NULL AND created_at < now() - interval '90 days'");
    if (leftOld.rows[0]?.n !== 0) through.push(`${leftOld.rows[0]?.n} attachments kept past the retention`);
    // The recent attachment and every message stay; the guests' quota is free again.
    expect(await storedBytes(quota, "email = 'member-again@example.test'")).toBe(PDF.byteLength);
    expect((await quota.db.query<{ n: number }>('SELECT count(*)::int AS n FROM contact_messages')).rows[0]?.n).toBe(GUEST_FILES + 2);
    if ((await send(quota, 'guest-after@example.test')) !== 201) through.push('the guests’ quota stayed full after the sweep');

    tally({
      suite: 'security',
      check: "attachments: guest uploads past the guests' quota, a member refused after guests filled theirs, attachments kept past their retention",
      tried: guestTries + 3,
      gotThrough: through.length,
      note: `${guestTries} guest files against a guests' quota of ${GUEST_FILES} in a shop quota of ${SHOP_FILES}; a member's file after them; a sweep of 91-day-old attachments (retention 90 days) and a guest file after it`,
    });
    expect(through).toEqual([]);
  });
});

describe('security: the contact throttle before the body', () => {
  it('should refuse an upload over the per-IP limit with 429 without reading its body', async () => {
    for (let i = 0; i < PER_IP; i += 1) {
      const answer = await limited.request('/api/contact-us', { method: 'POST', body: contactForm(limited, `early-${i}@example.test`) });
      await answer.body?.cancel();
      expect(answer.status).toBe(201);
    }
    const tries = 5;
    const through: string[] = [];
    for (let i = 0; i < tries; i += 1) {
      // A multipart upload whose body starts and never ends: a server that reads it before the rate
      // check never answers (the client gives up after 3 s); one that checks first answers 429 at once.
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          const head = new TextEncoder().encode(`--x\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n\r\n%PDF-1.4\n`);
          sent += head.byteLength;
          controller.enqueue(head);
        },
        pull: () => new Promise<void>(() => undefined),
      });
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), 3000);
      try {
        const answer = await fetch(`${limited.url}/api/contact-us`, {
          method: 'POST',
          headers: { 'content-type': 'multipart/form-data; boundary=x', accept: 'application/json' },
          body,
          duplex: 'half',
          signal: controller.signal,
        } as RequestInit);
        const retryAfter = Number(answer.headers.get('retry-after'));
        await answer.body?.cancel();
        if (answer.status !== 429 || !(retryAfter > 0)) through.push(`attempt ${i}: ${answer.status}`);
      } catch (error) {
        through.push(`attempt ${i}: no answer while the body was still coming (${sent} bytes sent): ${error instanceof Error ? error.name : String(error)}`);
      } finally {
        clearTimeout(timer);
        controller.abort();
      }
    }
    tally({
      suite: 'security',
      check: 'contact throttle: uploads over the per-IP limit read before being refused',
      tried: tries,
      gotThrough: through.length,
      note: `multipart bodies that never end, after ${PER_IP} messages used the IP's limit; each must get 429 with Retry-After at once`,
    });
    expect(through).toEqual([]);
  });
});
