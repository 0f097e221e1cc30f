import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root, resolved from this file so the server works from any working directory. */
export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Everything the reference server can be tuned with; tests build one with {@link loadConfig} overrides. */
export interface ServerConfig {
  /** Port to listen on (PORT, default 4173). */
  port: number;
  /** Interface to bind; loopback by default so a demo never listens on the network. */
  hostname: string;
  /** The provider's own domain: `<slug>.<providerDomain>` hosts a shop (spec §1). */
  providerDomain: string;
  /** Template for links in e-mails: `{slug}` and `{port}` are replaced. */
  storefrontUrlTemplate: string;
  /** `postgres://…` switches from embedded PGlite to a PostgreSQL server. */
  databaseUrl: string | undefined;
  /** Schema to use on PostgreSQL (tests run each suite in its own schema). */
  databaseSchema: string | undefined;
  /** PGlite data folder; `memory://` keeps everything in memory (tests). */
  dataDir: string;
  /** Extra origins allowed to call the API with credentials (CORS_ORIGINS, comma separated). */
  corsOrigins: string[];
  /** Minimum seconds between two orders of one buyer in one shop (the spec's remainingTime). */
  orderWaitSeconds: number;
  /**
   * How long a pending online payment holds the order's stock (PAYMENT_HOLD_SECONDS, default 30 min).
   * After that the payment expires: the stock goes back and a late payment is refused.
   */
  paymentHoldSeconds: number;
  /** Failed logins allowed per e-mail and per IP within the window before 429. */
  loginThrottle: { perEmail: number; perIp: number; windowSeconds: number };
  /** How long a password-reset link works. */
  resetTokenTtlSeconds: number;
  /** How long the link confirming a new e-mail address works (EMAIL_CHANGE_TTL_SECONDS, default 24 h). */
  emailChangeTtlSeconds: number;
  /**
   * Requests counted per window on the public forms and mail-sending calls (every request counts,
   * not only failures): registration per IP and per applicant e-mail, the contact form per IP and per
   * sender e-mail, e-mail change requests per account. Over a limit the API answers 429 with Retry-After.
   */
  rateLimits: {
    register: { perIp: number; perEmail: number; windowSeconds: number };
    contact: { perIp: number; perEmail: number; windowSeconds: number };
    emailChange: { perUser: number; windowSeconds: number };
  };
  /** Bytes of contact-form attachments one shop may keep (CONTACT_QUOTA_MB, default 256 MiB). */
  contactQuotaBytes: number;
  /** How long a bearer token lives. */
  sessionTtlSeconds: number;
  /** Take the client IP from X-Forwarded-For (only behind a trusted proxy). */
  trustProxy: boolean;
  /** Built bundle served under /dist. */
  distDir: string;
  /**
   * Store designers that may preview the demo storefront (DESIGNER_ORIGINS, comma separated, exact
   * origins; default the demo's own `http://localhost:<port>`, where `/demo/designer.html` lives).
   */
  designerOrigins: string[];
}

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

/** A comma-separated list from the environment; `undefined` when the variable is not set. */
function listFromEnv(name: string): string[] | undefined {
  const raw = process.env[name];
  if (raw === undefined) return undefined;
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Reads the configuration from the environment, then applies `overrides` (used by tests). */
export function loadConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const port = intFromEnv('PORT', 4173);
  return {
    port,
    hostname: process.env.HOST ?? '127.0.0.1',
    providerDomain: process.env.PROVIDER_DOMAIN ?? 'localhost',
    storefrontUrlTemplate: process.env.STOREFRONT_URL ?? 'http://{slug}.localhost:{port}',
    databaseUrl: process.env.DATABASE_URL || undefined,
    databaseSchema: process.env.DATABASE_SCHEMA || undefined,
    dataDir: process.env.PGLITE_DIR ?? path.join(ROOT_DIR, '.data', 'pglite'),
    corsOrigins: listFromEnv('CORS_ORIGINS') ?? [],
    orderWaitSeconds: intFromEnv('ORDER_WAIT_SECONDS', 10),
    paymentHoldSeconds: intFromEnv('PAYMENT_HOLD_SECONDS', 1800),
    loginThrottle: {
      perEmail: intFromEnv('LOGIN_MAX_PER_EMAIL', 5),
      perIp: intFromEnv('LOGIN_MAX_PER_IP', 30),
      windowSeconds: intFromEnv('LOGIN_WINDOW_SECONDS', 900),
    },
    resetTokenTtlSeconds: intFromEnv('RESET_TOKEN_TTL_SECONDS', 3600),
    emailChangeTtlSeconds: intFromEnv('EMAIL_CHANGE_TTL_SECONDS', 24 * 3600),
    // A company's staff often share one public IP (an office NAT), so the per-IP limits leave room
    // for an onboarding day; the per-address limits are what stops mail flooding of one inbox.
    rateLimits: {
      register: {
        perIp: intFromEnv('REGISTER_MAX_PER_IP', 20),
        perEmail: intFromEnv('REGISTER_MAX_PER_EMAIL', 3),
        windowSeconds: intFromEnv('REGISTER_WINDOW_SECONDS', 3600),
      },
      contact: {
        perIp: intFromEnv('CONTACT_MAX_PER_IP', 20),
        perEmail: intFromEnv('CONTACT_MAX_PER_EMAIL', 5),
        windowSeconds: intFromEnv('CONTACT_WINDOW_SECONDS', 3600),
      },
      emailChange: {
        perUser: intFromEnv('EMAIL_CHANGE_MAX_PER_USER', 5),
        windowSeconds: intFromEnv('EMAIL_CHANGE_WINDOW_SECONDS', 3600),
      },
    },
    contactQuotaBytes: intFromEnv('CONTACT_QUOTA_MB', 256) * 1024 * 1024,
    sessionTtlSeconds: intFromEnv('SESSION_TTL_SECONDS', 30 * 24 * 3600),
    trustProxy: process.env.TRUST_PROXY === '1',
    distDir: path.join(ROOT_DIR, 'dist'),
    designerOrigins: listFromEnv('DESIGNER_ORIGINS') ?? [`http://localhost:${port}`],
    ...overrides,
  };
}

/** The storefront's public URL for a shop, used in e-mailed links. */
export function storefrontUrl(config: ServerConfig, slug: string): string {
  return config.storefrontUrlTemplate.replaceAll('{slug}', slug).replaceAll('{port}', String(config.port));
}
