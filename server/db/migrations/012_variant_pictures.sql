-- Issue 27: the picture follows the variant, and an order line names the variant that was ordered.

-- The variant's own picture (a storage path or an absolute URL), usually its colour's; NULL when the
-- provider links none (the product's pictures show). Variants stored before this migration take the
-- product picture drawn in their colour, which is how the demo names its pictures
-- (`products/<kind>-<colour>.svg`).
ALTER TABLE product_variants ADD COLUMN image text;
UPDATE product_variants v
   SET image = (SELECT picture FROM products p, jsonb_array_elements_text(p.images) AS picture
                 WHERE p.id = v.product_id AND picture LIKE '%-' || v.color_code || '.svg'
                 LIMIT 1)
 WHERE v.color_code IS NOT NULL;

-- The picture the order line showed when it was ordered (a snapshot, as the name and prices are).
ALTER TABLE order_items ADD COLUMN image text;
UPDATE order_items i
   SET image = coalesce(v.image, (SELECT p.images ->> 0 FROM products p WHERE p.id = i.product_id))
  FROM product_variants v
 WHERE v.id = i.variant_id;

-- Order lines stored the product's code; they name the variant's code, as the cart showed it.
UPDATE order_items i SET code = v.code FROM product_variants v WHERE v.id = i.variant_id AND v.code <> '';
