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
   * How long the link confirming a registration's address works (REGISTRATION_CONFIRM_TTL_SECONDS,
   * default 48 h, issue 26). An unconfirmed request never reaches the coordinator; once expired it
   * holds nothing and the maintenance sweep deletes it.
   */
  registrationConfirmTtlSeconds: number;
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
  /**
   * Sign-in handoff exchanges (`POST /api/session/exchange`) counted per client IP and window, every
   * attempt counts (HANDOFF_MAX_PER_IP / HANDOFF_WINDOW_SECONDS, default 60 per 60 s; 0 switches it off).
   */
  handoffRateLimit: { perIp: number; windowSeconds: number };
  /** Bytes of contact-form attachments one shop may keep (CONTACT_QUOTA_MB, default 256 MiB). */
  contactQuotaBytes: number;
  /** How long a bearer token lives. */
  sessionTtlSeconds: number;
  /**
   * Behind a trusted proxy (TRUST_PROXY=1): take the client IP from X-Forwarded-For and whether the
   * browser came over https from X-Forwarded-Proto (the XSRF cookie is `Secure` only then).
   */
  trustProxy: boolean;
  /** Built bundle served under /dist. */
  distDir: string;
  /**
   * Store designers that may preview the demo storefront (DESIGNER_ORIGINS, comma separated, exact
   * origins; default the demo's own `http://localhost:<port>`, where `/demo/designer.html` lives).
   */
  designerOrigins: string[];
  /**
   * NODE_ENV=production: no `/demo/*` routes (pages, outbox, demo payment provider), `online` payment
   * not offered, no demo data seeded, and start-up refuses to run without SMTP_URL (docs/deploying.md).
   */
  production: boolean;
  /**
   * SMTP_URL (`smtp://user:pass@host:587`, `smtps://…:465`): the outbox's mails are delivered through
   * this server by the mail worker. Unset: mails stay in the outbox table (the demo shows them at
   * /demo/outbox). Holds a secret: never log it (see {@link describeSmtp}).
   */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the sender of every mail (default `no-reply@<PROVIDER_DOMAIN>`). */
  mailFrom: string;
  /** How the mail worker works through the outbox (times in milliseconds). */
  mailDelivery: MailDeliveryConfig;
}

/** The outbox worker's pace and retries (services/mailer.ts). */
export interface MailDeliveryConfig {
  /** How often the worker looks for due mails (default 5 s). */
  pollMs: number;
  /** Wait after the first failed attempt; each further failure doubles it (MAIL_RETRY_SECONDS, default 30). */
  firstRetryMs: number;
  /** The longest wait between two attempts (MAIL_RETRY_MAX_SECONDS, default 3600). */
  maxRetryMs: number;
  /** Attempts before a mail is given up and marked failed (MAIL_MAX_ATTEMPTS, default 10). */
  maxAttempts: number;
  /**
   * How long a claimed mail is reserved for the worker sending it: a worker that dies mid-send leaves
   * the mail due again after this (longer than the SMTP timeouts; default 2 min).
   */
  leaseMs: number;
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
  // Defaults that follow the mode and the domain follow them when a test overrides those too.
  const production = overrides.production ?? process.env.NODE_ENV === 'production';
  const providerDomain = overrides.providerDomain ?? process.env.PROVIDER_DOMAIN ?? 'localhost';
  return {
    port,
    hostname: process.env.HOST ?? '127.0.0.1',
    providerDomain,
    // In production the shops are served over https on their own host names, behind a proxy.
    storefrontUrlTemplate: process.env.STOREFRONT_URL ?? (production ? `https://{slug}.${providerDomain}` : 'http://{slug}.localhost:{port}'),
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
    registrationConfirmTtlSeconds: intFromEnv('REGISTRATION_CONFIRM_TTL_SECONDS', 48 * 3600),
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
    // Every buyer of an office following an intranet link comes from its one NAT address: room for a morning rush.
    handoffRateLimit: { perIp: intFromEnv('HANDOFF_MAX_PER_IP', 60), windowSeconds: intFromEnv('HANDOFF_WINDOW_SECONDS', 60) },
    contactQuotaBytes: intFromEnv('CONTACT_QUOTA_MB', 256) * 1024 * 1024,
    sessionTtlSeconds: intFromEnv('SESSION_TTL_SECONDS', 30 * 24 * 3600),
    trustProxy: process.env.TRUST_PROXY === '1',
    distDir: path.join(ROOT_DIR, 'dist'),
    // The demo's designer page lives on the demo origin; in production only the named designers may frame a shop.
    designerOrigins: listFromEnv('DESIGNER_ORIGINS') ?? (production ? [] : [`http://localhost:${port}`]),
    production,
    smtpUrl: process.env.SMTP_URL || undefined,
    mailFrom: process.env.MAIL_FROM || `no-reply@${providerDomain}`,
    mailDelivery: {
      pollMs: 5000,
      firstRetryMs: intFromEnv('MAIL_RETRY_SECONDS', 30) * 1000,
      maxRetryMs: intFromEnv('MAIL_RETRY_MAX_SECONDS', 3600) * 1000,
      maxAttempts: Math.max(1, intFromEnv('MAIL_MAX_ATTEMPTS', 10)),
      leaseMs: 120_000,
    },
    ...overrides,
  };
}

/** The storefront's public URL for a shop, used in e-mailed links. */
export function storefrontUrl(config: ServerConfig, slug: string): string {
  return config.storefrontUrlTemplate.replaceAll('{slug}', slug).replaceAll('{port}', String(config.port));
}

/**
 * What keeps a production server from starting, as sentences for the operator (empty: fine). Without
 * SMTP_URL password-reset links and registration replies would pile up unread in the outbox table
 * (the demo's outbox page is not served in production), so that is refused rather than warned about.
 */
export function productionProblems(config: ServerConfig): string[] {
  if (!config.production) return [];
  const problems: string[] = [];
  if (!config.smtpUrl) {
    problems.push('SMTP_URL is not set: in production e-mails (password resets, registration replies) are sent over SMTP, e.g. SMTP_URL=smtp://user:pass@smtp.example.com:587');
  } else if (!/^smtps?:\/\//i.test(config.smtpUrl)) {
    problems.push('SMTP_URL must start with smtp:// or smtps://');
  }
  return problems;
}

/** The SMTP server for the start-up log, without credentials (`smtp://smtp.example.com:587`), or `off`. */
export function describeSmtp(smtpUrl: string | undefined): string {
  if (!smtpUrl) return 'off';
  try {
    const url = new URL(smtpUrl);
    return `${url.protocol}//${url.host}`;
  } catch {
    return 'set (unreadable URL)';
  }
}
