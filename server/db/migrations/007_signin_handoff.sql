-- Issue 19: sign-in handoff. A buyer signed in on another origin (an intranet page with the shop's
-- widgets) follows a link into the storefront and arrives signed in: the link carries a one-time
-- code, never the session token. A code is issued for the calling session's user in its shop, lives
-- here only as its SHA-256 (like session tokens), works once and for at most 60 seconds, and is
-- exchanged for a new session of that user in that shop (`POST /api/session/exchange`).
CREATE TABLE signin_handoffs (
  id serial PRIMARY KEY,
  code_hash text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  website_id integer NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  -- The session that asked for the code; the code works only while that session does.
  session_id integer NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Expired codes are deleted when new ones are issued.
CREATE INDEX signin_handoffs_expires ON signin_handoffs (expires_at);
