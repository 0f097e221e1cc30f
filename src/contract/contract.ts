/**
 * The API contract between the storefront and a provider: the spec's calls (§7) plus what it leaves
 * "not shown" (DESIGN.md §4). This module is the contract's one public face: everything outside
 * `src/contract` imports it from here; the modules beside it, one per job, import each other directly.
 *
 * Types are inferred from the valibot schemas, so the client checks every answer at run time (a
 * malformed answer becomes a clear error, never a crash) and the reference server validates every
 * request body with the same definitions. Documented in `docs/api.md`.
 *
 * Answers are read tolerantly (`./tolerant.ts`): what must be there (ids, names, prices) is required;
 * an unknown enum value, a missing field or a `null` where a value was due gets the spec's default
 * (`orDefault`), and an unusable item of a list is left out (`listOf`), each warned once. Unknown extra
 * fields are ignored (`v.object` drops them). Request schemas stay strict.
 *
 * @module
 */

export { paged } from './answer-fields.ts';
export * from './errors.ts';
export * from './website.ts';
export { isPointsCurrency, POINTS_CURRENCY } from './points.ts';
export * from './catalogue.ts';
export * from './users.ts';
export * from './account.ts';
export * from './orders.ts';
export * from './contact-us.ts';
export * from './coordinator.ts';
