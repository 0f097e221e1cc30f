import { api } from '../../../api/client.ts';
import { errorMessage, isApiClientError } from '../../../api/errors.ts';
import { hrefFor } from '../../../kit/router.tsx';
import { buildPath } from '../../../domain/routes.ts';
import { hasMessage, t, type MessageParams } from '../../../i18n/index.ts';

/**
 * The texts to show for a failed `POST /api/order` (spec §8 texts through `errorMessage`): the
 * field errors of a 422 `validation.invalid` one by one in the user's language (e.g. "Nip missing from
 * address"), else the error's own text; an attempt without an answer (timeout, network) adds that
 * pressing again is safe: the same attempt is sent again and never places a second order.
 */
export function orderErrorTexts(error: unknown): string[] {
  if (isApiClientError(error, 'http') && error.code === 'validation.invalid') {
    const texts = new Set<string>();
    for (const keys of Object.values(error.fieldKeys ?? {})) {
      for (const { key, params } of keys) if (hasMessage(key)) texts.add(t(key, messageParams(params)));
    }
    if (texts.size === 0) for (const list of Object.values(error.fieldErrors ?? {})) for (const text of list) texts.add(text);
    if (texts.size > 0) return [...texts];
  }
  const text = errorMessage(error);
  if (isApiClientError(error, 'timeout') || isApiClientError(error, 'network')) return [text, t('checkout.summary_step.retry_safe')];
  return [text];
}

/** Placeholders a message can show (strings and numbers). */
function messageParams(params: Record<string, unknown>): MessageParams {
  const out: MessageParams = {};
  for (const [name, value] of Object.entries(params)) if (typeof value === 'string' || typeof value === 'number') out[name] = value;
  return out;
}

/**
 * Where the payment provider sends the buyer back: this storefront's `/payment-processing` with the
 * order's name, as an absolute URL (the storefront's own, or `storefront-url` for a widget).
 */
export function paymentReturnUrl(orderName: string): string {
  const path = `${buildPath('payment-processing')}?order=${encodeURIComponent(orderName)}`;
  return new URL(hrefFor(path), location.origin).href;
}

/** The payment page of an online order with `?return=` set (a relative `paymentUrl` is the provider's). */
export function paymentRedirectUrl(paymentUrl: string, returnUrl: string): string {
  const url = new URL(paymentUrl, api.baseUrl ? new URL(api.baseUrl, location.href) : location.href);
  url.searchParams.set('return', returnUrl);
  return url.href;
}
