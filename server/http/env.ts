import type { Db } from '../db/index.ts';
import type { ServerConfig } from '../config.ts';
import type { PaymentProvider } from '../plugin.ts';

/** Who is calling: resolved from the bearer token by `authenticate`. */
export interface AuthContext {
  userId: number;
  /** Tokens are issued for one shop; every call is checked against it. */
  websiteId: number;
  sessionId: number;
  role: 'buyer' | 'coordinator';
  email: string;
}

/** Hono environment shared by every route module. */
export interface AppEnv {
  Variables: {
    db: Db;
    config: ServerConfig;
    /** The connected online-payment provider (a plugin's), or null: then `online` is neither offered nor taken. */
    payment: PaymentProvider | null;
    auth: AuthContext | null;
    /** True when a bearer token was sent but is unknown, expired or revoked. */
    tokenRejected: boolean;
    /** A store designer's preview session: the one shop a guest's reads may see as if it were open (http/preview-scope.ts). */
    preview: { websiteId: number } | null;
  };
}

/** A row of `websites`. */
export interface WebsiteRow {
  id: number;
  slug: string;
  name: string;
  lang: 'en' | 'pl';
  currency: string;
  payment_type: 'invoice' | 'budget';
  is_gross: boolean;
  login_required: boolean;
  registration_type: string;
  shipping_only_to_specific_address: boolean;
  popup_enabled: boolean;
  livechat_enabled: boolean;
  livechat_script: string | null;
  mpk_required: boolean;
  settings: Record<string, unknown>;
  /** The most pieces of one variant one order may take; null: the default (`maxLineQuantity`). */
  max_line_quantity: number | null;
  /** The shop's country (ISO 3166-1 alpha-2) address forms start from; null: none (migration 013). */
  country: string | null;
}
