/**
 * The one comparison key of an e-mail address: accounts, registration requests and the
 * server's throttle and rate-limit keys all compare addresses by it, so no spelling of an address can
 * be one account to the database and another key to the login throttle.
 *
 * The key is the address trimmed, in Unicode NFKC (fullwidth `ｋｉｍ` is `kim`, a letter followed by a
 * combining mark is the precomposed letter), with the ASCII letters lower-cased and every other
 * character kept as it is. Only ASCII is folded because the database must compute the very same key
 * on its side (`lower(normalize(email, NFKC) COLLATE "C")`, server/db/email-key.ts), and the only
 * case mapping that is the same in JavaScript and in every PostgreSQL locale is ASCII's: full Unicode
 * lower-casing differs (JavaScript lower-cases `İ` to `i̇`, PostgreSQL to `i`, a C-locale database not
 * at all). NFKC is stable across Unicode versions for assigned characters, so both sides agree there.
 *
 * @module
 */

/** The comparison key of `email` (see the module comment): trimmed, NFKC, ASCII letters lower-cased. */
export function normaliseEmail(email: string): string {
  return email
    .trim()
    .normalize('NFKC')
    .replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}
