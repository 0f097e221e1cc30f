-- Issue 22: accounts and public forms hold against abuse.

-- Rate limits of the public forms and mail-sending calls (registration, contact form, e-mail
-- changes): one row per counted request, per bucket ('register:ip', 'contact:email', ...) and key.
-- Kept in the database, like login_attempts, so every server instance counts the same requests.
CREATE TABLE rate_events (
  id bigserial PRIMARY KEY,
  bucket text NOT NULL,
  key text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rate_events_key ON rate_events (bucket, key, at);

-- A request made with the address and the password of an existing account is that account's
-- request: approval grants access to this user and nobody else.
ALTER TABLE registration_requests ADD COLUMN user_id integer REFERENCES users(id) ON DELETE CASCADE;

-- When the account's e-mail address last changed (a confirmed change). An approval refuses an
-- account whose address changed after the request was made.
ALTER TABLE users ADD COLUMN email_changed_at timestamptz;

-- E-mail changes waiting for the link mailed to the new address (token stored hashed).
CREATE TABLE email_changes (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  website_id integer NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  new_email text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  -- The session that asked for the change stays signed in when it takes effect.
  session_id integer REFERENCES sessions(id) ON DELETE SET NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_changes_user ON email_changes (user_id);

-- Attachment sizes, counted against the shop's storage quota without reading the files.
ALTER TABLE contact_messages ADD COLUMN file_size integer NOT NULL DEFAULT 0;
UPDATE contact_messages SET file_size = coalesce(octet_length(file_data), 0);
