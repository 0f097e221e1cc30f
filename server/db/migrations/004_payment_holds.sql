-- Issue 22: unpaid online orders hold their stock for a bounded time and never move a group buy.

-- A payment the buyer cancelled at the provider, or one not made before its hold ended: the order's
-- stock went back and its pieces never counted toward a group buy.
ALTER TABLE orders DROP CONSTRAINT orders_payment_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_payment_status_check
  CHECK (payment_status IN ('not_required', 'pending', 'paid', 'cancelled', 'expired'));

-- When a pending online order's hold on its stock ends (NULL for every other order, and for online
-- orders placed before this migration, which are never swept).
ALTER TABLE orders ADD COLUMN payment_expires_at timestamptz;
CREATE INDEX orders_payment_holds ON orders (payment_expires_at) WHERE payment_status = 'pending';

-- What each line did, recorded when it was placed, so a release or a payment undoes or adds exactly
-- that even if the product changed meanwhile: the pieces taken off its variant's stock (0 for a
-- variant without a limit), and the pieces that count toward its product's group buy (0 when none
-- ran). An invoice or budget line counted them at placement; a pending online line counts them when
-- the order is paid, and never when its payment is cancelled or expires.
ALTER TABLE order_items ADD COLUMN stock_taken integer NOT NULL DEFAULT 0 CHECK (stock_taken >= 0);
ALTER TABLE order_items ADD COLUMN groupbuy_quantity integer NOT NULL DEFAULT 0 CHECK (groupbuy_quantity >= 0);

-- The most pieces of one variant a single order may take in this shop; NULL: the variant's stock when
-- it is limited, else 10,000 (src/domain/quantity.ts maxLineQuantity).
ALTER TABLE websites ADD COLUMN max_line_quantity integer CHECK (max_line_quantity > 0);
