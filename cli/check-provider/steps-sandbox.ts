import { OrderPageSchema, PlaceOrderResponseSchema } from '../../src/contract/contract.ts';
import { idempotencyKey, orderCall, shop, type Step } from './step.ts';
import { planOrder } from './test-order.ts';
import { also, pass, readAnswer, readError } from './verdicts.ts';

/**
 * The sandbox rows (only with `"sandbox": true`): one order placed with an idempotency key, sent again
 * with it (the first answer, no second order), sent changed with it (refused), and found once in the history.
 */
export const SANDBOX_STEPS: readonly Step[] = [
  {
    id: 'order-no-key',
    checks: 'an order without an idempotency key is refused',
    sandbox: true,
    needs: ['website', 'token', 'user', 'addresses', 'methods', 'payments'],
    request: (learnt, config) => {
      if (!learnt.planned) return { fail: `no order could be made up: ${learnt.unplannable ?? 'no line to order'}` };
      const plan = planOrder(learnt.website!, learnt.user!, learnt.addresses!, learnt.planned, learnt.methods!, learnt.payments!, config.order);
      if (typeof plan === 'string') return { fail: `no order could be made up: ${plan}` };
      learnt.plan = plan;
      return orderCall(learnt, null, plan);
    },
    judge: ({ answer }) => readError(answer, 400, 'errors.malformed_request'),
  },
  {
    id: 'order-place',
    checks: 'placing one order',
    sandbox: true,
    needs: ['website', 'token', 'plan'],
    request: (learnt) => orderCall(learnt, idempotencyKey(), learnt.plan!),
    judge: ({ answer, learnt, request }) => {
      const read = readAnswer(answer, 201, PlaceOrderResponseSchema);
      const placed = read.value;
      if (placed) learnt.order = { request: learnt.plan!, key: request.headers?.['Idempotency-Key'] ?? '', answer: placed };
      const line = learnt.plan!.items[0];
      const problem = placed && !placed.order.items.some((item) => item.product_id === line?.product_id && item.quantity === line?.quantity) ? 'the order does not hold the line sent' : null;
      const verdict = also(read.verdict, problem);
      return verdict.status === 'pass' && placed ? pass(`placed ${placed.order.name}`) : verdict;
    },
  },
  {
    id: 'order-retry',
    checks: 'the same order sent again with its key: the first answer',
    sandbox: true,
    needs: ['token', 'order'],
    request: (learnt) => orderCall(learnt, learnt.order!.key, learnt.order!.request),
    judge: ({ answer, learnt }) => {
      const read = readAnswer(answer, 201, PlaceOrderResponseSchema);
      const first = learnt.order!.answer.order;
      const again = read.value?.order;
      return also(read.verdict, again && (again.id !== first.id || again.name !== first.name) ? `placed a second order ${again.name} (first ${first.name})` : null);
    },
  },
  {
    id: 'order-changed',
    checks: 'a changed order under the same key is refused',
    sandbox: true,
    needs: ['token', 'order'],
    request: (learnt) => orderCall(learnt, learnt.order!.key, { ...learnt.order!.request, comment: `${learnt.order!.request.comment} (changed)` }),
    judge: ({ answer }) => readError(answer, 422, 'errors.idempotency_mismatch'),
  },
  {
    id: 'order-listed',
    checks: 'the placed order is in the history once',
    sandbox: true,
    needs: ['website', 'token', 'order'],
    request: (learnt) => ({ method: 'GET', path: '/api/user/orders', query: { ...shop(learnt), page: 1, per_page: 10 }, token: learnt.token }),
    judge: ({ answer, learnt }) => {
      const read = readAnswer(answer, 200, OrderPageSchema);
      const name = learnt.order!.answer.order.name;
      const count = read.value?.data.filter((order) => order.name === name).length;
      return also(read.verdict, count !== undefined && count !== 1 ? `${name} is listed ${count} times on the first page` : null);
    },
  },
];
