-- Issue 26: accounts that strangers cannot lock, and one comparison key for e-mail addresses.

-- Addresses are compared by one key (src/domain/email-address.ts, server/db/email-key.ts): NFKC,
-- ASCII letters lower-cased, the same in JavaScript and in every database locale. The unique indexes
-- move from lower(email), whose Unicode case mapping JavaScript does not share, to that key.
DROP INDEX users_email_unique;
CREATE UNIQUE INDEX users_email_key ON users (lower(normalize(email, NFKC) COLLATE "C"));
DROP INDEX registration_requests_pending;
CREATE UNIQUE INDEX registration_requests_pending ON registration_requests (website_id, lower(normalize(email, NFKC) COLLATE "C")) WHERE status = 'pending';

-- A failed login from a browser known to the account counts against that browser (its device hash),
-- not against the IP it shares with others; see known_devices.
ALTER TABLE login_attempts ADD COLUMN device text;
CREATE INDEX login_attempts_device ON login_attempts (email, device, at);

-- Browsers that signed in to an account before (OWASP: let a known device through while strangers
-- are throttled). The browser keeps a random token in an HttpOnly cookie; only its SHA-256 is here,
-- per account. A known device is not held back by the per-IP limit or the account's ceiling, only by
-- its own failures. Forgotten after 180 days unseen and whenever the password changes.
CREATE TABLE known_devices (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash text NOT NULL,
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, token_hash)
);
