import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { FIND_SOURCE, keyActions, serialise, textActions, type ElementRef, type Engine, type Query } from './driver.ts';

/** The W3C key of a web element reference in WebDriver answers and arguments. */
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

/** Debian's WebKitWebDriver (package `webkit2gtk-driver`), or WEBKIT_WEBDRIVER. */
export function webkitDriverBinary(): string | undefined {
  const candidates = [process.env.WEBKIT_WEBDRIVER, '/usr/bin/WebKitWebDriver'];
  return candidates.find((candidate): candidate is string => !!candidate && existsSync(candidate));
}

/** WebKitGTK's MiniBrowser (package `libwebkit2gtk-4.1-0`, a dependency of `webkit2gtk-driver`), or MINIBROWSER. */
export function miniBrowserBinary(): string | undefined {
  if (process.env.MINIBROWSER && existsSync(process.env.MINIBROWSER)) return process.env.MINIBROWSER;
  const known = ['/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser'].find(existsSync);
  if (known) return known;
  try {
    const listed = execFileSync('dpkg', ['-L', 'libwebkit2gtk-4.1-0'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return listed.split('\n').find((line) => line.endsWith('/MiniBrowser') && existsSync(line));
  } catch {
    return undefined;
  }
}

/** The id of a web element reference. */
const ref = (element: ElementRef) => (element as unknown as Record<string, string>)[ELEMENT_KEY];

interface WebDriverAnswer {
  value: unknown;
}

/** Waits until the driver at `base` answers `/status` ready. */
async function driverReady(base: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited with code ${child.exitCode}`);
    try {
      const answer = (await (await fetch(`${base}/status`)).json()) as { value?: { ready?: boolean } };
      if (answer.value?.ready !== false) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`WebKitWebDriver did not answer on ${base} within ${timeoutMs} ms`);
}

/** How long one WebDriver command may take: a page load is given 30 s of it (the session's timeouts). */
const CALL_TIMEOUT_MS = 60_000;

/**
 * WebKitGTK's MiniBrowser through WebKitWebDriver, with plain `fetch` calls to the W3C WebDriver HTTP
 * API (no client library). The driver is bound to 127.0.0.1 explicitly; the browser needs an X display
 * (the caller runs under `xvfb-run -a`).
 */
export async function launchWebKit(options: { driver: string; miniBrowser: string; port: number }): Promise<Engine> {
  const child = spawn(options.driver, [`--port=${options.port}`, '--host=127.0.0.1'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let driverLog = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    driverLog = (driverLog + chunk.toString()).slice(-4000);
  });
  const base = `http://127.0.0.1:${options.port}`;
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  try {
    await driverReady(base, child, 15_000);
  } catch (error) {
    stop();
    throw new Error(`${(error as Error).message}\n${driverLog}`, { cause: error });
  }

  const call = async (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<unknown> => {
    const init: RequestInit = { method, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) };
    if (body !== undefined) {
      init.headers = { 'content-type': 'application/json' };
      init.body = JSON.stringify(body);
    }
    let response: Response;
    try {
      response = await fetch(base + path, init);
    } catch (error) {
      if ((error as Error).name !== 'TimeoutError') throw error;
      // Which command got no answer, and what the driver and the browser said last: all a CI log keeps.
      const said = driverLog.trim().split('\n').slice(-4).join('\n');
      throw new Error(`WebDriver ${method} ${path}: no answer within ${CALL_TIMEOUT_MS / 1000} s${said ? `; the driver's last words:\n${said}` : ''}`, { cause: error });
    }
    const answer = (await response.json()) as WebDriverAnswer;
    if (!response.ok) {
      const value = answer.value as { error?: string; message?: string } | undefined;
      throw new Error(`WebDriver ${method} ${path}: ${value?.error ?? response.status}: ${value?.message ?? ''}`.trim());
    }
    return answer.value;
  };

  /** A browser session; MiniBrowser's WebKitSettings come as its arguments (`--enable-javascript-markup=false`). */
  const startSession = async (args: string[] = []): Promise<string> => {
    const session = (await call('POST', '/session', {
      capabilities: {
        alwaysMatch: {
          browserName: 'MiniBrowser',
          'webkitgtk:browserOptions': { binary: options.miniBrowser, args: ['--automation', ...args] },
        },
      },
    })) as { sessionId: string; capabilities: { browserVersion?: string } };
    s = `/session/${session.sessionId}`;
    await call('POST', `${s}/window/rect`, { width: 1280, height: 800 }).catch(() => undefined);
    await call('POST', `${s}/timeouts`, { pageLoad: 30_000, script: 30_000, implicit: 0 });
    return session.capabilities.browserVersion ?? 'unknown';
  };
  let s = '';
  let scriptsOn = true;
  let version: string;
  try {
    version = await startSession();
  } catch (error) {
    stop();
    throw error;
  }

  const execute = <T>(source: string, args: unknown[] = []) =>
    call('POST', `${s}/execute/sync`, { script: `return (${source}).apply(null, arguments);`, args }) as Promise<T>;

  return {
    name: 'WebKitGTK',
    version,
    async goto(url) {
      await call('POST', `${s}/frame`, { id: null });
      await call('POST', `${s}/url`, { url });
    },
    url: async () => (await call('GET', `${s}/url`)) as string,
    evaluate: execute,
    async find(query: Query) {
      const found = await execute<Record<string, string> | null>(FIND_SOURCE, [serialise(query), false]);
      return found && found[ELEMENT_KEY] ? (found as unknown as ElementRef) : null;
    },
    async click(element) {
      await call('POST', `${s}/element/${ref(element)}/click`, {});
    },
    async type(element, text) {
      // Element Clear empties a field that holds something (it fires input and change), then the keys.
      if (await execute<boolean>("(field) => field.value !== ''", [element])) await call('POST', `${s}/element/${ref(element)}/clear`, {});
      if (text !== '') await call('POST', `${s}/element/${ref(element)}/value`, { text });
    },
    async select(element, value) {
      const option = await execute<Record<string, string> | null>(
        '(select, value) => Array.from(select.options).find((option) => option.value === value) || null',
        [element, value],
      );
      if (!option) throw new Error(`no option with the value ${value}`);
      // Element Click on an <option> selects it without opening the native list (W3C WebDriver).
      await call('POST', `${s}/element/${option[ELEMENT_KEY]}/click`, {});
    },
    async enter(element) {
      // U+E007: WebDriver's Enter key.
      await call('POST', `${s}/element/${ref(element)}/value`, { text: '\uE007' });
    },
    async press(key, modifiers) {
      // Perform Actions sends the keys to the focused element; the sequence releases what it pressed.
      await call('POST', `${s}/actions`, { actions: [{ type: 'key', id: 'keyboard', actions: keyActions(key, modifiers) }] });
    },
    async typeKeys(text) {
      await call('POST', `${s}/actions`, { actions: [{ type: 'key', id: 'keyboard', actions: textActions(text) }] });
    },
    async scripts(enabled) {
      if (enabled === scriptsOn) return;
      // WebKitGTK has no switch for an open page: a new session whose documents run no script of their
      // own (script markup off), while WebDriver's own evaluation still runs.
      await call('DELETE', s).catch(() => undefined);
      await startSession(enabled ? [] : ['--enable-javascript-markup=false']);
      scriptsOn = enabled;
    },
    async frame(element) {
      await call('POST', `${s}/frame`, { id: element ?? null });
    },
    async resize(width, height) {
      await call('POST', `${s}/window/rect`, { width, height });
    },
    async screenshot(file) {
      const png = (await call('GET', `${s}/screenshot`)) as string;
      writeFileSync(file, Buffer.from(png, 'base64'));
    },
    async close() {
      await call('DELETE', s).catch(() => undefined);
      stop();
    },
  };
}
