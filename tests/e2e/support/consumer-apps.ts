import { execFile, spawn } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

/**
 * The package as its users meet it (issue 21): `npm run package` packs the tarball, which is installed
 * into a fresh Vite + React 19 app (the module build, sharing the app's React) and served beside a
 * plain HTML page that loads the installed standalone build with script tags. Both are served by a
 * small static server on loopback; their elements call the e2e run's reference server across origins.
 */

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

/** Consumer apps built in a throwaway folder, and where they are served. */
export interface ConsumerApps {
  dir: string;
  tarball: string;
  /** The Vite app's folder (for `tsc`). */
  appDir: string;
  /** Origin of the static server (`/app/`, `/vue/`, `/plain/`). */
  origin: string;
  server: Server;
  /** The Next.js app, served by `next start`. */
  next: { origin: string; stop: () => Promise<void> };
}

/** The repository's ranges of `names`: the consumer app installs what the repository tests with. */
const pick = (from: Record<string, string>, names: string[]) => Object.fromEntries(names.map((name) => [name, from[name] ?? 'latest']));

const rootManifest = () => JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };

/** The React app: a header with the cart button whose event the app shows, and a product. */
const MAIN_TSX = `import type {} from 'storefront-elements/jsx';
import 'storefront-elements/cart-button';
import 'storefront-elements/product';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

const API = import.meta.env.VITE_API_BASE as string;
const productId = Number(new URLSearchParams(location.search).get('product'));

function App() {
  const [count, setCount] = useState<number | null>(null);
  return (
    <>
      <header>
        <p>Team shop (a React app)</p>
        <shop-cart-button shop="globex" api-base={API} storefront-url={API} onshop-cart-change={(event) => setCount(event.detail.count)} />
      </header>
      <main>
        <h1>Merchandise</h1>
        <p role="status" id="host-count">{count === null ? 'No cart change yet' : \`The app heard: \${count} in the cart\`}</p>
        <shop-product product-id={productId} lang="en" />
      </main>
    </>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
`;

/**
 * The Vue 3 app: Vue told which tags are custom elements (`isCustomElement`, in vite.config.js), the
 * page configuration and the product id bound with `:`, the cart button's event heard with `@`.
 */
const VUE_APP = `<script setup>
import 'storefront-elements/cart-button';
import 'storefront-elements/product';
import { ref } from 'vue';

const api = import.meta.env.VITE_API_BASE;
const productId = Number(new URLSearchParams(location.search).get('product'));
const count = ref(null);
</script>

<template>
  <header>
    <p>Team shop (a Vue app)</p>
    <shop-cart-button shop="globex" :api-base="api" :storefront-url="api" @shop-cart-change="count = $event.detail.count" />
  </header>
  <main>
    <h1>Merchandise</h1>
    <p role="status" id="host-count">{{ count === null ? 'No cart change yet' : \`The app heard: \${count} in the cart\` }}</p>
    <shop-product :product-id="productId" lang="en" />
  </main>
</template>
`;

const VUE_CONFIG = `import vue from '@vitejs/plugin-vue';
export default {
  base: '/vue/',
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('shop-') } } })],
};
`;

/**
 * The Next.js App Router page: a server component reads the product id and hands it to a client
 * component, which imports the elements. Next evaluates that import on the server too (prerendering
 * and each request's render), where there is no DOM.
 */
const NEXT_FILES: Record<string, string> = {
  'app/layout.tsx': `export const metadata = { title: 'Next.js app' };
export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`,
  'app/page.tsx': `import { Shop } from './shop';
export default async function Page({ searchParams }: { searchParams: Promise<{ product?: string }> }) {
  const { product } = await searchParams;
  return <Shop productId={Number(product)} />;
}
`,
  'app/shop.tsx': `'use client';
import type {} from 'storefront-elements/jsx';
import 'storefront-elements/cart-button';
import 'storefront-elements/product';
import { useEffect, useState } from 'react';

const API = process.env.NEXT_PUBLIC_API_BASE as string;

export function Shop({ productId }: { productId: number }) {
  const [count, setCount] = useState<number | null>(null);
  // Heard on the document, not with an \`onshop-cart-change\` prop: React 19 does not attach a custom
  // element's event props when it hydrates server-rendered markup (react#35446).
  useEffect(() => {
    const heard = (event: CustomEvent<{ count: number }>) => setCount(event.detail.count);
    document.addEventListener('shop-cart-change', heard);
    return () => document.removeEventListener('shop-cart-change', heard);
  }, []);
  return (
    <>
      <header>
        <p>Team shop (a Next.js app)</p>
        <shop-cart-button shop="globex" api-base={API} storefront-url={API} />
      </header>
      <main>
        <h1>Merchandise</h1>
        <p role="status" id="host-count">{count === null ? 'No cart change yet' : \`The app heard: \${count} in the cart\`}</p>
        <shop-product product-id={productId} lang="en" />
      </main>
    </>
  );
}
`,
  'next.config.mjs': 'export default { poweredByHeader: false };\n',
  // An app has its icon (the browser asks for one, and a 404 would be a console error).
  'app/icon.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" fill="#2563eb"/></svg>\n',
  'tsconfig.json': JSON.stringify({
    compilerOptions: { target: 'ES2022', lib: ['dom', 'dom.iterable', 'esnext'], strict: true, noEmit: true, module: 'esnext', moduleResolution: 'bundler', jsx: 'preserve', skipLibCheck: true, isolatedModules: true, esModuleInterop: true, resolveJsonModule: true, incremental: false, plugins: [{ name: 'next' }] },
    include: ['next-env.d.ts', 'app/**/*.tsx'],
  }),
};

/** Three misuses the typings must catch, one per line the test names. */
export const MISUSE_TSX = `import type {} from 'storefront-elements/jsx';

export const wrongType = <shop-cart-button shop={42} />;
export const misspelt = <shop-cart-button shopp="acme" />;
export const wrongLanguage = <shop-catalogue lang="de" />;
export const fine = <shop-product product-id={12} onshop-cart-change={(event) => event.detail.count.toFixed()} />;
`;

const TSCONFIG = (include: string[]) =>
  JSON.stringify({
    compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'bundler', jsx: 'react-jsx', strict: true, noEmit: true, skipLibCheck: false, types: ['vite/client'], lib: ['ES2022', 'DOM'] },
    include,
  });

const PLAIN_HTML = (api: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Plain page</title>
<script type="module" src="/vendor/dist/cart-button.js"></script>
<script type="module" src="/vendor/dist/product.js"></script>
</head>
<body>
<header><shop-cart-button shop="globex" api-base="${api}" storefront-url="${api}"></shop-cart-button></header>
<main><h1>Merchandise</h1><p role="status" id="host-count">No cart change yet</p><shop-product lang="en"></shop-product></main>
<script type="module">
  const product = new URLSearchParams(location.search).get('product');
  document.querySelector('shop-product').setAttribute('product-id', product);
  document.addEventListener('shop-cart-change', (event) => {
    document.getElementById('host-count').textContent = 'The page heard: ' + event.detail.count + ' in the cart';
  });
</script>
</body>
</html>
`;

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.woff2': 'font/woff2', '.svg': 'image/svg+xml' };

/** Serves `/app/…` (the built Vite app), `/plain/…` and `/vendor/…` (the installed package). */
function serve(roots: Record<string, string>, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const [, mount = '', ...rest] = url.pathname.split('/');
    const base = roots[mount];
    const file = base ? path.join(base, ...rest) : '';
    const target = file && existsSync(file) && statSync(file).isDirectory() ? path.join(file, 'index.html') : file;
    if (!base || !target.startsWith(base) || !existsSync(target)) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200, { 'Content-Type': TYPES[path.extname(target)] ?? 'application/octet-stream' });
    createReadStream(target).pipe(response);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** What the Vue and Next.js apps install besides the package (and React, its peer, at the repository's range). */
const VUE_VERSIONS = { vue: '^3.5.45', '@vitejs/plugin-vue': '^6.0.11' };
const NEXT_VERSIONS = { next: '^16.4.6', '@types/node': '^20.19.0' };

/** Writes `files` under `dir` (folders made as needed). */
function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
}

/** `npm install` in `dir`, from npm's cache where the repository's install filled it (the registry is asked only for what is missing). */
const install = (dir: string) => run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, maxBuffer: 16 * 1024 * 1024 });

/** Starts `next start` in `dir` on `port` and resolves once it answers. */
async function startNext(dir: string, port: number): Promise<{ origin: string; stop: () => Promise<void> }> {
  const child = spawn(path.join(dir, 'node_modules', '.bin', 'next'), ['start', '-p', String(port), '-H', '127.0.0.1'], { cwd: dir, stdio: 'ignore', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  const origin = `http://localhost:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  for (let tries = 0; tries < 120; tries++) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${port}/`).then((response) => response.status < 500, () => false);
    if (up) return { origin, stop };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error('next start did not answer in 60 s');
}

/**
 * Packs the package and builds its consumers against `api`: the React app, the Vue app and the plain
 * page served on `port`, the Next.js app built by `next build` and served by `next start` on `nextPort`.
 */
export async function buildConsumerApps(api: string, port: number, nextPort: number): Promise<ConsumerApps> {
  const dir = mkdtempSync(path.join(tmpdir(), 'storefront-consumers-'));
  const packed = await run('npx', ['tsx', 'build/package.ts', '--no-build', '--pack-destination', dir], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
  const tarball = packed.stdout.trim().split('\n').at(-1) ?? '';
  if (!tarball.endsWith('.tgz') || !existsSync(tarball)) throw new Error(`npm run package wrote no tarball:\n${packed.stdout}`);

  const root = rootManifest();
  const shared = { 'storefront-elements': `file:${tarball}`, ...pick(root.dependencies, ['react', 'react-dom', '@preact/signals-react']) };
  const appDir = path.join(dir, 'app');
  writeFiles(appDir, {
    'package.json': JSON.stringify({
      name: 'consumer-app',
      private: true,
      type: 'module',
      dependencies: shared,
      devDependencies: pick(root.devDependencies, ['vite', '@vitejs/plugin-react', 'typescript', '@types/react', '@types/react-dom']),
    }),
    'index.html': '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>React app</title></head><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>',
    'vite.config.js': "import react from '@vitejs/plugin-react';\nexport default { base: '/app/', plugins: [react()] };\n",
    'src/main.tsx': MAIN_TSX,
    'src/misuse.tsx': MISUSE_TSX,
    'tsconfig.json': TSCONFIG(['src/main.tsx']),
    'tsconfig.misuse.json': TSCONFIG(['src/misuse.tsx']),
  });
  const vueDir = path.join(dir, 'vue');
  writeFiles(vueDir, {
    'package.json': JSON.stringify({ name: 'consumer-vue', private: true, type: 'module', dependencies: { ...shared, vue: VUE_VERSIONS.vue }, devDependencies: { ...pick(root.devDependencies, ['vite']), '@vitejs/plugin-vue': VUE_VERSIONS['@vitejs/plugin-vue'] } }),
    'index.html': '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Vue app</title></head><body><div id="app"></div><script type="module" src="/src/main.js"></script></body></html>',
    'vite.config.js': VUE_CONFIG,
    'src/main.js': "import { createApp } from 'vue';\nimport App from './App.vue';\ncreateApp(App).mount('#app');\n",
    'src/App.vue': VUE_APP,
  });
  const nextDir = path.join(dir, 'next');
  writeFiles(nextDir, {
    ...NEXT_FILES,
    'package.json': JSON.stringify({
      name: 'consumer-next',
      private: true,
      dependencies: { ...shared, next: NEXT_VERSIONS.next },
      devDependencies: { ...pick(root.devDependencies, ['typescript', '@types/react', '@types/react-dom']), '@types/node': NEXT_VERSIONS['@types/node'] },
    }),
  });
  await Promise.all([install(appDir), install(vueDir), install(nextDir)]);
  const viteEnv = { ...process.env, VITE_API_BASE: api };
  await run(path.join(appDir, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], { cwd: appDir, env: viteEnv });
  await run(path.join(vueDir, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], { cwd: vueDir, env: viteEnv });
  // `next build` prerenders and type-checks: the elements' import runs on the server there.
  await run(path.join(nextDir, 'node_modules', '.bin', 'next'), ['build'], { cwd: nextDir, env: { ...process.env, NEXT_PUBLIC_API_BASE: api, NEXT_TELEMETRY_DISABLED: '1' }, maxBuffer: 16 * 1024 * 1024 });

  const plainDir = path.join(dir, 'plain');
  mkdirSync(plainDir);
  writeFileSync(path.join(plainDir, 'index.html'), PLAIN_HTML(api));
  const server = await serve({ app: path.join(appDir, 'dist'), vue: path.join(vueDir, 'dist'), plain: plainDir, vendor: path.join(appDir, 'node_modules', 'storefront-elements') }, port);
  const next = await startNext(nextDir, nextPort);
  return { dir, tarball, appDir, origin: `http://localhost:${port}`, server, next };
}

/**
 * Imports every JavaScript entry of the installed package's `exports` (the standalone `*` one for each
 * of its files) in a Node process of its own, as a framework's server pass does: `plain` with no DOM at
 * all, `shim` with the minimal DOM that Lit's server rendering installs (`@lit-labs/ssr-dom-shim`:
 * `HTMLElement` and a custom element registry, nothing else). Resolves with what each import did and
 * which tags the registry then holds.
 */
export async function importOnServer(apps: ConsumerApps, dom: 'plain' | 'shim'): Promise<{ imports: { specifier: string; error?: string }[]; defined: string[] | null }> {
  const shim = pathToFileURL(path.join(ROOT, 'node_modules', '@lit-labs', 'ssr-dom-shim', 'index.js')).href;
  const script = `
import { readdirSync, readFileSync } from 'node:fs';
if (process.argv[2] === 'shim') {
  const dom = await import(${JSON.stringify(shim)});
  globalThis.HTMLElement = dom.HTMLElement;
  globalThis.customElements = dom.customElements;
}
const root = new URL('./node_modules/storefront-elements/', import.meta.url);
const { exports } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const specifiers = [];
for (const [key, target] of Object.entries(exports)) {
  const file = typeof target === 'string' ? target : target.default;
  if (!file || !file.endsWith('.js') && !file.endsWith('*')) continue;
  const name = 'storefront-elements' + key.slice(1);
  if (!key.includes('*')) specifiers.push(name);
  else for (const each of readdirSync(new URL(file.replace('*', ''), root)).filter((f) => f.endsWith('.js'))) specifiers.push(name.replace('*', each));
}
const imports = [];
for (const specifier of specifiers) {
  try {
    await import(specifier);
    imports.push({ specifier });
  } catch (error) {
    imports.push({ specifier, error: String(error && error.stack || error).split('\\n').slice(0, 3).join(' | ') });
  }
}
const registry = globalThis.customElements;
const defined = registry ? ['shop-storefront', 'shop-cart-button', 'shop-catalogue', 'shop-product', 'shop-cart', 'shop-checkout', 'shop-account', 'shop-login'].filter((tag) => registry.get(tag)) : null;
console.log(JSON.stringify({ imports, defined }));
`;
  writeFileSync(path.join(apps.appDir, 'server-import.mjs'), script);
  const { stdout } = await run(process.execPath, ['server-import.mjs', dom], { cwd: apps.appDir, maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');
}

/**
 * Lints the packed tarball with publint (`--strict`) and arethetypeswrong (`--profile esm-only`: the
 * package is ESM only, so CommonJS resolutions are out of scope): each tool's exit code and output.
 */
export async function lintTarball(tarball: string): Promise<{ tool: string; code: number; output: string }[]> {
  const tools: [string, string[]][] = [
    ['publint', [tarball, '--strict']],
    ['attw', [tarball, '--profile', 'esm-only', '--format', 'ascii']],
  ];
  return Promise.all(tools.map(async ([tool, args]) => ({ tool, ...(await runForExit(path.join(ROOT, 'node_modules', '.bin', tool), args, ROOT)) })));
}

/**
 * Runs the installed package's command, `storefront-elements check-provider <api> --config provider.json
 * --origin <origin>`, from the app's `node_modules/.bin` as `npx` would: its exit code and output.
 */
export async function checkProviderWithPackage(apps: ConsumerApps, api: string, config: object, origin: string): Promise<{ code: number; output: string }> {
  writeFileSync(path.join(apps.appDir, 'provider.json'), JSON.stringify(config));
  const command = path.join(apps.appDir, 'node_modules', '.bin', 'storefront-elements');
  return runForExit(command, ['check-provider', api, '--config', 'provider.json', '--origin', origin], apps.appDir);
}

/** Type-checks the app with `tsconfig` (`tsconfig.json` or `tsconfig.misuse.json`): exit code and output. */
export function typeCheck(apps: ConsumerApps, tsconfig: string): Promise<{ code: number; output: string }> {
  return runForExit(path.join(apps.appDir, 'node_modules', '.bin', 'tsc'), ['-p', tsconfig], apps.appDir);
}

/** Runs `command` in `cwd` to its end: its exit code (0 when it succeeded) and its output, stdout then stderr. */
async function runForExit(command: string, args: string[], cwd: string): Promise<{ code: number; output: string }> {
  try {
    const result = await run(command, args, { cwd, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, output: result.stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/**
 * An init script that stands in for React DevTools' hook: every copy of react-dom on the page registers
 * itself with it, so the number of renderers is the number of Reacts the page runs.
 */
export const COUNT_REACT_COPIES = `
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers: new Map(),
    supportsFiber: true,
    isDisabled: false,
    inject(renderer) { const id = this.renderers.size + 1; this.renderers.set(id, renderer); return id; },
    onScheduleFiberRoot() {},
    onCommitFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
`;
