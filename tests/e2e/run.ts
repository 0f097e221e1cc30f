import { e2e, summarise } from '../steps.ts';

/** `npm run test:e2e [-- playwright args]`: only the end-to-end tests. */
process.exit(summarise([await e2e(process.argv.slice(2))]));
