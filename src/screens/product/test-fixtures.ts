import * as v from 'valibot';
import { UserSchema, type Product, type User, type UserBudget } from '../../contract/contract.ts';
import { sessionStatus, user } from '../../store/session.ts';
import { json, stubCatalogue, type CatalogueCall as ProductCall } from '../catalogue/test-fixtures.ts';
import { startCart } from '../../store/cart.ts';

/** @internal Fixtures and a fetch stub shared by the product page's tests (store, screen, element). */

export { deferred, json, pageOf, settle, type CatalogueCall as ProductCall } from '../catalogue/test-fixtures.ts';
export { CLOSED_SHOP, GROSS_SHOP, NET_SHOP, POINTS_SHOP, productFixture as product, variantFixture as variant } from '../../contract/test-fixtures.ts';

/** A budget assignment of budget `budget_id` (active, 500 points left unless overridden). */
export function assignment(overrides: Partial<UserBudget> = {}): UserBudget {
  return {
    id: 70,
    budget_id: 9,
    name: 'Marketing',
    color: '#2563eb',
    points: 1000,
    points_left: 500,
    start_date: '2026-01-01T00:00:00.000Z',
    expiry_date: '2099-12-31T23:59:59.000Z',
    is_active: true,
    status: 'active',
    ...overrides,
  };
}

/** A buyer of shop 5 with the given budget assignments. */
export function buyer(budgets: UserBudget[] = []): User {
  return v.parse(UserSchema, {
    id: 42,
    email: 'anna@example.com',
    name: 'Anna',
    surname: 'Nowak',
    phone: '+48600700800',
    job_title: 'Designer',
    buyer_id: 'B-1',
    cost_center: 'CC-1',
    role: 'buyer',
    website_id: 5,
    coordinator_email: 'boss@example.com',
    budgets,
  });
}

type Answer = (call: ProductCall) => Response | Promise<Response>;

/** Stubs `fetch`: every call is recorded and answered by `answer`. The returned list grows as calls come in. */
export const stubProducts = (answer: Answer): ProductCall[] => stubCatalogue(answer);

/** An answer serving `products` by id, 404 `errors.not_found` for any other id. */
export function serve(...products: Product[]): Answer {
  return ({ path }) => {
    const id = Number(path.split('/').at(-1));
    const found = products.find((item) => item.id === id);
    return found ? json(found) : json({ message: 'Page not found', code: 'errors.not_found' }, 404);
  };
}

/** Logs in the buyer holding `budgets` (a points shop's buyer), so the cart shown is theirs. */
export function logInBuyer(budgets: UserBudget[] = [assignment()]): void {
  user.value = buyer(budgets);
  sessionStatus.value = 'user';
  startCart();
}

/** Intl separates amount and unit with a no-break space; tests compare with plain spaces. */
export const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
