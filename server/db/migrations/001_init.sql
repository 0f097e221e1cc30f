-- Reference provider schema. Every row that belongs to a shop carries website_id, and every query
-- filters by it: tenant isolation is enforced in SQL, not only in route code.

CREATE TABLE websites (
  id serial PRIMARY KEY,
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$'),
  name text NOT NULL,
  lang text NOT NULL DEFAULT 'en' CHECK (lang IN ('en', 'pl')),
  currency text NOT NULL,
  payment_type text NOT NULL CHECK (payment_type IN ('invoice', 'budget')),
  is_gross boolean NOT NULL DEFAULT false,
  login_required boolean NOT NULL DEFAULT true,
  registration_type text NOT NULL,
  shipping_only_to_specific_address boolean NOT NULL DEFAULT false,
  popup_enabled boolean NOT NULL DEFAULT false,
  livechat_enabled boolean NOT NULL DEFAULT false,
  livechat_script text,
  mpk_required boolean NOT NULL DEFAULT false,
  settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payment_methods (
  id serial PRIMARY KEY,
  website_id integer NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  code text NOT NULL CHECK (code IN ('invoice', 'budget', 'online')),
  name text NOT NULL,
  position integer NOT NULL DEFAULT 0,
  UNIQUE (website_id, code)
);

-- type: homepage (content is a list of blocks), content (content is {html}), pseudo (fixed
-- screens that popups can target: cart, delivery-addresses, payment-methods, summary, order-confirmation).
CREATE TABLE pages (
  id serial PRIMARY KEY,
  website_id integer NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  name text NOT NULL,
  slug text NOT NULL,
  type text NOT NULL CHECK (type IN ('homepage', 'content', 'pseudo')),
  is_deletable integer NOT NULL DEFAULT 0,
  content jsonb NOT NULL DEFAULT '{}'::jsonb,
  position integer NOT NULL DEFAULT 0,
  UNIQUE (website_id, slug)
);

CREATE TABLE popups (
  id serial PRIMARY KEY,
  website_id integer NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  page_id integer NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
  popup_data jsonb NOT NULL
);

CREATE TABLE users (
  id serial PRIMARY KEY,
  email text NOT NULL,
  password_hash text NOT NULL,
  name text NOT NULL DEFAULT '',
  surname text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  job_title text NOT NULL DEFAULT '',
  buyer_id text NOT NULL DEFAULT '',
  cost_center text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_unique ON users (lower(email));

-- A user reaches a shop only through a row here ("This account doesn't have access to this website").
CREATE TABLE website_users (
  website_id integer NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role text NOT NULL DEFAULT 'buyer' CHECK (role IN ('buyer', 'coordinator')),
  coordinator_id integer REFERENCES users(id) ON DELETE SET NULL,
  PRIMARY KEY (website_id, user_id)
);

-- Bearer tokens are stored only as SHA-256 hashes; a leaked table does not leak sessions.
CREATE TABLE sessions (
  id serial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  website_id integer NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);

-- Failed logins, counted per e-mail and per IP across every server instance.
CREATE TABLE login_attempts (
  id bigserial PRIMARY KEY,
  email text NOT NULL,
  ip text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_email ON login_attempts (email, at);
CREATE INDEX login_attempts_ip ON login_attempts (ip, at);

CREATE TABLE password_resets (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  website_id integer NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE registration_requests (
  id serial PRIMARY KEY,
  website_id integer NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  email text NOT NULL,
  name text NOT NULL,
  surname text NOT NULL,
  password_hash text NOT NULL,
  coordinator_id integer NOT NULL REFERENCES users(id),
  cost_center text NOT NULL DEFAULT '',
  job_title text NOT NULL DEFAULT '',
  buyer_id text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  reviewed_at timestamptz
);
CREATE UNIQUE INDEX registration_requests_pending ON registration_requests (website_id, lower(email)) WHERE status = 'pending';

-- A budget is defined by a shop (name, colour); products are paid from one.
CREATE TABLE budgets (
  id serial PRIMARY KEY,
  website_id integer NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  name text NOT NULL,
  color text NOT NULL
);

-- A coordinator assigns points of a budget to a buyer for a period.
CREATE TABLE user_budgets (
  id serial PRIMARY KEY,
  budget_id integer NOT NULL REFERENCES budgets(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  points numeric(12, 2) NOT NULL CHECK (points >= 0),
  points_spent numeric(12, 2) NOT NULL DEFAULT 0 CHECK (points_spent >= 0),
  start_date timestamptz NOT NULL,
  expiry_date timestamptz NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  assigned_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The database itself refuses an overspend, whatever the code above it does.
  CONSTRAINT user_budgets_not_overspent CHECK (points_spent <= points)
);
CREATE INDEX user_budgets_user ON user_budgets (user_id);

-- Every movement of points, so balances can be audited: points_spent = sum(spend) - sum(refund).
CREATE TABLE budget_ledger (
  id bigserial PRIMARY KEY,
  user_budget_id integer NOT NULL REFERENCES user_budgets(id) ON DELETE CASCADE,
  order_id integer,
  delta numeric(12, 2) NOT NULL,
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE products (
  id serial PRIMARY KEY,
  website_id integer NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  name text NOT NULL,
  slug text NOT NULL,
  code text NOT NULL,
  description text NOT NULL DEFAULT '',
  -- name and code, lower-cased without accents or punctuation: search is accent-insensitive on both drivers.
  search_text text NOT NULL,
  calculated_price numeric(12, 2) NOT NULL CHECK (calculated_price >= 0),
  vat numeric(5, 2),
  vat_included boolean NOT NULL DEFAULT false,
  budget_id integer REFERENCES budgets(id) ON DELETE SET NULL,
  minimum_quantity integer CHECK (minimum_quantity > 0),
  minimum_total_quantity integer CHECK (minimum_total_quantity > 0),
  is_business_card boolean NOT NULL DEFAULT false,
  images jsonb NOT NULL DEFAULT '[]'::jsonb,
  groupbuy_active boolean NOT NULL DEFAULT false,
  groupbuy_ends_at timestamptz,
  groupbuy_total integer NOT NULL DEFAULT 0,
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (website_id, code)
);
CREATE INDEX products_website_name ON products (website_id, name);
CREATE INDEX products_website_price ON products (website_id, calculated_price);

-- kind threshold: quantity price tiers; kind groupbuy: tiers of the product's group buy.
CREATE TABLE product_tiers (
  id serial PRIMARY KEY,
  product_id integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('threshold', 'groupbuy')),
  min_quantity integer NOT NULL CHECK (min_quantity >= 0),
  max_quantity integer CHECK (max_quantity IS NULL OR max_quantity >= min_quantity),
  price numeric(12, 2) NOT NULL CHECK (price >= 0)
);
CREATE INDEX product_tiers_product ON product_tiers (product_id);

-- stock: how many can be ordered now (NULL = no limit); availability: the label shown.
CREATE TABLE product_variants (
  id serial PRIMARY KEY,
  product_id integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  code text NOT NULL,
  color_code text,
  size_code text,
  quantity_in_box integer CHECK (quantity_in_box > 0),
  stock integer CHECK (stock >= 0),
  availability text NOT NULL DEFAULT 'in_stock' CHECK (availability IN ('in_stock', 'in_delivery', 'out_of_stock')),
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX product_variants_product ON product_variants (product_id);

-- type delivery / billing are address-book entries; specific is a one-off delivery address.
CREATE TABLE addresses (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  website_id integer NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('delivery', 'billing', 'specific')),
  name text NOT NULL DEFAULT '',
  surname text NOT NULL DEFAULT '',
  company text NOT NULL DEFAULT '',
  street text NOT NULL,
  city text NOT NULL,
  zip text NOT NULL,
  country text NOT NULL,
  nip text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX addresses_owner ON addresses (user_id, website_id);

CREATE TABLE delivery_methods (
  id serial PRIMARY KEY,
  website_id integer NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('courier', 'self_pickup', 'specific_address')),
  name text NOT NULL,
  price numeric(12, 2) NOT NULL DEFAULT 0 CHECK (price >= 0),
  -- Self-pickup: where to collect the order.
  pickup_address jsonb,
  position integer NOT NULL DEFAULT 0
);

-- Budgets allowed to pay for a delivery method, with its price in points.
CREATE TABLE delivery_method_budgets (
  delivery_method_id integer NOT NULL REFERENCES delivery_methods(id) ON DELETE CASCADE,
  budget_id integer NOT NULL REFERENCES budgets(id) ON DELETE CASCADE,
  price numeric(12, 2) NOT NULL CHECK (price >= 0),
  PRIMARY KEY (delivery_method_id, budget_id)
);

CREATE TABLE orders (
  id serial PRIMARY KEY,
  website_id integer NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'in_progress', 'complete')),
  currency text NOT NULL,
  is_gross boolean NOT NULL,
  total_net numeric(12, 2) NOT NULL,
  total_gross numeric(12, 2) NOT NULL,
  total_points numeric(12, 2) NOT NULL DEFAULT 0,
  delivery_price numeric(12, 2) NOT NULL DEFAULT 0,
  payment_method text NOT NULL,
  payment_status text NOT NULL DEFAULT 'not_required' CHECK (payment_status IN ('not_required', 'pending', 'paid')),
  delivery_method jsonb NOT NULL,
  delivery_address jsonb,
  billing_address jsonb,
  contact jsonb NOT NULL,
  mpk_code text,
  comment text NOT NULL DEFAULT '',
  delivery_budget_id integer REFERENCES user_budgets(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_owner ON orders (website_id, user_id, created_at DESC);

CREATE TABLE order_items (
  id serial PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  product_id integer REFERENCES products(id) ON DELETE SET NULL,
  variant_id integer REFERENCES product_variants(id) ON DELETE SET NULL,
  name text NOT NULL,
  code text NOT NULL,
  color_code text,
  size_code text,
  quantity integer NOT NULL CHECK (quantity > 0),
  unit_price numeric(12, 2) NOT NULL,
  vat numeric(5, 2) NOT NULL,
  line_net numeric(12, 2) NOT NULL,
  line_gross numeric(12, 2) NOT NULL,
  budget_id integer REFERENCES budgets(id) ON DELETE SET NULL,
  user_budget_id integer REFERENCES user_budgets(id) ON DELETE SET NULL,
  card_info jsonb
);
CREATE INDEX order_items_order ON order_items (order_id);

-- A retried order with the same key returns the first answer (stored in the same transaction as the order).
CREATE TABLE idempotency_keys (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key text NOT NULL,
  website_id integer NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  request_hash text NOT NULL,
  status_code integer NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);

-- Development outbox: every e-mail the provider would send (reset links, registration replies).
CREATE TABLE outbox (
  id serial PRIMARY KEY,
  website_id integer REFERENCES websites(id) ON DELETE CASCADE,
  to_email text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE contact_messages (
  id serial PRIMARY KEY,
  website_id integer NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  name text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL DEFAULT '',
  subject text NOT NULL DEFAULT '',
  message text NOT NULL,
  file_name text,
  file_type text,
  file_data bytea,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Files under /storage (product images, logos): kept in the database so instances share them.
CREATE TABLE files (
  path text PRIMARY KEY,
  content_type text NOT NULL,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
