/**
 * `npm run provision -- --shop-file shop.json` (in production, built: `node dist-server/provision.js
 * --shop-file shop.json`): migrates the configured database, then loads one shop from a JSON file
 * (its settings, methods, pages and first coordinator, who is mailed a link to choose a password;
 * docs/deploying.md). A bad file is refused with every wrong field named, and the exit code is 1.
 */
import { parseArgs } from 'node:util';
import { loadShopFile } from './load-shop-file.ts';

const USAGE = 'Usage: npm run provision -- --shop-file shop.json';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'shop-file': { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const shopFile = values['shop-file'];
  if (shopFile === undefined) throw new Error(`--shop-file is required\n${USAGE}`);
  await loadShopFile(shopFile);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
