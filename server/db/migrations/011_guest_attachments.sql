-- Issue 26: guests' contact-form attachments get a quota of their own within the shop's, and
-- attachments age out (config contactGuestQuotaBytes and attachmentRetentionDays).

-- Whether the message was sent by a guest (nobody signed in). Not read from user_id, which becomes
-- NULL when a member's account is deleted: a member's file never moves into the guests' quota.
-- Messages stored before this migration are guests' when they name no member.
ALTER TABLE contact_messages ADD COLUMN from_guest boolean NOT NULL DEFAULT false;
UPDATE contact_messages SET from_guest = true WHERE user_id IS NULL;

-- The retention sweep finds the attachments older than the retention time without reading every
-- message; deleted attachments (file_size 0) leave the index.
CREATE INDEX contact_messages_attachments ON contact_messages (created_at) WHERE file_size > 0;
