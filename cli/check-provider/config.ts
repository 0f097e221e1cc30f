import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import type { OrderOverrides } from './test-order.ts';
import { describeIssues } from './verdicts.ts';

/**
 * `provider.json`, what the provider check needs to know about the API it checks: one shop, one
 * buyer of it, one of its products, and whether it may place one order (a sandbox). The password may
 * come from the environment instead (`STOREFRONT_CHECK_PASSWORD`), to keep it out of the file.
 */
export const PASSWORD_VARIABLE = 'STOREFRONT_CHECK_PASSWORD';

const text = v.pipe(v.string(), v.trim(), v.nonEmpty());

export const ProviderConfigSchema = v.strictObject({
  /** The shop's slug (`GET /api/slug/website?slug=`). */
  shop: text,
  /** A buyer of that shop. */
  buyer: v.strictObject({ email: text, password: v.optional(v.string()) }),
  /** A product of that shop the buyer may see (and, in a sandbox, order). */
  product_id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** Allows the check to place one order (and to retry it with its key). Off: read-only. */
  sandbox: v.optional(v.boolean(), false),
  /** A page origin to check CORS for (`--origin` wins), e.g. `https://intranet.example.com`. */
  origin: v.optional(v.pipe(v.string(), v.url())),
  /** Order fields that replace the planned ones (cli/check-provider/test-order.ts), for a sandbox whose data needs them. */
  order: v.optional(v.record(v.string(), v.unknown()), {}),
  $schema: v.optional(v.string()),
});

/** The checked config, with the password resolved. */
export interface ProviderConfig {
  shop: string;
  buyer: { email: string; password: string };
  product_id: number;
  sandbox: boolean;
  origin?: string;
  order: OrderOverrides;
}

/**
 * Reads and checks the config file; throws an Error whose message says what to fix (the CLI prints it
 * and exits 2). `environment` is where the password may come from.
 */
export function readProviderConfig(file: string, environment: Record<string, string | undefined> = process.env): ProviderConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const parsed = v.safeParse(ProviderConfigSchema, raw);
  if (!parsed.success) throw new Error(`${file} is not a provider check config: ${describeIssues(parsed.issues, 3)}`);
  const password = environment[PASSWORD_VARIABLE] ?? parsed.output.buyer.password;
  if (!password) throw new Error(`${file}: buyer.password is missing (or set ${PASSWORD_VARIABLE})`);
  const { shop, buyer, product_id, sandbox, origin, order } = parsed.output;
  return { shop, buyer: { email: buyer.email, password }, product_id, sandbox, ...(origin ? { origin } : {}), order: order as OrderOverrides };
}
