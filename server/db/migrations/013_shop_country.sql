-- Issue 27: the shop's country (ISO 3166-1 alpha-2), which address forms start from. NULL: none
-- given (the forms then start empty). The demo shops are in Poland (seed/shops.ts).
ALTER TABLE websites ADD COLUMN country text CHECK (country ~ '^[A-Z]{2}$');
