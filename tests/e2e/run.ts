import { build, e2e, summarise } from '../steps.ts';

/** `npm run test:e2e [-- playwright args]`: builds the elements, then runs only the end-to-end tests. */
const built = await build();
process.exit(summarise(built.ok ? [built, await e2e(process.argv.slice(2))] : [built]));
