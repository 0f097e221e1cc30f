-- Issue 26: registration squatting. A request reaches its coordinator only once the applicant has
-- opened the link mailed to the address it names: until then it is 'unconfirmed', holds nothing
-- (the unique index of waiting requests covers only 'pending' ones, so several unconfirmed requests
-- for one address may wait side by side) and expires. Confirming one makes it 'pending' and voids
-- the others for that address in that shop. Requests stored before this migration stay as they are:
-- 'pending' counts as confirmed.
ALTER TABLE registration_requests DROP CONSTRAINT registration_requests_status_check;
ALTER TABLE registration_requests ADD CONSTRAINT registration_requests_status_check CHECK (status IN ('unconfirmed', 'pending', 'approved', 'rejected'));
-- The SHA-256 of the mailed link's token (like reset links); kept after confirmation, so a second
-- use of the link is told "already confirmed" rather than "expired".
ALTER TABLE registration_requests ADD COLUMN confirm_token_hash text UNIQUE;
ALTER TABLE registration_requests ADD COLUMN confirm_expires_at timestamptz;
ALTER TABLE registration_requests ADD COLUMN confirmed_at timestamptz;
-- The sweep of expired unconfirmed requests, and the look-up of those waiting for an address.
CREATE INDEX registration_requests_unconfirmed ON registration_requests (website_id, lower(normalize(email, NFKC) COLLATE "C")) WHERE status = 'unconfirmed';
