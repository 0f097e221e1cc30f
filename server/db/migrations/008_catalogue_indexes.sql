-- Catalogue speed (issue 20): the catalogue's queries are answered from indexes, not by reading and
-- sorting every product of a shop.
--
-- Search: each search word is `search_text LIKE '%word%'` (routes/catalogue.ts). A trigram GIN index
-- answers such a LIKE without a sequential scan; search_text is already lower-case and accent-free,
-- so results stay accent-insensitive and exactly as before. pg_trgm ships with PostgreSQL (a trusted
-- extension: a database owner may create it) and with PGlite (loaded in db/index.ts). It is created
-- in `public` and its operator class named with that schema: the servers' search_path may hold only
-- their own schema (tests and DATABASE_SCHEMA), and one extension serves every schema of a database,
-- so dropping one schema never takes the extension, or another schema's index, with it.
--
-- GIN's fast update stays on: new rows wait in a pending list that searches read through until a
-- vacuum (or the list's 4 MB limit) merges it. Switched off, loading 5,000 products took about ten
-- times as long on PGlite; `npm run seed -- --products N` vacuums after its bulk load instead.
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
CREATE INDEX products_search_trgm ON products USING gin (search_text public.gin_trgm_ops);

-- Name and code orders exactly as the catalogue sorts (lower(name) / code byte-wise, then the id), so a
-- page is the first rows of an index scan (backwards for the descending sorts) instead of a sort of
-- the shop's whole catalogue. The (website_id, name) index of 001 never matched that order.
CREATE INDEX products_website_name_sort ON products (website_id, (lower(name)) COLLATE "C", id);
CREATE INDEX products_website_code_sort ON products (website_id, code COLLATE "C", id);
DROP INDEX products_website_name;
