#!/usr/bin/env node
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { checkProvider, type CheckRow } from './check-provider/checks.ts';
import { readProviderConfig, PASSWORD_VARIABLE } from './check-provider/config.ts';
import { countRows, formatHeading, formatRow, formatSummary } from './check-provider/table.ts';

/**
 * `storefront-elements`, the package's command. One command so far:
 *
 *     storefront-elements check-provider <api-base> --config provider.json [--origin <url>] [--json]
 *
 * checks that the API at `<api-base>` speaks the storefront's provider contract (docs/api.md,
 * openapi.json) and prints a table, one row a call. Exit code 0: every row passed (or warned, or was
 * skipped); 1: a row failed; 2: the command itself was wrong (usage, config).
 */

export const USAGE = `Usage: storefront-elements check-provider <api-base> --config <provider.json> [--origin <page origin>] [--json]

Checks that the provider API at <api-base> (e.g. https://shop-api.example.com) answers as the
storefront expects: the answers' shapes, the sign-in, the error answers, CORS for a page origin and,
with "sandbox": true in the config, the idempotency of one order it places. Read-only otherwise.

provider.json:
  {
    "shop": "acme",                                   the shop's slug
    "buyer": { "email": "buyer@acme.test", "password": "…" },
    "product_id": 1,                                  a product of that shop
    "sandbox": false,                                 true: may place one order
    "origin": "https://intranet.example.com",         optional: the page origin to check CORS for
    "order": {}                                       optional: order fields to use instead of the planned ones
  }
The password may be left out of the file and set in ${PASSWORD_VARIABLE}.

Exit code: 0 when no row failed, 1 when one did, 2 for a usage or config error.`;

/** Where the command writes: the table to `out`, errors to `err`. */
export interface Output {
  out: (line: string) => void;
  err: (line: string) => void;
}

const CONSOLE: Output = { out: (line) => console.log(line), err: (line) => console.error(line) };

interface CheckArguments {
  base: string;
  configFile: string;
  origin?: string;
  json: boolean;
}

/** The check-provider command's arguments, or a message saying what is wrong. */
export function parseCheckArguments(argv: readonly string[]): CheckArguments | string {
  const positional: string[] = [];
  let configFile: string | undefined;
  let origin: string | undefined;
  let json = false;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index] ?? '';
    if (argument === '--json') json = true;
    else if (argument === '--config' || argument === '--origin') {
      const value = argv[index + 1];
      if (value === undefined || value.startsWith('--')) return `${argument} needs a value`;
      if (argument === '--config') configFile = value;
      else origin = value;
      index += 1;
    } else if (argument.startsWith('--config=')) configFile = argument.slice('--config='.length);
    else if (argument.startsWith('--origin=')) origin = argument.slice('--origin='.length);
    else if (argument.startsWith('--')) return `unknown option ${argument}`;
    else positional.push(argument);
  }
  const [base, ...extra] = positional;
  if (!base) return 'the API base is missing';
  if (extra.length > 0) return `unexpected ${extra.join(' ')}`;
  if (!configFile) return '--config <provider.json> is missing';
  const checked = checkedOrigin(base, 'the API base');
  if (checked.startsWith('!')) return checked.slice(1);
  if (origin !== undefined) {
    const page = checkedOrigin(origin, '--origin');
    if (page.startsWith('!')) return page.slice(1);
    if (new URL(origin).origin !== origin.replace(/\/$/, '')) return `--origin must be an origin (scheme, host and port), not ${origin}`;
    origin = page;
  }
  return { base: base.replace(/\/+$/, ''), configFile, json, ...(origin ? { origin } : {}) };
}

/** The URL's origin, or `!` and what is wrong with it. */
function checkedOrigin(value: string, name: string): string {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return `!${name} must be an http or https URL, not ${value}`;
    return url.origin;
  } catch {
    return `!${name} is not a URL: ${value}`;
  }
}

/** Runs the command; resolves to its exit code. */
export async function main(argv: readonly string[], output: Output = CONSOLE): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    output.out(USAGE);
    return command === undefined ? 2 : 0;
  }
  if (command !== 'check-provider') {
    output.err(`storefront-elements: unknown command ${command}\n\n${USAGE}`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    output.out(USAGE);
    return 0;
  }
  const parsed = parseCheckArguments(rest);
  if (typeof parsed === 'string') {
    output.err(`storefront-elements check-provider: ${parsed}\n\n${USAGE}`);
    return 2;
  }
  let config;
  try {
    config = readProviderConfig(parsed.configFile);
  } catch (error) {
    output.err(`storefront-elements check-provider: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  if (parsed.origin) config.origin = parsed.origin;
  if (!parsed.json) {
    output.out(`Checking ${parsed.base} (shop ${config.shop}, ${config.sandbox ? 'sandbox: one order may be placed' : 'read-only'})\n`);
    output.out(formatHeading());
  }
  let index = 0;
  const rows: CheckRow[] = await checkProvider({
    base: parsed.base,
    config,
    onRow: (row) => {
      if (!parsed.json) output.out(formatRow(row, index));
      index += 1;
    },
  });
  if (parsed.json) output.out(JSON.stringify({ base: parsed.base, shop: config.shop, sandbox: config.sandbox, rows }, null, 2));
  else output.out(`\n${formatSummary(rows)}`);
  return countRows(rows).fail > 0 ? 1 : 0;
}

/** Whether this module is the program being run (not imported by a test). */
function isProgram(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isProgram()) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 2;
    },
  );
}
