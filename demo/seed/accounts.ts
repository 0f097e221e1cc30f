/**
 * The demo accounts and what belongs to them: buyers and coordinators of each shop, the address
 * book, acme's points budgets and their assignments. Budget assignments are written after the past
 * orders are priced (`past-orders.ts`), so each one's `points_spent` matches the orders it paid for.
 *
 * @module
 */
import type { Address } from '../../src/contract/contract.ts';
import type { Queryable } from '../../server/db/index.ts';
import { type BudgetKey, type DemoShop } from './catalogue.ts';
import { insertRows } from '../../server/db/insert-rows.ts';
import { must, type DayClock, type IdOf } from './context.ts';

/** A demo account and its role in its one shop. */
interface UserSeed {
  email: string;
  name: string;
  surname: string;
  phone: string;
  jobTitle: string;
  buyerId: string;
  costCenter: string;
  shop: DemoShop;
  role: 'buyer' | 'coordinator';
  coordinator?: string;
}

const USERS: UserSeed[] = [
  {
    email: 'buyer@acme.test',
    name: 'Anna',
    surname: 'Nowak',
    phone: '+48 600 100 200',
    jobTitle: 'Office manager',
    buyerId: 'ACME-B-001',
    costCenter: 'MPK-100',
    shop: 'acme',
    role: 'buyer',
    coordinator: 'coordinator@acme.test',
  },
  {
    email: 'nobudget@acme.test',
    name: 'Piotr',
    surname: 'Zieliński',
    phone: '+48 600 100 201',
    jobTitle: 'Sales representative',
    buyerId: 'ACME-B-002',
    costCenter: 'MPK-200',
    shop: 'acme',
    role: 'buyer',
    coordinator: 'coordinator@acme.test',
  },
  {
    email: 'coordinator@acme.test',
    name: 'Katarzyna',
    surname: 'Wiśniewska',
    phone: '+48 600 100 300',
    jobTitle: 'HR coordinator',
    buyerId: '',
    costCenter: 'MPK-100',
    shop: 'acme',
    role: 'coordinator',
  },
  {
    email: 'buyer@globex.test',
    name: 'John',
    surname: 'Smith',
    phone: '+48 601 200 300',
    jobTitle: 'Marketing specialist',
    buyerId: 'GLX-B-001',
    costCenter: '',
    shop: 'globex',
    role: 'buyer',
    coordinator: 'coordinator@globex.test',
  },
  {
    email: 'coordinator@globex.test',
    name: 'Emma',
    surname: 'Brown',
    phone: '+48 601 200 301',
    jobTitle: 'Purchasing coordinator',
    buyerId: '',
    costCenter: '',
    shop: 'globex',
    role: 'coordinator',
  },
  {
    email: 'buyer@initech.test',
    name: 'Marek',
    surname: 'Kowalski',
    phone: '+48 602 300 400',
    jobTitle: 'Kierownik projektu',
    buyerId: 'INI-B-001',
    costCenter: 'MPK-300',
    shop: 'initech',
    role: 'buyer',
    coordinator: 'coordinator@initech.test',
  },
  {
    email: 'coordinator@initech.test',
    name: 'Magdalena',
    surname: 'Wójcik',
    phone: '+48 602 300 401',
    jobTitle: 'Koordynatorka zakupów',
    buyerId: '',
    costCenter: 'MPK-300',
    shop: 'initech',
    role: 'coordinator',
  },
];

/** An address as saved in the address book and copied into orders. */
export type AddressSeed = Omit<Address, 'id' | 'type'>;

/** The addresses of the demo buyers, shared by the address book and the past orders. */
export const ADDRESSES = {
  acmeDelivery: {
    name: 'Anna',
    surname: 'Nowak',
    company: 'ACME Corporation',
    street: 'ul. Marszałkowska 104/122',
    city: 'Warszawa',
    zip: '00-017',
    country: 'PL',
    nip: '',
    phone: '+48 600 100 200',
  },
  acmeBilling: {
    name: 'Anna',
    surname: 'Nowak',
    company: 'ACME Polska Sp. z o.o.',
    street: 'ul. Domaniewska 39',
    city: 'Warszawa',
    zip: '02-672',
    country: 'PL',
    nip: '7010150006',
    phone: '',
  },
  globexOffice: {
    name: 'John',
    surname: 'Smith',
    company: 'Globex Sp. z o.o.',
    street: 'ul. Lubicz 17',
    city: 'Kraków',
    zip: '31-503',
    country: 'PL',
    nip: '6772480003',
    phone: '+48 601 200 300',
  },
  initechDelivery: {
    name: 'Marek',
    surname: 'Kowalski',
    company: 'Initech',
    street: 'ul. Prosta 20',
    city: 'Warszawa',
    zip: '00-850',
    country: 'PL',
    nip: '',
    phone: '+48 602 300 400',
  },
  initechBilling: {
    name: 'Marek',
    surname: 'Kowalski',
    company: 'Initech Polska Sp. z o.o.',
    street: 'ul. Grzybowska 5',
    city: 'Warszawa',
    zip: '00-132',
    country: 'PL',
    nip: '5260250274',
    phone: '',
  },
  initechSpecific: {
    name: 'Marek',
    surname: 'Kowalski',
    company: 'Initech, oddział Łódź',
    street: 'ul. Piotrkowska 100',
    city: 'Łódź',
    zip: '90-004',
    country: 'PL',
    nip: '',
    phone: '+48 602 300 400',
  },
} satisfies Record<string, AddressSeed>;

const ADDRESS_BOOK: { email: string; shop: DemoShop; type: 'delivery' | 'billing' | 'specific'; address: AddressSeed }[] = [
  { email: 'buyer@acme.test', shop: 'acme', type: 'delivery', address: ADDRESSES.acmeDelivery },
  { email: 'buyer@acme.test', shop: 'acme', type: 'billing', address: ADDRESSES.acmeBilling },
  { email: 'buyer@initech.test', shop: 'initech', type: 'delivery', address: ADDRESSES.initechDelivery },
  { email: 'buyer@initech.test', shop: 'initech', type: 'billing', address: ADDRESSES.initechBilling },
  { email: 'buyer@initech.test', shop: 'initech', type: 'specific', address: ADDRESSES.initechSpecific },
];

const BUDGETS: { key: BudgetKey; name: string; color: string }[] = [
  { key: 'welcome', name: 'Welcome pack', color: '#2563eb' },
  { key: 'team', name: 'Team events', color: '#16a34a' },
  { key: 'winter', name: 'Winter 2025', color: '#9333ea' },
];

/** Budget assignments in acme: active ones run from 30 days ago to 335 days ahead. */
const ASSIGNMENTS: { email: string; budget: BudgetKey; points: number; startDays: number; expiryDays: number }[] = [
  { email: 'buyer@acme.test', budget: 'welcome', points: 1000, startDays: -30, expiryDays: 335 },
  { email: 'buyer@acme.test', budget: 'team', points: 300, startDays: -30, expiryDays: 335 },
  { email: 'buyer@acme.test', budget: 'winter', points: 500, startDays: -400, expiryDays: -35 },
  { email: 'nobudget@acme.test', budget: 'welcome', points: 200, startDays: -400, expiryDays: -35 },
];

/** The user seeds by e-mail, for rows that name their user. */
export const USER_BY_EMAIL = new Map(USERS.map((user) => [user.email, user]));

/** Key of a budget assignment in the seed: `buyer@acme.test/welcome`. */
export const assignmentKey = (email: string, budget: BudgetKey) => `${email}/${budget}`;

/**
 * Writes the accounts and their membership of their shop; answers the ids the accounts were given.
 * One shared hash for every account; coordinators are linked once every user has an id.
 */
export async function writeUsers(tx: Queryable, passwordHash: string, websiteId: IdOf<DemoShop>): Promise<IdOf<string>> {
  const userRows = await insertRows<{ id: number; email: string }>(
    tx,
    'users',
    ['email', 'password_hash', 'name', 'surname', 'phone', 'job_title', 'buyer_id', 'cost_center'],
    USERS.map((user) => [user.email, passwordHash, user.name, user.surname, user.phone, user.jobTitle, user.buyerId, user.costCenter]),
    'id, email',
  );
  const userIds = new Map(userRows.map((row) => [row.email, row.id]));
  const userId = (email: string) => must(userIds, email, 'user');
  await insertRows(
    tx,
    'website_users',
    ['website_id', 'user_id', 'role', 'coordinator_id'],
    USERS.map((user) => [websiteId(user.shop), userId(user.email), user.role, user.coordinator ? userId(user.coordinator) : null]),
  );
  return userId;
}

/** Writes the budgets of the points shop (acme); answers their ids by key. */
export async function writeBudgets(tx: Queryable, websiteId: IdOf<DemoShop>): Promise<Record<BudgetKey, number>> {
  const budgetRows = await insertRows<{ id: number; name: string }>(
    tx,
    'budgets',
    ['website_id', 'name', 'color'],
    BUDGETS.map((budget) => [websiteId('acme'), budget.name, budget.color]),
    'id, name',
  );
  const budgetByName = new Map(budgetRows.map((row) => [row.name, row.id]));
  const budgetIds = Object.fromEntries(BUDGETS.map((budget) => [budget.key, must(budgetByName, budget.name, 'budget')])) as Record<
    BudgetKey,
    number
  >;
  return budgetIds;
}

/**
 * Writes acme's budget assignments, each with the points the past orders spent from it
 * (`spent`, by {@link assignmentKey}); answers the id of an assignment by its key.
 */
export async function writeAssignments(
  tx: Queryable,
  at: DayClock,
  userId: IdOf<string>,
  budgetIds: Record<BudgetKey, number>,
  spent: ReadonlyMap<string, number>,
): Promise<IdOf<string>> {
  const assignmentRows = await insertRows<{ id: number; user_id: number; budget_id: number }>(
    tx,
    'user_budgets',
    ['budget_id', 'user_id', 'points', 'points_spent', 'start_date', 'expiry_date', 'is_active', 'assigned_by', 'created_at'],
    ASSIGNMENTS.map((assignment) => [
      budgetIds[assignment.budget],
      userId(assignment.email),
      assignment.points,
      spent.get(assignmentKey(assignment.email, assignment.budget)) ?? 0,
      at(assignment.startDays),
      at(assignment.expiryDays),
      true,
      userId('coordinator@acme.test'),
      at(assignment.startDays),
    ]),
    'id, user_id, budget_id',
  );
  const assignmentId = (key: string) => {
    const [email = '', budget = 'welcome'] = key.split('/') as [string, BudgetKey];
    const row = assignmentRows.find((candidate) => candidate.user_id === userId(email) && candidate.budget_id === budgetIds[budget]);
    if (!row) throw new Error(`Seed: missing budget assignment ${key}`);
    return row.id;
  };
  return assignmentId;
}

/** Writes the buyers' saved addresses, a day apart, oldest first. */
export async function writeAddresses(tx: Queryable, at: DayClock, userId: IdOf<string>, websiteId: IdOf<DemoShop>): Promise<void> {
  await insertRows(
    tx,
    'addresses',
    ['user_id', 'website_id', 'type', 'name', 'surname', 'company', 'street', 'city', 'zip', 'country', 'nip', 'phone', 'created_at'],
    ADDRESS_BOOK.map((entry, index) => {
      const a = entry.address;
      return [userId(entry.email), websiteId(entry.shop), entry.type, a.name, a.surname, a.company, a.street, a.city, a.zip, a.country, a.nip, a.phone, at(-60 + index)];
    }),
  );
}
