import type { Context, Hono } from 'hono';
import { ContactUsRequestSchema } from '../../../src/contract/contract.ts';
import { normaliseEmail } from '../../../src/domain/email-address.ts';
import type { Queryable } from '../db/index.ts';
import { shopAccess } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { fail, invalidFields } from '../http/errors.ts';
import { notice } from '../http/messages.ts';
import { parseWith } from '../http/validate.ts';
import { sendMail, untrusted } from '../services/outbox.ts';
import { takeRate } from '../services/rate-limit.ts';
import { clientIp } from '../services/throttle.ts';
import { checkUpload, type CheckedUpload } from '../services/uploads.ts';

/** The form's fields and its optional file; anything that is not multipart is a 400. */
async function readForm(c: Context<AppEnv>): Promise<{ fields: Record<string, unknown>; file: File | null }> {
  if (!/^multipart\/form-data\s*;/i.test(c.req.header('content-type') ?? '')) fail(400, 'errors.malformed_request');
  let form: Record<string, string | File>;
  try {
    form = await c.req.parseBody();
  } catch {
    fail(400, 'errors.malformed_request');
  }
  const { file, ...fields } = form;
  // A browser sends an empty, nameless part when no file was chosen: that is "no file".
  const upload = file instanceof File && !(file.name === '' && file.size === 0) ? file : null;
  if (file !== undefined && !(file instanceof File) && file !== '') fail(400, 'errors.malformed_request');
  return { fields, file: upload };
}

/** Advisory-lock namespace of a shop's attachment quota (one lock per shop). */
const QUOTA_LOCK = 4173_0104;

/**
 * Refuses a file that would take the shop's attachments past its quota (`contactQuotaBytes`) with a
 * field error on `file`. Called in the storing transaction under the shop's lock, so two uploads at
 * once cannot both squeeze into the last free bytes.
 */
async function checkQuota(tx: Queryable, websiteId: number, bytes: number, quota: number): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [QUOTA_LOCK, websiteId]);
  const { rows } = await tx.query<{ used: string | number }>(
    'SELECT coalesce(sum(file_size), 0) AS used FROM contact_messages WHERE website_id = $1',
    [websiteId],
  );
  if (Number(rows[0]?.used ?? 0) + bytes > quota) throw invalidFields({ file: 'validation.file_quota' });
}

/**
 * Registers `POST /api/contact-us` (multipart: the `ContactUsRequestSchema` fields plus an optional
 * `file`). Guests may write only in open shops, like every `shop`-mode call. Messages are rate-limited
 * per IP and per sender address; a file counts against the shop's storage quota. The message and the
 * file bytes are stored, and the shop is notified through the outbox in the same transaction. The
 * notification's subject is the provider's own; what the sender typed is quoted defanged in its body.
 */
export function registerContactRoutes(app: Hono<AppEnv>): void {
  app.post('/api/contact-us', async (c) => {
    const { fields, file } = await readForm(c);
    const body = parseWith(ContactUsRequestSchema, fields);
    const { website, auth } = await shopAccess(c, body.website_id, 'shop');
    const upload: CheckedUpload | null = file ? await checkUpload(file) : null;
    const db = c.get('db');
    const config = c.get('config');
    const limits = config.rateLimits.contact;
    await takeRate(db, [
      { bucket: 'contact:ip', key: clientIp(c), limit: limits.perIp, windowSeconds: limits.windowSeconds },
      { bucket: 'contact:email', key: normaliseEmail(body.email), limit: limits.perEmail, windowSeconds: limits.windowSeconds },
    ]);

    await db.transaction(async (tx) => {
      const size = upload?.data.byteLength ?? 0;
      if (upload) await checkQuota(tx, website.id, size, config.contactQuotaBytes);
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO contact_messages (website_id, user_id, name, email, phone, subject, message, file_name, file_type, file_data, file_size)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, decode($10, 'base64'), $11)
         RETURNING id`,
        [
          website.id,
          auth?.userId ?? null,
          body.name,
          body.email,
          body.phone,
          body.subject,
          body.message,
          upload?.name ?? null,
          upload?.contentType ?? null,
          // As base64 text: PGlite's binary parameter encoding takes seconds for a 10 MB file.
          upload ? Buffer.from(upload.data.buffer, upload.data.byteOffset, upload.data.byteLength).toString('base64') : null,
          size,
        ],
      );
      await sendMail(tx, {
        websiteId: website.id,
        to: `contact@${website.slug}.example`,
        subject: `${website.name}: contact form message #${rows[0]?.id ?? ''}`,
        body:
          `From: ${untrusted(body.name)} <${body.email}>${body.phone ? `, phone ${untrusted(body.phone)}` : ''}` +
          `${auth ? ` (logged-in user #${auth.userId})` : ' (guest)'}\n` +
          `Subject: ${untrusted(body.subject) || '-'}\n\n${untrusted(body.message, { multiline: true })}\n` +
          (upload ? `\nAttached file: ${untrusted(upload.name)} (${upload.contentType}, ${upload.data.byteLength} bytes)\n` : ''),
      });
    });
    return c.json(notice('notices.contact_sent'), 201);
  });
}
