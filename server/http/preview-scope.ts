import type { MiddlewareHandler } from 'hono';
import { previewSessionShop } from '../services/preview-sessions.ts';
import type { AppEnv } from './env.ts';

/** The header a store designer's preview sends its preview session in (docs/api.md "Store designer"). */
export const PREVIEW_HEADER = 'Shop-Preview';

/** Reads only: a preview session never places, saves or sends anything. */
const READS = new Set(['GET', 'HEAD']);

/**
 * Reads a store designer's preview session (`Shop-Preview`, services/preview-sessions.ts) into
 * `preview`: the one shop whose guest reads it opens as if the shop were open (shopAccess mode `shop`,
 * the whole shop config). It counts only on reads, only without a signed-in user (a member sees what
 * members see) and only while the designer's endpoints are on (`SHOP_OPERATOR_SECRET`). Anything else
 * (a write, a bad or ended session) is a guest's call, answered as any guest's would be.
 */
export const previewScope: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('preview', null);
  const token = c.req.header(PREVIEW_HEADER);
  const secret = c.get('config').shopOperatorSecret;
  if (token && secret && READS.has(c.req.method) && !c.get('auth')) {
    const websiteId = previewSessionShop(secret, token);
    if (websiteId !== null) c.set('preview', { websiteId });
  }
  await next();
};
