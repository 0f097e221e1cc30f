-- Issue 18: a buyer's points in one budget are the sum of their active assignments of it, and an
-- order spends the assignment expiring first, then the next, so one order line may be paid by several
-- assignments. The ledger keeps one row per part: which assignment paid how much of which line
-- (order_item_id; NULL for the delivery's part and for rows written before this migration).
-- order_items.user_budget_id stays the first assignment paying the line.
ALTER TABLE budget_ledger ADD COLUMN order_item_id integer REFERENCES order_items(id) ON DELETE SET NULL;
CREATE INDEX budget_ledger_order ON budget_ledger (order_id);
