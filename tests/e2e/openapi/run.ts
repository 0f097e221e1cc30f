import { build, openapiProxy, summarise } from '../../steps.ts';

/** `npm run test:openapi-proxy [-- playwright args]`: builds the elements, then runs only the OpenAPI proxy run. */
const built = await build();
process.exit(summarise(built.ok ? [built, await openapiProxy(process.argv.slice(2))] : [built]));
