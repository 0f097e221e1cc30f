-- Issue 27: the store designer saves a draft of a shop's theme and homepage sections, then publishes
-- it. The storefront shows the published version (websites.settings and the homepage page's blocks);
-- the designer previews the draft. One draft per shop.
CREATE TABLE website_drafts (
  website_id integer PRIMARY KEY REFERENCES websites(id) ON DELETE CASCADE,
  settings jsonb NOT NULL,
  blocks jsonb NOT NULL,
  saved_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz
);
