import { randomBytes } from 'node:crypto';
import { AuthResponseSchema, MessageResponseSchema, UserSchema, WebsiteSchema } from '../../src/contract/contract.ts';
import type { CallAnswer } from './http.ts';
import { sameEmail, shop, type Step } from './step.ts';
import { also, fail, pass, readAnswer, readError } from './verdicts.ts';

/** The headers the storefront's calls carry across origins, which a CORS preflight must allow. */
export const STOREFRONT_REQUEST_HEADERS = ['authorization', 'content-type', 'idempotency-key', 'x-xsrf-token', 'accept-language'] as const;

/** What is wrong with an answer's CORS headers for `origin` (null: nothing), for a credentialed call. */
export function corsProblem(answer: CallAnswer, origin: string, preflight: boolean): string | null {
  if (answer.status === 0) return answer.failure ?? 'no answer';
  if (preflight && (answer.status < 200 || answer.status > 299)) return `answered ${answer.status}`;
  const allowed = answer.headers.get('access-control-allow-origin');
  if (allowed === null) return 'no Access-Control-Allow-Origin';
  if (allowed !== origin) return `Access-Control-Allow-Origin is ${JSON.stringify(allowed)}, not the origin (the storefront sends credentials)`;
  if (answer.headers.get('access-control-allow-credentials') !== 'true') return 'no Access-Control-Allow-Credentials: true';
  if (!preflight) return null;
  const methods = (answer.headers.get('access-control-allow-methods') ?? '').toUpperCase().split(/\s*,\s*/);
  const missingMethods = ['GET', 'POST', 'PUT', 'DELETE'].filter((method) => !methods.includes(method) && !methods.includes('*'));
  if (missingMethods.length > 0) return `Access-Control-Allow-Methods lacks ${missingMethods.join(', ')}`;
  const headers = (answer.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(/\s*,\s*/);
  const missingHeaders = STOREFRONT_REQUEST_HEADERS.filter((header) => !headers.includes(header));
  return missingHeaders.length > 0 ? `Access-Control-Allow-Headers lacks ${missingHeaders.join(', ')}` : null;
}

/** The shop config, CORS and the sign-in: what every later row stands on. */
export const SESSION_STEPS: readonly Step[] = [
  {
    id: 'website',
    checks: 'the shop config, as a guest',
    request: (_learnt, config) => ({ method: 'GET', path: '/api/slug/website', query: { slug: config.shop } }),
    judge: ({ answer, learnt, config }) => {
      const read = readAnswer(answer, 200, WebsiteSchema);
      if (read.value) learnt.website = read.value;
      return also(read.verdict, read.value && read.value.slug !== config.shop ? `answered shop "${read.value.slug}", asked for "${config.shop}"` : null);
    },
  },
  {
    id: 'website-unknown',
    checks: 'an unknown shop is an error',
    request: () => ({ method: 'GET', path: '/api/slug/website', query: { slug: `no-such-shop-${randomBytes(4).toString('hex')}` } }),
    judge: ({ answer }) => readError(answer, 404, 'errors.store_not_found'),
  },
  {
    id: 'cors',
    checks: 'CORS for the page origin: preflight and answer',
    request: (_learnt, config) =>
      config.origin
        ? {
            method: 'OPTIONS',
            path: '/api/order',
            headers: { Origin: config.origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': STOREFRONT_REQUEST_HEADERS.join(',') },
          }
        : { skip: 'no page origin given (--origin, or "origin" in the config)' },
    judge: async ({ answer, config, api }) => {
      const origin = config.origin ?? '';
      const preflight = corsProblem(answer, origin, true);
      if (preflight) return fail(`preflight: ${preflight}`);
      const read = await api({ method: 'GET', path: '/api/slug/website', query: { slug: config.shop }, headers: { Origin: origin } });
      const answered = corsProblem(read, origin, false);
      return answered ? fail(`GET /api/slug/website: ${answered}`) : pass(`allows ${origin} with credentials`);
    },
  },
  {
    id: 'login-refused',
    checks: 'sign-in with an unknown account is refused',
    needs: ['website'],
    request: (learnt) => ({
      method: 'POST',
      path: '/api/login',
      body: { email: `check-provider-${randomBytes(6).toString('hex')}@example.invalid`, password: 'not-a-password-0', ...shop(learnt) },
    }),
    judge: ({ answer }) => readError(answer, 422, 'errors.invalid_login'),
  },
  {
    id: 'login-invalid',
    checks: 'sign-in without its fields: field errors',
    needs: ['website'],
    request: (learnt) => ({ method: 'POST', path: '/api/login', body: shop(learnt) }),
    judge: ({ answer }) => {
      const verdict = readError(answer, 422, 'validation.invalid');
      const errors = (answer.body as { errors?: Record<string, unknown> } | undefined)?.errors;
      return also(verdict, errors && 'email' in errors && 'password' in errors ? null : 'no field errors for email and password');
    },
  },
  {
    id: 'login',
    checks: 'sign-in: a bearer token',
    needs: ['website'],
    request: (learnt, config) => ({ method: 'POST', path: '/api/login', body: { email: config.buyer.email, password: config.buyer.password, ...shop(learnt) } }),
    judge: ({ answer, learnt }) => {
      const read = readAnswer(answer, 200, AuthResponseSchema);
      if (read.value?.access_token) learnt.token = read.value.access_token;
      return also(read.verdict, read.value && !read.value.access_token ? 'the access token is empty' : null);
    },
  },
  {
    id: 'user-anonymous',
    checks: 'the account without a token is refused',
    request: () => ({ method: 'GET', path: '/api/user' }),
    judge: ({ answer }) => readError(answer, 401, 'errors.unauthenticated'),
  },
  {
    id: 'user',
    checks: 'the signed-in account',
    needs: ['website', 'token'],
    request: (learnt) => ({ method: 'GET', path: '/api/user', token: learnt.token }),
    judge: ({ answer, learnt, config }) => {
      const read = readAnswer(answer, 200, UserSchema);
      if (read.value) learnt.user = read.value;
      const user = read.value;
      const problem = !user ? null : !sameEmail(user.email, config.buyer.email) ? `answered ${user.email}, signed in as ${config.buyer.email}` : user.website_id !== learnt.website?.id ? `website_id ${user.website_id}, not the shop's ${learnt.website?.id}` : null;
      return also(read.verdict, problem);
    },
  },
  {
    id: 'website-member',
    checks: "the shop config, as the shop's buyer",
    needs: ['website', 'token'],
    request: (learnt, config) => ({ method: 'GET', path: '/api/slug/website', query: { slug: config.shop }, token: learnt.token }),
    judge: ({ answer, learnt }) => {
      const read = readAnswer(answer, 200, WebsiteSchema);
      if (read.value) learnt.website = read.value;
      return also(read.verdict, read.value?.guest_view ? "a member got the guest view" : null);
    },
  },
];

/** Last: the sign-out, and the token refused after it. */
export const SIGN_OUT_STEPS: readonly Step[] = [
  {
    id: 'logout',
    checks: 'sign-out ends the session',
    needs: ['token'],
    request: (learnt) => ({ method: 'POST', path: '/api/logout', token: learnt.token }),
    judge: async ({ answer, learnt, api }) => {
      const read = readAnswer(answer, 200, MessageResponseSchema);
      if (read.verdict.status === 'fail') return read.verdict;
      const after = await api({ method: 'GET', path: '/api/user', token: learnt.token });
      const refused = readError(after, 401, 'errors.unauthenticated');
      return refused.status === 'fail' ? fail(`the token still works after sign-out: GET /api/user ${refused.detail}`) : read.verdict;
    },
  },
];
