import { type RegisterRequest, normaliseEmail } from '../shared.ts';
import { storefrontUrl, type ServerConfig } from '../config.ts';
import { emailKey } from '../db/email-key.ts';
import { isUniqueViolation, type Db, type Queryable } from '../db/index.ts';
import type { WebsiteRow } from '../http/env.ts';
import { fail } from '../http/errors.ts';
import { REGISTRATION_COLUMNS, type RegistrationRow } from './coordinator.ts';
import { linkLifetime, sendMail, untrusted } from './outbox.ts';
import { hashToken, newToken } from './tokens.ts';

/**
 * Registration requests before their review, kept so that nobody can squat on an address by registering it first. A request is stored
 * 'unconfirmed' with a link mailed to the address it names; only the person who reads that mailbox
 * can make it 'pending', and only then is the coordinator asked to review it. So whoever types an
 * address first does not own it: the password that wins is the one of the request confirmed from
 * the mailbox. Until then a request holds nothing: several may wait for one address (each link
 * confirms its own), they expire, and the first confirmed voids the others.
 */

/** What a request stores beyond the form: the password's hash and the account it is bound to, if any. */
export interface NewRegistration {
  form: RegisterRequest;
  coordinatorId: number;
  passwordHash: string;
  /** The existing account whose owner proved it with its password, or null for a new account. */
  userId: number | null;
}

/** A request of this address in this shop that still counts: confirmed and waiting, or unconfirmed and unexpired. */
interface WaitingRequest {
  confirmed: boolean;
  created_at: Date;
}

/** The requests for `email` in shop `websiteId` that still wait: confirmed ones, and unconfirmed ones not yet expired. */
async function waitingRequests(db: Queryable, websiteId: number, email: string): Promise<WaitingRequest[]> {
  const { rows } = await db.query<WaitingRequest>(
    `SELECT status = 'pending' AS confirmed, created_at FROM registration_requests
      WHERE website_id = $1 AND ${emailKey('email')} = $2
        AND (status = 'pending' OR (status = 'unconfirmed' AND confirm_expires_at > now()))
      ORDER BY created_at, id`,
    [websiteId, normaliseEmail(email)],
  );
  return rows;
}

/** A time in a mail: UTC, to the minute (the mail's reader and the server may be in other zones). */
function mailTime(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * Files a registration request: stored unconfirmed, with the link that confirms it mailed to its
 * address. When a confirmed request for the address already waits in this shop, nothing is stored and
 * the mailbox is told so (the coordinator already has that request, which only the mailbox's owner
 * could have confirmed). Other unconfirmed requests for the address are named in the mail, with their
 * times, so a second request is never lost without a word, and the reader knows to open only the link
 * of the request they made. The caller answers the same whatever happens here.
 */
export async function fileRegistration(db: Db, config: ServerConfig, website: WebsiteRow, request: NewRegistration): Promise<void> {
  const { form } = request;
  const waiting = await waitingRequests(db, website.id, form.email);
  if (waiting.some((item) => item.confirmed)) {
    await sendAlreadyWaiting(db, website, form.email);
    return;
  }
  const token = newToken();
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ created_at: Date }>(
      `INSERT INTO registration_requests
         (website_id, email, name, surname, password_hash, coordinator_id, cost_center, job_title, buyer_id, phone, user_id,
          status, confirm_token_hash, confirm_expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'unconfirmed', $12, now() + $13::int * interval '1 second')
       RETURNING created_at`,
      [
        website.id, form.email, form.name, form.surname, request.passwordHash, request.coordinatorId, form.cost_center,
        form.job_title, form.buyer_id, form.phone, request.userId, hashToken(token), config.registrationConfirmTtlSeconds,
      ],
    );
    const madeAt = rows[0]?.created_at ?? new Date();
    await sendConfirmationLink(tx, config, website, form.email, token, {
      madeAt,
      others: waiting.map((item) => item.created_at),
      existingAccount: request.userId !== null,
    });
  });
}

/**
 * The link confirming a request. The address is the caller's choice, so the mail carries nothing the
 * caller typed; it says when the request was made and names the other unconfirmed ones, so the reader
 * can tell theirs from a stranger's. The link opens a storefront screen that confirms only when its
 * button is pressed (a mail scanner following the link confirms nothing).
 */
async function sendConfirmationLink(
  db: Queryable,
  config: ServerConfig,
  website: WebsiteRow,
  to: string,
  token: string,
  about: { madeAt: Date; others: Date[]; existingAccount: boolean },
): Promise<void> {
  const others =
    about.others.length === 0
      ? ''
      : `Note: ${about.others.length === 1 ? 'another request' : `${about.others.length} other requests`} for this address ` +
        `(made ${about.others.map(mailTime).join(', ')}) also ${about.others.length === 1 ? 'waits' : 'wait'} for confirmation, ` +
        'each with its own e-mail and link. Each link confirms only its own request, with the password chosen in it; ' +
        'once one is confirmed, the others are void. Open only the link of the request you made yourself.\n\n';
  await sendMail(db, {
    websiteId: website.id,
    to,
    subject: `${website.name}: confirm your e-mail address`,
    body:
      'Hello,\n\n' +
      (about.existingAccount
        ? `a request to give your existing account access to ${website.name} was made with this e-mail address on ${mailTime(about.madeAt)}. `
        : `a request for an account in ${website.name} was made with this e-mail address on ${mailTime(about.madeAt)}. `) +
      'Your coordinator sees it only once you confirm that this address is yours. To confirm, open this link and press "Confirm":\n' +
      `${storefrontUrl(config, website.slug)}/confirm-registration?token=${encodeURIComponent(token)}\n\n` +
      `The link works for ${linkLifetime(config.registrationConfirmTtlSeconds)}.\n\n` +
      others +
      'If you did not ask for this, ignore this e-mail: nothing happens without your confirmation.\n',
  });
}

/** To an address whose confirmed request already waits for review in this shop: the new one was not stored. */
async function sendAlreadyWaiting(db: Queryable, website: WebsiteRow, to: string): Promise<void> {
  await sendMail(db, {
    websiteId: website.id,
    to,
    subject: `${website.name}: a registration request with your e-mail address`,
    body:
      `Hello,\n\nsomeone asked again for an account in ${website.name} with this e-mail address. ` +
      'A request for this address, confirmed from this mailbox, already waits for your coordinator, so the new one was not stored.\n\n' +
      'Your coordinator will review the waiting request, and you will get an e-mail reply once it has been decided. ' +
      'If you want to change something in it, ask your coordinator to reject it, then register again.\n',
  });
}

/** The outcome of {@link confirmRegistration}: the request now waiting for its coordinator. */
export interface ConfirmedRegistration {
  request: RegistrationRow;
  coordinatorEmail: string;
}

/**
 * Confirms the request whose link carries `token`, in shop `websiteId`, inside transaction `tx`: the
 * request becomes 'pending' (its coordinator sees it) and every other unconfirmed request for its
 * address in this shop is deleted. Refused, changing nothing, with 422 `errors.registration_link_expired`
 * when the link is unknown, altered, another shop's, expired or void (another request for the address
 * was confirmed first, even at the same moment: the unique index of waiting requests decides), and with
 * 409 `errors.registration_already_confirmed` when its own request was confirmed already.
 */
export async function confirmRegistration(tx: Queryable, websiteId: number, token: string): Promise<ConfirmedRegistration> {
  const link = await tx.query<{ id: number; email: string }>(
    'SELECT id, email FROM registration_requests WHERE confirm_token_hash = $1 AND website_id = $2',
    [hashToken(token), websiteId],
  );
  const linked = link.rows[0];
  if (!linked) fail(422, 'errors.registration_link_expired');
  // Every waiting request for the address is locked, in one order, before any is changed: two links
  // confirmed at once then run one after the other (no deadlock), and the second finds its request void.
  await tx.query(
    `SELECT id FROM registration_requests
      WHERE website_id = $1 AND ${emailKey('email')} = $2 AND status IN ('unconfirmed', 'pending')
      ORDER BY id FOR UPDATE`,
    [websiteId, normaliseEmail(linked.email)],
  );
  // The stored status may be 'unconfirmed', which the contract's row type (what coordinators see) lacks.
  const { rows } = await tx.query<Omit<RegistrationRow, 'status'> & { status: string; live: boolean }>(
    `SELECT ${REGISTRATION_COLUMNS}, confirm_expires_at > now() AS live FROM registration_requests WHERE id = $1`,
    [linked.id],
  );
  const found = rows[0];
  if (!found) fail(422, 'errors.registration_link_expired');
  if (found.status !== 'unconfirmed') fail(409, 'errors.registration_already_confirmed');
  if (!found.live) fail(422, 'errors.registration_link_expired');
  let confirmed: RegistrationRow | undefined;
  try {
    const updated = await tx.query<RegistrationRow>(
      `UPDATE registration_requests SET status = 'pending', confirmed_at = now() WHERE id = $1 RETURNING ${REGISTRATION_COLUMNS}`,
      [found.id],
    );
    confirmed = updated.rows[0];
  } catch (error) {
    // Another request for this address was confirmed first (the locks above make this a last guard).
    if (isUniqueViolation(error)) fail(422, 'errors.registration_link_expired');
    throw error;
  }
  if (!confirmed) fail(422, 'errors.registration_link_expired');
  await tx.query(
    `DELETE FROM registration_requests WHERE website_id = $1 AND ${emailKey('email')} = $2 AND status = 'unconfirmed' AND id <> $3`,
    [websiteId, normaliseEmail(confirmed.email), confirmed.id],
  );
  const coordinator = await tx.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [confirmed.coordinator_id]);
  return { request: confirmed, coordinatorEmail: coordinator.rows[0]?.email ?? '' };
}

/**
 * The receipt to the applicant once the address is confirmed. It carries nothing the applicant typed
 * but the address itself.
 */
export async function sendReceipt(db: Queryable, website: WebsiteRow, request: RegistrationRow): Promise<void> {
  await sendMail(db, {
    websiteId: website.id,
    to: request.email,
    subject: `${website.name}: we received your registration request`,
    body:
      'Hello,\n\n' +
      (request.user_id !== null
        ? `your e-mail address is confirmed, and your request to give your existing account access to ${website.name} was passed on. `
        : `your e-mail address is confirmed, and your request for an account in ${website.name} was passed on. `) +
      'Your coordinator will review it, and you will get an e-mail reply once it has been decided.\n',
  });
}

/** The review request to the coordinator; the applicant's own words are quoted defanged ({@link untrusted}). */
export async function sendReviewRequest(db: Queryable, website: WebsiteRow, request: RegistrationRow, to: string): Promise<void> {
  const existingAccount = request.user_id !== null;
  await sendMail(db, {
    websiteId: website.id,
    to,
    subject: `${website.name}: new registration request to review`,
    body:
      `A new account request in ${website.name} names you as coordinator. Please review it in the coordinator area.\n\n` +
      `Name: ${untrusted(`${request.name} ${request.surname}`)}\nE-mail: ${request.email} (confirmed by the applicant)` +
      `${existingAccount ? ' (an existing account; the applicant proved it with its password)' : ''}\n` +
      `Phone: ${untrusted(request.phone) || '-'}\nJob title: ${untrusted(request.job_title)}\n` +
      `Cost center: ${untrusted(request.cost_center)}\nBuyer ID: ${untrusted(request.buyer_id)}\n`,
  });
}

/**
 * The maintenance sweep: deletes unconfirmed requests whose link expired (they already hold nothing;
 * this only forgets their password hashes). Answers how many went.
 */
export async function forgetExpiredRegistrations(db: Queryable): Promise<number> {
  const { rowCount } = await db.query(`DELETE FROM registration_requests WHERE status = 'unconfirmed' AND confirm_expires_at <= now()`);
  return rowCount ?? 0;
}
