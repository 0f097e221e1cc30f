import type { Context, Hono } from 'hono';
import { ContactUsRequestSchema } from '../../../src/api/contract.ts';
import { shopAccess } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { fail } from '../http/errors.ts';
import { notice } from '../http/messages.ts';
import { parseWith } from '../http/validate.ts';
import { sendMail } from '../services/outbox.ts';
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
 * Registers `POST /api/contact-us` (multipart: the `ContactUsRequestSchema` fields plus an optional
 * `file`). Guests may write only in open shops, like every `shop`-mode call. The message and the file
 * bytes are stored, and the shop is notified through the outbox in the same transaction.
 */
export function registerContactRoutes(app: Hono<AppEnv>): void {
  app.post('/api/contact-us', async (c) => {
    const { fields, file } = await readForm(c);
    const body = parseWith(ContactUsRequestSchema, fields);
    const { website, auth } = await shopAccess(c, body.website_id, 'shop');
    const upload: CheckedUpload | null = file ? await checkUpload(file) : null;

    await c.get('db').transaction(async (tx) => {
      await tx.query(
        `INSERT INTO contact_messages (website_id, user_id, name, email, phone, subject, message, file_name, file_type, file_data)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, decode($10, 'base64'))`,
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
        ],
      );
      await sendMail(tx, {
        websiteId: website.id,
        to: `contact@${website.slug}.example`,
        subject: `${website.name}: contact form${body.subject ? ` - ${body.subject}` : ''}`,
        body:
          `From: ${body.name} <${body.email}>${body.phone ? `, phone ${body.phone}` : ''}` +
          `${auth ? ` (logged-in user #${auth.userId})` : ' (guest)'}\n\n${body.message}\n` +
          (upload ? `\nAttached file: ${upload.name} (${upload.contentType}, ${upload.data.byteLength} bytes)\n` : ''),
      });
    });
    return c.json(notice('notices.contact_sent'), 201);
  });
}
