import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { httpTimeoutsFromEnv, intFromEnv, listFromEnv, percentFromEnv } from './env-values.ts';
import { DEFAULT_STOCK_HOLD_LIMITS, type StockHoldLimits } from './shared.ts';
import { parseProxyTrust, type ProxyTrust } from './http/client-address.ts';
import { ROOT_DIR } from './root-dir.ts';

export { ROOT_DIR } from './root-dir.ts';

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
  /**
   * How much of a limited stock one buyer's unpaid online orders may hold together (src/domain/stock-holds.ts):
   * at most `sharePercent` % of each variant's stock (HOLD_MAX_SHARE_PERCENT, 1–100, default 50) and at
   * most `maxPieces` pieces of one product (HOLD_MAX_PIECES, default 100; 0: no cap in pieces). Over
   * either the order is refused with 422 `sale.hold.exceeded`. Invoice and points orders are sales, not capped.
   */
  stockHolds: StockHoldLimits;
  /**
   * Failed password checks allowed within the window before 429 (services/throttle.ts): per address
   * from one IP (LOGIN_MAX_PER_PAIR, default 5; from a known device: per address and device), per IP
   * over every address (LOGIN_MAX_PER_IP, default 30), and per address over every IP, the ceiling of
   * a guess spread over many IPs, which known devices are not held to (LOGIN_MAX_PER_EMAIL, default 50).
   * Window LOGIN_WINDOW_SECONDS, default 900. A limit of 0 switches that one off.
   */
  loginThrottle: { perPair: number; perIp: number; perEmail: number; windowSeconds: number };
  /** How long a password-reset link works. */
  resetTokenTtlSeconds: number;
  /** How long the link confirming a new e-mail address works (EMAIL_CHANGE_TTL_SECONDS, default 24 h). */
  emailChangeTtlSeconds: number;
  /**
   * How long the link confirming a registration's address works (REGISTRATION_CONFIRM_TTL_SECONDS,
   * default 48 h). An unconfirmed request never reaches the coordinator; once expired it
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
   * Sign-in handoff previews and exchanges (`POST /api/session/handoff/preview`, `POST /api/session/exchange`)
   * counted together per client IP and window, every attempt counts (HANDOFF_MAX_PER_IP /
   * HANDOFF_WINDOW_SECONDS, default 120 per 60 s: a followed link costs a preview and an exchange; 0 switches it off).
   */
  handoffRateLimit: { perIp: number; windowSeconds: number };
  /**
   * Sign-in handoff codes issued (`POST /api/session/handoff`) per user and per client IP and window,
   * every request counts (HANDOFF_ISSUE_MAX_PER_USER / HANDOFF_ISSUE_MAX_PER_IP /
   * HANDOFF_ISSUE_WINDOW_SECONDS, default 20 per user and 120 per IP in 60 s; 0 switches one off).
   */
  handoffIssueLimit: { perUser: number; perIp: number; windowSeconds: number };
  /** Bytes of contact-form attachments one shop may keep (CONTACT_QUOTA_MB, default 256 MiB). */
  contactQuotaBytes: number;
  /**
   * Bytes of the shop's attachments that guests (senders not signed in) may keep together, within
   * `contactQuotaBytes` (CONTACT_GUEST_QUOTA_MB, default 32 MiB), so strangers cannot fill the shop's quota.
   */
  contactGuestQuotaBytes: number;
  /**
   * Days a contact-form attachment is kept (ATTACHMENT_RETENTION_DAYS, default 90; 0 keeps them for
   * good): older files are deleted by the server's maintenance timer and stop counting toward the
   * quotas; the message itself stays (it was mailed to the shop with the file's name).
   */
  attachmentRetentionDays: number;
  /** How long a bearer token lives. */
  sessionTtlSeconds: number;
  /**
   * How long a client may take to send a request's headers (HEADERS_TIMEOUT_SECONDS, default 20) and
   * the whole request, body included (REQUEST_TIMEOUT_SECONDS, default 120: a 10 MB attachment over a
   * slow line); past that the connection is closed (http/timeouts.ts). The headers' time is capped at
   * the request's, as Node requires. An idle kept-alive connection is closed after `keepAliveMs`
   * (KEEP_ALIVE_TIMEOUT_SECONDS, default 65): longer than the idle timeout of the proxy or client in
   * front (60 s for nginx's upstream keep-alive and AWS load balancers), so the side that reuses a
   * connection is the one that closes it, never the server under a request on its way.
   */
  httpTimeouts: { headersMs: number; requestMs: number; keepAliveMs: number };
  /**
   * The proxies in front of the server (TRUST_PROXY: a number of hops, `1` for one proxy, or a comma
   * list of proxy addresses/CIDR ranges; default none). The client IP is the X-Forwarded-For entry the
   * outermost trusted proxy appended, counted from the right, and the scheme is that proxy's
   * X-Forwarded-Proto entry (the XSRF cookie is `Secure` only over https). See http/client-address.ts.
   */
  trustProxy: ProxyTrust;
  /** Built bundle served under /dist. */
  distDir: string;
  /**
   * The storefront page carries its first screen rendered on the server, as a declarative shadow root
   * the element hydrates, when the renderer is built (`dist-ssr/`, http/server-render.ts): the default;
   * SERVER_RENDER=off leaves it to the browser, as a host that serves the elements itself has it.
   */
  serverRender: boolean;
  /** The built server renderer's folder (`dist-ssr/`). */
  serverRendererDir: string;
  /**
   * Store designers that may preview the demo storefront (DESIGNER_ORIGINS, comma separated, exact
   * origins; default the demo's own `http://localhost:<port>`, where `/demo/designer.html` lives).
   */
  designerOrigins: string[];
  /**
   * SHOP_OPERATOR_SECRET: the secret each shop's operator key is derived from (services/operator-keys.ts);
   * the key lets the store designer save and publish that shop's design. Unset in production: the
   * designer's endpoints are off. Outside production a random one per start, and the demo index shows
   * each shop's key.
   */
  shopOperatorSecret: string | undefined;
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
    stockHolds: {
      sharePercent: percentFromEnv('HOLD_MAX_SHARE_PERCENT', DEFAULT_STOCK_HOLD_LIMITS.sharePercent),
      maxPieces: intFromEnv('HOLD_MAX_PIECES', DEFAULT_STOCK_HOLD_LIMITS.maxPieces),
    },
    // 5 guesses per address and IP, 50 per address from everywhere, per 15 minutes: at most 4,800 guesses
    // a day at one account however many IPs guess, while a stranger alone cannot reach the ceiling.
    loginThrottle: {
      perPair: intFromEnv('LOGIN_MAX_PER_PAIR', 5),
      perIp: intFromEnv('LOGIN_MAX_PER_IP', 30),
      perEmail: intFromEnv('LOGIN_MAX_PER_EMAIL', 50),
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
    // Every buyer of an office following an intranet link comes from its one NAT address: room for a morning
    // rush of 60 links a minute, each a preview and an exchange.
    handoffRateLimit: { perIp: intFromEnv('HANDOFF_MAX_PER_IP', 120), windowSeconds: intFromEnv('HANDOFF_WINDOW_SECONDS', 60) },
    // One buyer follows a link every few seconds at most; the office behind one address, 60 links a minute.
    handoffIssueLimit: {
      perUser: intFromEnv('HANDOFF_ISSUE_MAX_PER_USER', 20),
      perIp: intFromEnv('HANDOFF_ISSUE_MAX_PER_IP', 120),
      windowSeconds: intFromEnv('HANDOFF_ISSUE_WINDOW_SECONDS', 60),
    },
    contactQuotaBytes: intFromEnv('CONTACT_QUOTA_MB', 256) * 1024 * 1024,
    contactGuestQuotaBytes: intFromEnv('CONTACT_GUEST_QUOTA_MB', 32) * 1024 * 1024,
    attachmentRetentionDays: intFromEnv('ATTACHMENT_RETENTION_DAYS', 90),
    sessionTtlSeconds: intFromEnv('SESSION_TTL_SECONDS', 30 * 24 * 3600),
    httpTimeouts: httpTimeoutsFromEnv(),
    trustProxy: parseProxyTrust(process.env.TRUST_PROXY),
    distDir: path.join(ROOT_DIR, 'dist'),
    serverRender: process.env.SERVER_RENDER !== 'off',
    serverRendererDir: path.join(ROOT_DIR, 'dist-ssr'),
    // The demo's designer page lives on the demo origin; in production only the named designers may frame a shop.
    designerOrigins: listFromEnv('DESIGNER_ORIGINS') ?? (production ? [] : [`http://localhost:${port}`]),
    shopOperatorSecret: process.env.SHOP_OPERATOR_SECRET || (production ? undefined : randomBytes(32).toString('hex')),
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
