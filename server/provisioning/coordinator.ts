/**
 * A provisioned shop's first coordinator and the mail that lets them in: the link to choose a password
 * for a new account, or the notice for an account that already exists (see shop-file.ts for why the
 * password is never in the shop file).
 *
 * @module
 */
import { normaliseEmail } from '../shared.ts';
import { emailKey } from '../db/email-key.ts';
import type { Queryable } from '../db/index.ts';
import { sendMail } from '../services/outbox.ts';
import { hashToken, newToken } from '../services/tokens.ts';
import type { ShopFile } from './shop-file.ts';

/** How long the link mailed to a new coordinator works: the mail may wait for the server to start. */
export const WELCOME_LINK_DAYS = 7;

/**
 * The shop's first coordinator: a new account mailed a link to choose its password, or an existing
 * account (same e-mail, any case) given this shop too, and told so. Returns whether the account is new.
 */
export async function addCoordinator(tx: Queryable, websiteId: number, shop: ShopFile, unusableHash: string, shopUrl: string): Promise<boolean> {
  const person = shop.coordinator;
  const existing = await tx.query<{ id: number; email: string }>(`SELECT id, email FROM users WHERE ${emailKey('email')} = $1`, [normaliseEmail(person.email)]);
  const known = existing.rows[0];
  const userId =
    known?.id ??
    (
      await tx.query<{ id: number }>(
        `INSERT INTO users (email, password_hash, name, surname, phone, job_title) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [person.email, unusableHash, person.name, person.surname, person.phone, person.job_title],
      )
    ).rows[0]!.id;
  await tx.query(`INSERT INTO website_users (website_id, user_id, role) VALUES ($1, $2, 'coordinator')`, [websiteId, userId]);

  if (known) {
    await sendMail(tx, {
      websiteId,
      to: known.email,
      subject: `${shop.name}: you are its coordinator`,
      body:
        `Your account now coordinates ${shop.name}: you approve registrations and assign budgets there.\n\n` +
        `Sign in with your usual password at:\n${shopUrl}/login\n`,
    });
    return false;
  }
  const token = newToken();
  await tx.query(
    `INSERT INTO password_resets (user_id, website_id, token_hash, expires_at) VALUES ($1, $2, $3, now() + $4::int * interval '1 day')`,
    [userId, websiteId, hashToken(token), WELCOME_LINK_DAYS],
  );
  await sendMail(tx, {
    websiteId,
    to: person.email,
    subject: `${shop.name}: choose your password`,
    body:
      `An account in ${shop.name} was made for you: you are the shop's coordinator (you approve registrations and assign budgets).\n\n` +
      `To choose your password, open this link (it works for ${WELCOME_LINK_DAYS} days; after that use "Forgot password" in the shop):\n` +
      `${shopUrl}/new-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(person.email)}\n`,
  });
  return true;
}
