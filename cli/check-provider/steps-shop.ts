import {
  AddressListSchema,
  DeliveryMethodListSchema,
  OrderPageSchema,
  OrderSchema,
  OrderWaitResponseSchema,
  PaymentMethodListSchema,
  ProductPageSchema,
  ProductSchema,
  UserBudgetListSchema,
} from '../../src/contract/contract.ts';
import { shop, UNKNOWN_ID, type Step } from './step.ts';
import { planItems } from './test-order.ts';
import { also, readAnswer, readError } from './verdicts.ts';

/** What a signed-in buyer reads: payment methods, budgets, the catalogue, the address book, delivery methods, the wait and the order history. */
export const SHOP_STEPS: readonly Step[] = [
  {
    id: 'payment',
    checks: 'payment methods',
    needs: ['website', 'token'],
    request: (learnt) => ({ method: 'POST', path: '/api/payment', token: learnt.token, body: shop(learnt) }),
    judge: ({ answer, learnt }) => {
      const read = readAnswer(answer, 200, PaymentMethodListSchema);
      if (read.value) learnt.payments = read.value;
      return also(read.verdict, read.value?.length === 0 ? 'no payment method: nobody can place an order' : null);
    },
  },
  {
    id: 'budgets',
    checks: "the buyer's budgets",
    needs: ['website', 'token'],
    request: (learnt) => ({ method: 'GET', path: '/api/user/budgets', query: shop(learnt), token: learnt.token }),
    judge: ({ answer }) => readAnswer(answer, 200, UserBudgetListSchema).verdict,
  },
  {
    id: 'products',
    checks: 'a catalogue page',
    needs: ['website', 'token'],
    request: (learnt) => ({ method: 'GET', path: '/api/products', query: { ...shop(learnt), page: 1, per_page: 5, sort: 'name_asc' }, token: learnt.token }),
    judge: ({ answer }) => {
      const read = readAnswer(answer, 200, ProductPageSchema);
      return also(read.verdict, read.value && read.value.data.length > 5 ? `${read.value.data.length} products on a page of 5` : null);
    },
  },
  {
    id: 'products-ids',
    checks: 'chosen products by id',
    needs: ['website', 'token'],
    request: (learnt, config) => ({ method: 'GET', path: '/api/products', query: { ...shop(learnt), ids: config.product_id, per_page: 100 }, token: learnt.token }),
    judge: ({ answer, learnt, config }) => {
      const read = readAnswer(answer, 200, ProductPageSchema);
      // The product as a list gives it, so the cart's rows run even when the single product's answer fails.
      learnt.product = read.value?.data.find((product) => product.id === config.product_id);
      const ids = read.value?.data.map((product) => product.id);
      return also(read.verdict, ids && (ids.length !== 1 || ids[0] !== config.product_id) ? `answered products [${ids.join(', ')}], asked for [${config.product_id}]` : null);
    },
  },
  {
    id: 'product',
    checks: 'one product',
    needs: ['website', 'token'],
    request: (learnt, config) => ({ method: 'GET', path: `/api/products/${config.product_id}`, query: shop(learnt), token: learnt.token }),
    judge: ({ answer, learnt, config }) => {
      const read = readAnswer(answer, 200, ProductSchema);
      if (read.value) learnt.product = read.value;
      return also(read.verdict, read.value && read.value.id !== config.product_id ? `answered product ${read.value.id}` : null);
    },
  },
  {
    id: 'product-unknown',
    checks: 'an unknown product is an error',
    needs: ['website', 'token'],
    request: (learnt) => ({ method: 'GET', path: `/api/products/${UNKNOWN_ID}`, query: shop(learnt), token: learnt.token }),
    judge: ({ answer }) => readError(answer, 404, 'errors.not_found'),
  },
  {
    id: 'addresses',
    checks: "the buyer's address book",
    needs: ['website', 'token'],
    request: (learnt) => ({ method: 'GET', path: '/api/user/addresses', query: shop(learnt), token: learnt.token }),
    judge: ({ answer, learnt }) => {
      const read = readAnswer(answer, 200, AddressListSchema);
      if (read.value) learnt.addresses = read.value;
      return read.verdict;
    },
  },
  {
    id: 'delivery-methods',
    checks: 'delivery methods for a cart of the product',
    needs: ['website', 'token', 'user', 'product', 'addresses'],
    request: (learnt) => {
      const planned = planItems(learnt.website!, learnt.product!, learnt.user!, learnt.addresses!);
      if (typeof planned === 'string') learnt.unplannable = planned;
      else learnt.planned = planned;
      const items = typeof planned === 'string' ? [] : [planned.item];
      const address_id = typeof planned === 'string' ? null : (planned.address?.id ?? null);
      return { method: 'POST', path: '/api/delivery-methods', token: learnt.token, body: { ...shop(learnt), address_id, items } };
    },
    judge: ({ answer, learnt }) => {
      const read = readAnswer(answer, 200, DeliveryMethodListSchema);
      if (read.value) learnt.methods = read.value;
      return read.verdict;
    },
  },
  {
    id: 'order-wait',
    checks: 'seconds until the next order',
    needs: ['website', 'token'],
    request: (learnt) => ({ method: 'GET', path: '/api/order/wait', query: shop(learnt), token: learnt.token }),
    judge: ({ answer }) => {
      const read = readAnswer(answer, 200, OrderWaitResponseSchema);
      return also(read.verdict, read.value && read.value.remainingTime < 0 ? `remainingTime ${read.value.remainingTime}` : null);
    },
  },
  {
    id: 'orders',
    checks: "the buyer's order history",
    needs: ['website', 'token'],
    request: (learnt) => ({ method: 'GET', path: '/api/user/orders', query: { ...shop(learnt), page: 1, per_page: 10 }, token: learnt.token }),
    judge: ({ answer, learnt }) => {
      const read = readAnswer(answer, 200, OrderPageSchema);
      const first = read.value?.data[0];
      if (first) learnt.orderName = first.name;
      return read.verdict;
    },
  },
  {
    id: 'order',
    checks: 'one order of the history',
    needs: ['website', 'token', 'orderName'],
    request: (learnt) => ({ method: 'GET', path: `/api/user/order/${encodeURIComponent(learnt.orderName!)}`, query: shop(learnt), token: learnt.token }),
    judge: ({ answer, learnt }) => {
      const read = readAnswer(answer, 200, OrderSchema);
      return also(read.verdict, read.value && read.value.name !== learnt.orderName ? `answered order ${read.value.name}` : null);
    },
  },
];
