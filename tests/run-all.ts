import { build, e2e, engines, lint, openapiProxy, reachablePostgres, reliabilitySuites, serverOnPostgres, sizes, summarise, typecheck, vitest, type StepResult } from './steps.ts';

/**
 * `npm test`: typecheck, lint, unit tests, the server suite on PGlite and on PostgreSQL (when one
 * answers), the reliability suites' client and server parts, the build with its size budgets, the end-to-end tests in Chromium, the OpenAPI proxy run (journeys through Prism), and the main journeys in Firefox ESR and WebKitGTK. Every step runs even when an earlier one failed, so
 * one run shows everything that is wrong; the exit code is non-zero if any step failed or no test ran.
 */
const results: StepResult[] = [];
results.push(await typecheck());
results.push(await lint());
results.push(await vitest('unit tests + server tests on PGlite', ['unit', 'unit-node', 'server'], { TEST_DATABASE_URL: '' }));
const postgres = await reachablePostgres();
results.push(await serverOnPostgres(postgres));
// The reliability suites' figures are printed by `npm run test:reliability`; here they only pass or fail.
results.push(await reliabilitySuites(postgres));
const built = await build();
results.push(built);
if (built.ok) {
  results.push(await sizes());
  results.push(await e2e());
  results.push(await openapiProxy());
  results.push(await engines());
} else {
  console.log('\nSKIPPED size budgets, end-to-end tests and browser journeys: the build failed.');
}
process.exit(summarise(results));
