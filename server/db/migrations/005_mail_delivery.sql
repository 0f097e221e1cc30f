-- Issue 17: the outbox is the queue of mails delivered over SMTP (SMTP_URL) by the mail worker
-- (server/services/mailer.ts). A row stays until it is sent, so nothing is lost on a restart.

-- When the SMTP server accepted the mail; NULL while it waits (or was given up, see failed_at).
ALTER TABLE outbox ADD COLUMN sent_at timestamptz;
-- Delivery attempts started (counted when a worker claims the row, before it talks to SMTP).
ALTER TABLE outbox ADD COLUMN attempts integer NOT NULL DEFAULT 0;
-- When the row is next due: now for a new mail, later after a failure (exponential backoff), and a
-- short lease ahead while a worker is sending it, so no other worker takes it meanwhile.
ALTER TABLE outbox ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now();
-- The last SMTP error (without credentials), for the operator.
ALTER TABLE outbox ADD COLUMN last_error text;
-- Given up after MAIL_MAX_ATTEMPTS failures; the row stays for the operator to read.
ALTER TABLE outbox ADD COLUMN failed_at timestamptz;

-- Mails written before delivery existed went only to the development outbox: they are old (their
-- links have expired) and were never meant to leave this machine, so they are not sent now.
UPDATE outbox SET failed_at = now(), last_error = 'written before mail delivery existed (migration 005); not sent';

-- The worker's question: which waiting mails are due, oldest first.
CREATE INDEX outbox_due ON outbox (next_attempt_at, id) WHERE sent_at IS NULL AND failed_at IS NULL;
