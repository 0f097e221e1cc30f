/**
 * Mail delivery: the `outbox` table is the queue, this worker empties it over SMTP (`SMTP_URL`,
 * nodemailer). {@link sendMail} (services/outbox.ts) only writes a row, inside the transaction of the
 * change it reports; the worker, started by `start.ts` like the hold sweeper, claims due rows one at a
 * time, sends each and marks it sent, or schedules a retry with exponential backoff (30 s doubling up to
 * 1 h by default) and gives up after `MAIL_MAX_ATTEMPTS`, keeping the row marked failed.
 *
 * Nothing lives in the process: a row stays unsent until an SMTP server accepted it, so a restart (or a
 * crash) loses nothing, and any number of instances may run a worker on one PostgreSQL. A claim is one
 * guarded `UPDATE … WHERE id = (SELECT … FOR UPDATE SKIP LOCKED)` that moves the row's
 * `next_attempt_at` a lease ahead: no other worker sees the row as due while it is being sent, and if
 * the sender dies the row is due again when the lease ends. Delivery is at least once: a crash between
 * the SMTP server's acceptance and the `sent_at` update sends that one mail again (with the same
 * Message-ID, so mail programs can fold the copies).
 *
 * @module
 */
import { createTransport } from 'nodemailer';
import type { MailDeliveryConfig, ServerConfig } from '../config.ts';
import type { Queryable } from '../db/index.ts';

/** One mail as the worker hands it to the transport. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  /** Stable per outbox row, so a mail sent twice (a crash after acceptance) is recognisably one. */
  messageId: string;
  date: Date;
}

/** Where mails go: SMTP in the server, anything with the same shape in tests. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** A row the worker claimed: reserved for it until it is marked sent or failed, or the lease ends. */
export interface ClaimedMail {
  id: number;
  to_email: string;
  subject: string;
  body: string;
  attempts: number;
  created_at: Date;
}

/** How many mails one pass sends at most before it yields (the next poll goes on). */
const BATCH = 100;
/** SMTP timeouts: all together well inside the default lease of two minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** An SMTP transport for `SMTP_URL` (`smtp://user:pass@host:587`, `smtps://…:465`); STARTTLS when offered. */
export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    async send(mail) {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
}

/** The wait after the `attempts`-th failed attempt: the first retry wait, doubled per failure, capped. */
export function retryDelayMs(attempts: number, delivery: Pick<MailDeliveryConfig, 'firstRetryMs' | 'maxRetryMs'>): number {
  const doublings = Math.min(Math.max(attempts - 1, 0), 30);
  return Math.min(delivery.firstRetryMs * 2 ** doublings, delivery.maxRetryMs);
}

/**
 * Claims the oldest due mail: counts the attempt and moves `next_attempt_at` `leaseMs` ahead, in one
 * statement. `SKIP LOCKED` lets two workers claim two different rows at once instead of waiting on
 * each other; the repeated conditions on the outer UPDATE keep a row another worker claimed a moment
 * ago from being taken twice. Null when nothing is due.
 */
export async function claimNextMail(db: Queryable, leaseMs: number): Promise<ClaimedMail | null> {
  const { rows } = await db.query<ClaimedMail>(
    `UPDATE outbox
        SET attempts = attempts + 1, next_attempt_at = clock_timestamp() + $1::float8 * interval '1 millisecond'
      WHERE id = (SELECT id FROM outbox
                   WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= clock_timestamp()
                   ORDER BY next_attempt_at, id
                   LIMIT 1
                   FOR UPDATE SKIP LOCKED)
        AND sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= clock_timestamp()
      RETURNING id, to_email, subject, body, attempts, created_at`,
    [leaseMs],
  );
  return rows[0] ?? null;
}

/** Marks a claimed mail sent (once). */
export async function markSent(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE outbox SET sent_at = clock_timestamp(), last_error = NULL WHERE id = $1 AND sent_at IS NULL', [id]);
}

/**
 * Records a failed attempt: the next one after {@link retryDelayMs}, or, at `maxAttempts`, the mail is
 * given up (`failed_at`) and stays in the table for the operator. Returns whether it was given up.
 */
export async function markAttemptFailed(db: Queryable, mail: Pick<ClaimedMail, 'id' | 'attempts'>, error: string, delivery: MailDeliveryConfig): Promise<boolean> {
  const giveUp = mail.attempts >= delivery.maxAttempts;
  await db.query(
    `UPDATE outbox
        SET last_error = $2,
            next_attempt_at = clock_timestamp() + $3::float8 * interval '1 millisecond',
            failed_at = CASE WHEN $4::boolean THEN clock_timestamp() END
      WHERE id = $1 AND sent_at IS NULL`,
    [mail.id, error.slice(0, 1000), retryDelayMs(mail.attempts, delivery), giveUp],
  );
  return giveUp;
}

/** An error as stored and logged: its message, with the SMTP URL's password never in it. */
function errorText(error: unknown, smtpUrl: string | undefined): string {
  let text = error instanceof Error ? error.message : String(error);
  const password = smtpPassword(smtpUrl);
  if (password) text = text.replaceAll(password, '***');
  return text.replace(/\s+/g, ' ').trim() || 'unknown error';
}

function smtpPassword(smtpUrl: string | undefined): string | null {
  if (!smtpUrl) return null;
  try {
    const url = new URL(smtpUrl);
    return url.password ? decodeURIComponent(url.password) : null;
  } catch {
    return null;
  }
}

/** The domain of the sender address, for Message-IDs. */
function senderDomain(from: string): string {
  return /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

/** What one pass did. */
export interface DeliveryPass {
  sent: number;
  failed: number;
  gaveUp: number;
}

/**
 * One pass over the queue: claims, sends and marks due mails one after another until none is due (at
 * most {@link BATCH}), or `stopping()` says so. Mails that fail are left to their retry time.
 */
export async function deliverDueMails(
  db: Queryable,
  transport: MailTransport,
  config: Pick<ServerConfig, 'mailFrom' | 'mailDelivery' | 'smtpUrl'>,
  options: { stopping?: () => boolean; log?: (message: string) => void } = {},
): Promise<DeliveryPass> {
  const log = options.log ?? console.error;
  const pass: DeliveryPass = { sent: 0, failed: 0, gaveUp: 0 };
  for (let i = 0; i < BATCH && !options.stopping?.(); i += 1) {
    const mail = await claimNextMail(db, config.mailDelivery.leaseMs);
    if (!mail) break;
    try {
      await transport.send({
        from: config.mailFrom,
        to: mail.to_email,
        subject: mail.subject,
        text: mail.body,
        messageId: `<outbox-${mail.id}-${mail.created_at.getTime()}@${senderDomain(config.mailFrom)}>`,
        date: mail.created_at,
      });
    } catch (error) {
      const text = errorText(error, config.smtpUrl);
      const gaveUp = await markAttemptFailed(db, mail, text, config.mailDelivery);
      pass.failed += 1;
      if (gaveUp) {
        pass.gaveUp += 1;
        log(`[mail] outbox #${mail.id} GIVEN UP after ${mail.attempts} attempts: ${text}`);
      } else {
        log(`[mail] outbox #${mail.id} attempt ${mail.attempts} failed (${text}); next try in ${Math.round(retryDelayMs(mail.attempts, config.mailDelivery) / 1000)} s`);
      }
      continue;
    }
    await markSent(db, mail.id);
    pass.sent += 1;
  }
  return pass;
}

/** A running worker. */
export interface MailWorker {
  /** Looks for due mails now instead of at the next poll. */
  wake(): void;
  /** Stops polling, waits for the pass under way, closes the transport. */
  stop(): Promise<void>;
}

/**
 * Starts the worker: a pass at once, then one every `mailDelivery.pollMs` (never two at a time). The
 * timer is unref'd, so it never keeps a process or a test alive; a failed pass (say the database
 * was unreachable) is logged and the next poll tries again.
 */
export function startMailWorker(
  db: Queryable,
  config: Pick<ServerConfig, 'mailFrom' | 'mailDelivery' | 'smtpUrl'>,
  options: { transport?: MailTransport; log?: (message: string) => void } = {},
): MailWorker {
  const log = options.log ?? console.error;
  const transport = options.transport ?? smtpTransport(requireSmtpUrl(config.smtpUrl));
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const schedule = (delay: number) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(run, delay);
    timer.unref();
  };
  function run(): void {
    if (running) return;
    running = deliverDueMails(db, transport, config, { stopping: () => stopped, log })
      .then(() => undefined)
      .catch((error: unknown) => log(`[mail] delivery pass failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        running = undefined;
        schedule(config.mailDelivery.pollMs);
      });
  }
  schedule(0);
  return {
    wake: () => schedule(0),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}

function requireSmtpUrl(smtpUrl: string | undefined): string {
  if (!smtpUrl) throw new Error('the mail worker needs SMTP_URL');
  return smtpUrl;
}
