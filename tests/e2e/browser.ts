import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Flags Chromium needs here: no sandbox as root in containers, no GPU, no calls home on a closed network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const SYSTEM_CHROMIUMS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

/** Playwright's own downloaded Chromium, when `npx playwright install chromium` was run. */
async function playwrightChromium(): Promise<string | undefined> {
  try {
    const { chromium } = await import('@playwright/test');
    const candidate = chromium.executablePath();
    return candidate && existsSync(candidate) ? candidate : undefined;
  } catch {
    return undefined;
  }
}

function isDebianLike(): boolean {
  return existsSync('/etc/debian_version') && existsSync('/usr/bin/apt-get');
}

/**
 * Finds a Chromium for the end-to-end tests: CHROMIUM_PATH, Playwright's own, the system's, or, on
 * Debian/Ubuntu as root, Debian's `chromium` installed with apt-get. Otherwise it says what to run.
 */
export async function findChromium(log: (line: string) => void = console.log): Promise<string> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  const own = await playwrightChromium();
  if (own) return own;
  const system = SYSTEM_CHROMIUMS.find((candidate) => existsSync(candidate));
  if (system) return system;
  if (isDebianLike() && process.getuid?.() === 0) {
    log('[e2e] no Chromium found: installing Debian\'s chromium with apt-get (once)');
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  const how = isDebianLike()
    ? 'sudo apt-get install -y chromium'
    : 'npx playwright install chromium   (or set CHROMIUM_PATH=/path/to/chrome)';
  throw new Error(`No Chromium found for the end-to-end tests. Run:\n    ${how}\nthen npm test again.`);
}
