/**
 * Registration by request (spec §7): `POST /api/register` files a request for the shop's coordinator,
 * `POST /api/register/confirm` confirms the applicant's address from the mailed link. Wired in auth.ts.
 *
 * @module
 */
import type { Context } from 'hono';
import { ConfirmRegistrationRequestSchema, RegisterRequestSchema, normaliseEmail } from '../shared.ts';
import { emailKey } from '../db/email-key.ts';
import type { Queryable } from '../db/index.ts';
import { shopAccess } from '../http/auth.ts';
import type { AppEnv, WebsiteRow } from '../http/env.ts';
import { fail, invalidFields } from '../http/errors.ts';
import { notice } from '../http/messages.ts';
import { jsonBody } from '../http/validate.ts';
import { sendMail } from '../services/outbox.ts';
import { hashPassword, verifyPassword } from '../services/passwords.ts';
import { takeRate } from '../services/rate-limit.ts';
import { confirmRegistration, fileRegistration, sendReceipt, sendReviewRequest } from '../services/registrations.ts';
import { clientIp } from '../services/throttle.ts';

/**
 * The shop's coordinator named by a registration, or the spec's field error (§5 "Coordinator must be
 * a valid e-mail address of an existing coordinator"). Kept because the spec demands the text; it
 * tells only whether an address coordinates this shop, behind the registration rate limit.
 */
async function namedCoordinator(db: Queryable, websiteId: number, email: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT u.id FROM users u
       JOIN website_users wu ON wu.user_id = u.id AND wu.website_id = $2 AND wu.role = 'coordinator'
      WHERE ${emailKey('u.email')} = $1`,
    [normaliseEmail(email), websiteId],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw invalidFields({ coordinator_email: 'validation.coordinator' });
  return id;
}

/**
 * To the owner of an existing account when someone registered with its address but not its
 * password: nothing was stored, and the owner learns how to ask for access if it was them.
 */
async function sendAlreadyRegistered(db: Queryable, website: WebsiteRow, to: string): Promise<void> {
  await sendMail(db, {
    websiteId: website.id,
    to,
    subject: `${website.name}: a registration request with your e-mail address`,
    body:
      `Hello,\n\nsomeone asked for an account in ${website.name} with this e-mail address, which already has an account. ` +
      'The request was not passed on.\n\n' +
      "If it was you: send the registration form again and enter your existing account's password as the password. " +
      'Your coordinator can then give that account access.\n\n' +
      'If it was not you, ignore this e-mail: your account is unchanged.\n',
  });
}

/**
 * `POST /api/register`: a registration request reviewed by the shop's coordinator (spec §3, §4), once
 * its applicant has confirmed the address by the link mailed to it.
 *
 * The answer is the same whether the address is new, has an account or already waits for review, so
 * the call does not tell a stranger which accounts exist; what differs goes to the address
 * by mail:
 * - a new address: the request is stored unconfirmed, with the password chosen (hashed), and the link
 *   confirming it is mailed (with word of other unconfirmed requests for the address, if any);
 * - an address with an account, and that account's password: the same, the request bound to that
 *   account (it proved to be its owner), so approval gives access to that account and nobody else;
 * - an address with an account, and another password: nothing is stored; the owner is told by mail;
 * - an address whose confirmed request already waits in this shop: nothing is stored; the mailbox is told.
 * Each path costs one password hash, so timing tells nothing either. Requests are rate-limited per
 * IP and per applicant address before anything is looked up.
 */
export async function register(c: Context<AppEnv>): Promise<Response> {
  const body = await jsonBody(c, RegisterRequestSchema);
  const { website } = await shopAccess(c, body.website_id, 'public');
  // `{product}_noform` shops have no registration form (spec §2 guards).
  if (website.registration_type.endsWith('_noform')) fail(403, 'errors.registration_closed');
  const db = c.get('db');
  const limits = c.get('config').rateLimits.register;
  await takeRate(db, [
    { bucket: 'register:ip', key: clientIp(c), limit: limits.perIp, windowSeconds: limits.windowSeconds },
    { bucket: 'register:email', key: normaliseEmail(body.email), limit: limits.perEmail, windowSeconds: limits.windowSeconds },
  ]);
  const coordinatorId = await namedCoordinator(db, website.id, body.coordinator_email);

  const { rows } = await db.query<{ id: number; email: string; password_hash: string; member: boolean }>(
    `SELECT u.id, u.email, u.password_hash,
            EXISTS (SELECT 1 FROM website_users wu WHERE wu.user_id = u.id AND wu.website_id = $2) AS member
       FROM users u WHERE ${emailKey('u.email')} = $1`,
    [normaliseEmail(body.email), website.id],
  );
  const account = rows[0];
  let owner: number | null = null;
  let passwordHash: string;
  if (account) {
    if (!(await verifyPassword(body.password, account.password_hash))) {
      await sendAlreadyRegistered(db, website, account.email);
      return registrationAccepted(c);
    }
    // The owner already in this shop has nothing to ask for; the same answer, nothing stored.
    if (account.member) return registrationAccepted(c);
    owner = account.id;
    passwordHash = account.password_hash;
  } else {
    passwordHash = await hashPassword(body.password);
  }
  await fileRegistration(db, c.get('config'), website, { form: body, coordinatorId, passwordHash, userId: owner });
  return registrationAccepted(c);
}

/**
 * `POST /api/register/confirm`: the token of the link mailed to a registration's address,
 * sent by the storefront's confirmation screen when its button is pressed. In one transaction the
 * request becomes pending, the other unconfirmed requests for its address are void, and the applicant's
 * receipt and the coordinator's review request are mailed. No session needed; a link of another shop,
 * altered, expired or void answers 422 `errors.registration_link_expired`, a second use 409
 * `errors.registration_already_confirmed`, and nothing changes.
 */
export async function confirmRegistrationLink(c: Context<AppEnv>): Promise<Response> {
  const body = await jsonBody(c, ConfirmRegistrationRequestSchema);
  const { website } = await shopAccess(c, body.website_id, 'public');
  await c.get('db').transaction(async (tx) => {
    const { request, coordinatorEmail } = await confirmRegistration(tx, website.id, body.token);
    await sendReceipt(tx, website, request);
    if (coordinatorEmail !== '') await sendReviewRequest(tx, website, request, coordinatorEmail);
  });
  return c.json({ status: 'pending' as const, ...notice('notices.registration_confirmed') });
}

/** The one answer of `POST /api/register`, whatever became of the request. */
function registrationAccepted(c: Context<AppEnv>): Response {
  return c.json({ status: 'pending' as const, ...notice('notices.registration_pending') }, 201);
}
