import type { Context, Hono, MiddlewareHandler } from 'hono';
import { ContactUsRequestSchema, normaliseEmail } from '../shared.ts';
import { shopAccess } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { fail } from '../http/errors.ts';
import { notice } from '../http/messages.ts';
import { parseWith } from '../http/validate.ts';
import { sendMail, untrusted } from '../services/outbox.ts';
import { takeRate } from '../services/rate-limit.ts';
import { clientIp } from '../services/throttle.ts';
import { checkAttachmentQuota } from '../services/contact-attachments.ts';
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

/**
 * The contact form's per-IP limit (`rateLimits.contact.perIp`), counted from the request alone before
 * a byte of its body (up to 10 MB) is read: app.ts registers it ahead of the body-limit middleware,
 * which reads a chunked body whole before any route runs. A client over its limit therefore costs no
 * upload, no buffering and no parsing. The per-sender limit needs the body and is counted in the route.
 */
export const contactIpLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const limits = c.get('config').rateLimits.contact;
  await takeRate(c.get('db'), [{ bucket: 'contact:ip', key: clientIp(c), limit: limits.perIp, windowSeconds: limits.windowSeconds }]);
  await next();
};

/**
 * Registers `POST /api/contact-us` (multipart: the `ContactUsRequestSchema` fields plus an optional
 * `file`). Guests may write only in open shops, like every `shop`-mode call. Messages are rate-limited
 * per IP (before the body is read, {@link contactIpLimit}) and per sender address; a file counts against the shop's storage
 * quota, and a guest's also against the guests' smaller one (services/contact-attachments.ts). The
 * message and the file bytes are stored, and the shop is notified through the outbox in the same
 * transaction. The notification's subject is the provider's own; what the sender typed is quoted defanged in its body.
 */
export function registerContactRoutes(app: Hono<AppEnv>): void {
  app.post('/api/contact-us', async (c) => {
    const db = c.get('db');
    const config = c.get('config');
    const limits = config.rateLimits.contact;
    // The per-IP limit was counted before the body was read ({@link contactIpLimit}).
    const { fields, file } = await readForm(c);
    const body = parseWith(ContactUsRequestSchema, fields);
    const { website, auth } = await shopAccess(c, body.website_id, 'shop');
    const upload: CheckedUpload | null = file ? await checkUpload(file) : null;
    // The sender's address is in the body: its limit can only be counted once the form is read.
    await takeRate(db, [{ bucket: 'contact:email', key: normaliseEmail(body.email), limit: limits.perEmail, windowSeconds: limits.windowSeconds }]);

    await db.transaction(async (tx) => {
      const size = upload?.data.byteLength ?? 0;
      if (upload) await checkAttachmentQuota(tx, website.id, size, !auth, { shopBytes: config.contactQuotaBytes, guestBytes: config.contactGuestQuotaBytes });
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO contact_messages (website_id, user_id, name, email, phone, subject, message, file_name, file_type, file_data, file_size, from_guest)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, decode($10, 'base64'), $11, $12)
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
          !auth,
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
