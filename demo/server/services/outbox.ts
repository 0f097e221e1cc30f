import type { Queryable } from '../db/index.ts';

/** An e-mail the provider would send. */
export interface Mail {
  websiteId: number | null;
  to: string;
  subject: string;
  body: string;
}

/**
 * "Sends" an e-mail by writing it to the development outbox (shown at /demo/outbox). Written inside
 * the caller's transaction, so a mail exists exactly when the change it reports was committed.
 */
export async function sendMail(db: Queryable, mail: Mail): Promise<void> {
  await db.query('INSERT INTO outbox (website_id, to_email, subject, body) VALUES ($1, $2, $3, $4)', [
    mail.websiteId,
    mail.to,
    mail.subject,
    mail.body,
  ]);
}
