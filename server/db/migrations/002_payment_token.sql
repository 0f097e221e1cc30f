-- The demo payment page acts only with the secret handed out in the order's payment_url (stored
-- hashed), so knowing an order's name is not enough to mark it paid.
ALTER TABLE orders ADD COLUMN payment_token_hash text;
