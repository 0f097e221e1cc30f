import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { storefrontUrl, type ServerConfig } from '../../server/config.ts';
import type { Db } from '../../server/db/index.ts';
import type { AppEnv } from '../../server/http/env.ts';
import { escapeHtml, htmlPage } from '../../server/http/html.ts';
import { isAllowedOrigin } from '../../server/http/security.ts';
import { findOrderForPayment, ORDER_NAME_PATTERN, type PayableOrder } from '../../server/services/order-reads.ts';
import { cancelPayment, expireHolds, payOrder } from '../../server/services/payment-holds.ts';
import type { PaymentProvider } from '../../server/plugin.ts';

/** Where the demo provider's pages live. */
const PAY_PATH = '/demo/pay';

/** The demo's payment provider: its page for an order, on this server's own origin. */
export const demoPaymentProvider: PaymentProvider = {
  paymentPageUrl: (origin, orderName, token) => `${origin}${PAY_PATH}/${encodeURIComponent(orderName)}?token=${token}`,
};


/**
 * Where the payment page sends the buyer back: the `return` URL when it is an http(s) URL on the
 * provider's domain or one of its shop subdomains on the configured port (the same rule as CORS,
 * `isAllowedOrigin`), otherwise the shop's own `/payment-processing` page. Never an open redirect.
 */
export function paymentReturnUrl(raw: string | undefined, config: ServerConfig, slug: string): string {
  const fallback = `${storefrontUrl(config, slug)}/payment-processing`;
  if (!raw || raw.length > 2000) return fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fallback;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fallback;
  if (url.username !== '' || url.password !== '' || !isAllowedOrigin(url.origin, config)) return fallback;
  return url.href;
}

/** `url` with `status` set in its query (spec §4: the storefront accepts only status=success). */
function withStatus(url: string, status: 'success' | 'cancelled'): string {
  const target = new URL(url);
  target.searchParams.set('status', status);
  return target.href;
}

/** The payment page is never framed (clickjacking on a Pay button) nor cached. */
function paymentHeaders(c: Context<AppEnv>): void {
  c.header('X-Frame-Options', 'DENY');
  c.header('Content-Security-Policy', "frame-ancestors 'none'");
  c.header('Cache-Control', 'no-store');
}

function notFoundPage(c: Context<AppEnv>) {
  paymentHeaders(c);
  return c.html(htmlPage('Payment not found', '<h1>Payment not found</h1>\n<p>There is no online payment waiting for this order.</p>'), 404);
}

/** What the page says of a payment that ended unpaid: the buyer must know nothing was charged. */
const ENDED_TEXT: Record<'cancelled' | 'expired', string> = {
  cancelled: 'This payment was cancelled; the order was cancelled and nothing was charged.',
  expired: 'This payment has expired; the order was cancelled and nothing was charged.',
};

/** A moment as the page shows it, in UTC to the minute ("2025-03-01 14:30 UTC"). */
function utcMinute(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * The page's action part by the payment's state: a link back for a paid order, the reason and a link
 * back for one that ended unpaid (cancelled, expired), else the Pay and Cancel buttons with the end of
 * the hold.
 */
function paymentBody(order: PayableOrder, token: string, returnUrl: string): string {
  const status = order.payment_status;
  if (status === 'paid') return `<p>This order is already paid.</p>\n<p><a href="${escapeHtml(withStatus(returnUrl, 'success'))}">Back to the shop</a></p>`;
  if (status === 'cancelled' || status === 'expired') {
    return `<p role="alert"><strong>${escapeHtml(ENDED_TEXT[status])}</strong></p>\n<p><a href="${escapeHtml(withStatus(returnUrl, 'cancelled'))}">Back to the shop</a></p>`;
  }
  const action = `${PAY_PATH}/${encodeURIComponent(order.name)}`;
  const deadline = order.payment_expires_at ? `<p>Pay before ${escapeHtml(utcMinute(order.payment_expires_at))}; after that the order is cancelled and nothing is charged.</p>\n` : '';
  return `${deadline}<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<input type="hidden" name="return" value="${escapeHtml(returnUrl)}">
<button type="submit" name="action" value="pay">Pay</button>
<button type="submit" name="action" value="cancel">Cancel</button>
</form>`;
}

function paymentPage(order: PayableOrder, token: string, returnUrl: string): string {
  const amount = `${order.total.toFixed(2)} ${order.currency}`;
  const body = paymentBody(order, token, returnUrl);
  return htmlPage(
    `Pay ${order.name}`,
    `<h1>Demo payment</h1>
<p>This is a demo payment provider: no money is taken.</p>
<dl>
<dt>Shop</dt><dd>${escapeHtml(order.shop_name)}</dd>
<dt>Order</dt><dd><strong>${escapeHtml(order.name)}</strong></dd>
<dt>Amount</dt><dd><strong>${escapeHtml(amount)}</strong></dd>
</dl>
${body}`,
  );
}

/**
 * The demo's stand-in for an online-payment provider: a page with the order and its amount and two
 * buttons. Paying marks a pending online order paid (and counts its group-buy pieces) while its hold
 * lasts; cancelling ends the payment and gives the stock back. Both buttons return the buyer to the
 * shop's `/payment-processing` with `status=success` or `status=cancelled`. A payment that ended
 * unpaid (cancelled, or expired: its hold ran out) is never paid late: the page says so instead.
 * Holds that ended are expired before the order is read, so the page never offers to pay one.
 */
export function registerDemoPayment(app: Hono<AppEnv>): void {
  app.get(`${PAY_PATH}/:name`, async (c) => {
    const name = c.req.param('name');
    const token = c.req.query('token') ?? '';
    const order = await onlinePayment(c.get('db'), name, token);
    if (!order) return notFoundPage(c);
    paymentHeaders(c);
    return c.html(paymentPage(order, token, paymentReturnUrl(c.req.query('return'), c.get('config'), order.slug)));
  });

  app.post(`${PAY_PATH}/:name`, bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.text('Request too large', 413) }), async (c) => {
    // A form of another site must not pay (or cancel) in the buyer's name: browsers send Origin on POST.
    const origin = c.req.header('origin');
    if (origin !== undefined && origin !== new URL(c.req.url).origin) return c.text('Forbidden', 403);
    const name = c.req.param('name');
    const form = await c.req.parseBody();
    const token = typeof form.token === 'string' ? form.token : '';
    const db = c.get('db');
    const order = await onlinePayment(db, name, token);
    if (!order) return notFoundPage(c);
    const action = form.action;
    const returnUrl = paymentReturnUrl(typeof form.return === 'string' ? form.return : c.req.query('return'), c.get('config'), order.slug);
    if (action === 'cancel') {
      // Only a pending payment is cancelled (once, whoever asks first); a paid one stays paid.
      await cancelPayment(db, name, token);
      return c.redirect(withStatus(returnUrl, 'cancelled'), 303);
    }
    if (action !== 'pay') return c.text('Unknown action', 400);
    if (order.payment_status === 'cancelled' || order.payment_status === 'expired') return endedPage(c, order, returnUrl);
    // Paying twice (a double click, a reload) is harmless: an already paid order just goes back.
    if (order.payment_status === 'paid' || (await payOrder(db, name, token)) === 'paid') return c.redirect(withStatus(returnUrl, 'success'), 303);
    // Refused: the payment ended unpaid, possibly a moment ago (its hold ran out or a cancel won the race).
    const now = await onlinePayment(db, name, token);
    if (now?.payment_status === 'paid') return c.redirect(withStatus(returnUrl, 'success'), 303);
    return endedPage(c, { ...order, payment_status: now?.payment_status === 'cancelled' ? 'cancelled' : 'expired' }, returnUrl);
  });
}

/**
 * The online payment of order `name` with secret `token`, as it stands now (holds that ended are
 * expired first, so the page never offers to pay one); null when the name cannot be an order's, the
 * token is missing or wrong, or the order is not paid online.
 */
async function onlinePayment(db: Db, name: string, token: string): Promise<PayableOrder | null> {
  if (!ORDER_NAME_PATTERN.test(name) || !token) return null;
  await expireHolds(db);
  const order = await findOrderForPayment(db, name, token);
  return order?.payment_method === 'online' ? order : null;
}

/** 409 with the page saying the payment ended unpaid and nothing was charged (a late payment). */
function endedPage(c: Context<AppEnv>, order: PayableOrder, returnUrl: string) {
  paymentHeaders(c);
  return c.html(paymentPage(order, '', returnUrl), 409);
}
