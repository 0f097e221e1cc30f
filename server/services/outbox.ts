import type { Queryable } from '../db/index.ts';

/** An e-mail the provider would send. */
export interface Mail {
  websiteId: number | null;
  to: string;
  /** Composed by the provider: never text a stranger typed (see {@link untrusted}). */
  subject: string;
  body: string;
}

/** A line break of any kind: in a header value it would start a header of the sender's choosing. */
const LINE_BREAK = /[\r\n\u0085\u2028\u2029]/;

/**
 * Sends an e-mail by writing it to the outbox, the queue the mail worker (services/mailer.ts) delivers
 * over SMTP when `SMTP_URL` is set; without it the mail stays there (the demo shows it at /demo/outbox).
 * Written inside the caller's transaction, so a mail exists exactly when the change it reports was committed.
 * A recipient or subject holding a line break is refused outright (the values that become mail
 * headers are checked where they come in; this is the last line of defence).
 */
export async function sendMail(db: Queryable, mail: Mail): Promise<void> {
  if (LINE_BREAK.test(mail.to) || LINE_BREAK.test(mail.subject)) throw new Error('a mail header value holds a line break');
  await db.query('INSERT INTO outbox (website_id, to_email, subject, body) VALUES ($1, $2, $3, $4)', [
    mail.websiteId,
    mail.to,
    mail.subject,
    mail.body,
  ]);
}

/** How long a mailed link works, in a mail's words: whole hours, at least one (`24 hours`, `1 hour`). */
export function linkLifetime(ttlSeconds: number): string {
  const hours = Math.max(1, Math.round(ttlSeconds / 3600));
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/**
 * Text a stranger typed (a registration's name, a contact message), made safe to quote in a mail
 * body: links are defanged the way security teams quote them (`hxxps[:]//evil[.]example`), so no mail
 * program turns "verify at https://evil.example" into a link that seems to come from the shop.
 * E-mail addresses stay as they are. Line breaks inside one value become spaces, so a value cannot
 * fake the next line of the mail (e.g. a second "Phone:" line).
 */
export function untrusted(text: string, { multiline = false } = {}): string {
  const flat = multiline ? text : text.replace(/[\r\n\u0085\u2028\u2029]+/g, ' ');
  return flat
    .replace(/\b([a-z][a-z0-9+.-]*):\/\//gi, (_match, scheme: string) => `${scheme.replace(/^http/i, (h) => (h === 'HTTP' ? 'HXXP' : 'hxxp'))}[:]//`)
    .replace(/(^|[^\w@.-])((?:[a-z0-9-]+\.)+[a-z][a-z0-9-]+)/gi, (_match, before: string, host: string) => `${before}${host.replaceAll('.', '[.]')}`);
}
