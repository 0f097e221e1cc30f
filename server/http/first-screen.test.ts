import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { websiteFixture } from '../../src/contract/test-fixtures.ts';
import { guestView } from '../../src/domain/closed-shop.ts';
import { ROUTES } from '../../src/domain/routes.ts';
import { ROOT_DIR } from '../config.ts';
import { chunkFiles, chunkKeyOf, firstScreenHead, fontHead, heroImageUrl, jsonForScript, likelyFirstRoute, messageChunkFiles, readBuildManifest, SCREEN_SOURCES, type BuildManifest } from './first-screen.ts';

/** A manifest as vite writes it: the storefront entry, a shared chunk, two screens with a chunk of their own. */
const MANIFEST: BuildManifest = {
  'elements/storefront.ts': { file: 'storefront.js', isEntry: true, imports: ['_runtime-A1.js', '_router-B2.js'], dynamicImports: ['src/screens/home/Homepage.tsx', 'src/screens/auth/Login.tsx'] },
  '_runtime-A1.js': { file: 'chunks/runtime-A1.js' },
  '_router-B2.js': { file: 'chunks/router-B2.js', imports: ['_runtime-A1.js'] },
  'src/screens/home/Homepage.tsx': { file: 'chunks/Homepage-C3.js', isDynamicEntry: true, imports: ['_runtime-A1.js', '_ProductRow-D4.js'] },
  '_ProductRow-D4.js': { file: 'chunks/ProductRow-D4.js', imports: ['_runtime-A1.js'] },
  'src/screens/auth/Login.tsx': { file: 'chunks/Login-E5.js', isDynamicEntry: true, imports: ['_router-B2.js'] },
  // A screen an element entry imports too: a shared chunk named after it.
  '_Catalogue-F6.js': { file: 'chunks/Catalogue-F6.js', name: 'Catalogue', imports: ['_runtime-A1.js', '_ProductRow-D4.js'] },
  'elements/catalogue.ts': { file: 'catalogue.js', name: 'catalogue', isEntry: true, imports: ['_Catalogue-F6.js'] },
  // The dictionaries, one chunk per language and part (src/i18n/index.ts).
  'src/i18n/locales/pl.ts?part=base': { file: 'chunks/messages-pl-base-G7.js', name: 'pl', isDynamicEntry: true },
  'src/i18n/locales/pl.ts?part=screens': { file: 'chunks/messages-pl-screens-H8.js', name: 'pl', isDynamicEntry: true },
};

const heroShop = websiteFixture({
  pages: [
    { id: 1, slug: 'home', name: 'Home', type: 'homepage', is_deletable: 0, content: { blocks: [{ type: 'hero', image: 'heroes/acme.svg', title: 'Hi', text: null, link: null }] } },
    { id: 2, slug: 'about-us', name: 'About', type: 'content', is_deletable: 1, content: { html: '<p>x</p>' } },
  ],
} as never);

/** A shop whose settings name `font`. */
const withFont = (font: string) => websiteFixture({ settings: { ...websiteFixture().settings, font } });

const preloads = (head: string) => [...head.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((match) => match[1]);

describe('the storefront page: what its first screen needs', () => {
  it("should list a chunk's file and every chunk it imports, each once", () => {
    expect(chunkFiles(MANIFEST, 'elements/storefront.ts')).toEqual(['storefront.js', 'chunks/runtime-A1.js', 'chunks/router-B2.js']);
    expect(chunkFiles(MANIFEST, 'src/screens/home/Homepage.tsx')).toEqual(['chunks/Homepage-C3.js', 'chunks/runtime-A1.js', 'chunks/ProductRow-D4.js']);
    expect(chunkFiles(MANIFEST, 'missing')).toEqual([]);
  });

  it("should preload the first screen's chunks, each once, leaving out what the entry imports itself", () => {
    const head = firstScreenHead({ website: heroShop, pathname: '/', hasSession: false, manifest: MANIFEST });
    expect(preloads(head)).toEqual(['/dist/chunks/Homepage-C3.js', '/dist/chunks/ProductRow-D4.js']);
  });

  it('should find a screen in the shared chunk named after it when no chunk has it as its entry', () => {
    expect(chunkKeyOf(MANIFEST, 'src/screens/home/Homepage.tsx')).toBe('src/screens/home/Homepage.tsx');
    expect(chunkKeyOf(MANIFEST, 'src/screens/catalogue/Catalogue.tsx')).toBe('_Catalogue-F6.js');
    expect(chunkKeyOf(MANIFEST, 'src/screens/cart/Cart.tsx')).toBeNull();
    const head = firstScreenHead({ website: heroShop, pathname: '/products', hasSession: false, manifest: MANIFEST });
    expect(preloads(head)).toEqual(['/dist/chunks/Catalogue-F6.js', '/dist/chunks/ProductRow-D4.js']);
  });

  it("should preload the dictionaries of the shop's language, and no other", () => {
    expect(messageChunkFiles(MANIFEST, 'pl')).toEqual(['chunks/messages-pl-base-G7.js', 'chunks/messages-pl-screens-H8.js']);
    expect(messageChunkFiles(MANIFEST, 'en')).toEqual([]);
    const head = firstScreenHead({ website: { ...heroShop, lang: 'pl' }, pathname: '/contact', hasSession: false, manifest: MANIFEST });
    expect(preloads(head)).toEqual(['/dist/chunks/messages-pl-base-G7.js', '/dist/chunks/messages-pl-screens-H8.js']);
  });

  it("should preload the login screen for a guest of a login-only shop, and the URL's screen with a session cookie", () => {
    const closed = { ...heroShop, login_required: true };
    expect(likelyFirstRoute('/', closed, false)).toBe('login');
    expect(likelyFirstRoute('/', closed, true)).toBe('home');
    expect(likelyFirstRoute('/about-us', closed, false)).toBe('login');
    // The guest view the page carries lists no "about us": the guest still goes to Login, not to /404 (issue 26).
    expect(likelyFirstRoute('/about-us', guestView(closed), false)).toBe('login');
    expect(likelyFirstRoute('/', guestView(closed), false)).toBe('login');
    expect(likelyFirstRoute('/privacy-policy', websiteFixture({ login_required: true }), false)).toBe('privacy-policy');
    expect(likelyFirstRoute('/products', heroShop, false)).toBe('products');
    expect(likelyFirstRoute('/about-us', heroShop, false)).toBe('page');
    expect(likelyFirstRoute('/no/such/path/here', heroShop, false)).toBeNull();
    const head = firstScreenHead({ website: closed, pathname: '/', hasSession: false, manifest: MANIFEST });
    expect(preloads(head)).toEqual(['/dist/chunks/Login-E5.js']);
    // A guest sent to the login never sees the hero.
    expect(head).not.toContain('as="image"');
  });

  it("should preload the homepage's hero picture as its <img> requests it, only on the homepage", () => {
    expect(heroImageUrl(heroShop)).toBe('/storage/heroes/acme.svg');
    expect(heroImageUrl(websiteFixture())).toBeNull();
    expect(firstScreenHead({ website: heroShop, pathname: '/', hasSession: false, manifest: null })).toContain('<link rel="preload" as="image" href="/storage/heroes/acme.svg" fetchpriority="high">');
    expect(firstScreenHead({ website: heroShop, pathname: '/products', hasSession: false, manifest: null })).not.toContain('as="image"');
  });

  it("should carry the shop's config as JSON that no text of the shop can break out of", () => {
    const hostile = websiteFixture({ name: '</script><script>alert(1)</script><!--' });
    const head = firstScreenHead({ website: hostile, pathname: '/', hasSession: false, manifest: null });
    const match = /<script type="application\/json" id="shop-config" data-slug="acme">([^<]*)<\/script>/.exec(head);
    expect(match).not.toBeNull();
    expect(JSON.parse(match?.[1] ?? '')).toEqual(hostile);
    expect(head.match(/<script/g)).toHaveLength(1);
    expect(jsonForScript({ text: '<b>' })).toBe('{"text":"\\u003cb>"}');
  });

  it('should carry nothing for an unknown shop and no module preloads without a build', () => {
    expect(firstScreenHead({ website: null, pathname: '/', hasSession: false, manifest: MANIFEST })).toBe('');
    expect(firstScreenHead({ website: heroShop, pathname: '/products', hasSession: false, manifest: null })).not.toContain('modulepreload');
  });

  it('should name each screen by the source screens.tsx lazily imports for that route', () => {
    const screens = readFileSync(path.join(ROOT_DIR, 'src', 'app', 'screens.tsx'), 'utf8');
    for (const [route, source] of Object.entries(SCREEN_SOURCES)) {
      expect(ROUTES.some((known) => known.id === route)).toBe(true);
      const imported = new RegExp(`'?${route}'?: named\\(\\(\\) => import\\('\\.\\./${source.replace(/^src\//, '').replace(/[.]/g, '\\.')}'\\)`);
      expect({ route, found: imported.test(screens) }).toEqual({ route, found: true });
    }
  });
});

describe('the storefront page: its fonts', () => {
  const fonts: BuildManifest = {
    ...MANIFEST,
    'node_modules/@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2': { file: 'assets/inter-latin-ext-I1.woff2' },
    'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2': { file: 'assets/inter-latin-I2.woff2' },
    'node_modules/@fontsource-variable/lora/files/lora-latin-ext-wght-normal.woff2': { file: 'assets/lora-latin-ext-L1.woff2' },
    'node_modules/@fontsource-variable/lora/files/lora-latin-wght-normal.woff2': { file: 'assets/lora-latin-L2.woff2' },
  };

  it('should declare Inter with its built files, under the id the elements look for, and preload no font', () => {
    const head = firstScreenHead({ website: withFont('Inter'), pathname: '/', hasSession: false, manifest: fonts });
    // A preloaded font took the first screen's pictures' bandwidth (LCP about a second later).
    expect(head).not.toContain('as="font"');
    const style = /<style id="shop-elements-fonts">([^<]+)<\/style>/.exec(head)?.[1] ?? '';
    expect(style.match(/@font-face/g)).toHaveLength(2);
    expect(style).toContain('src:url("/dist/assets/inter-latin-ext-I1.woff2")');
    expect(style).toContain("font-family:'Inter Variable'");
    expect(head).not.toContain('shop-elements-shop-font');
  });

  it("should declare a shipped shop font under the shop's spelling of it beside Inter, and no font without a build", () => {
    const head = fontHead(fonts, withFont(' Lora ')).join('\n');
    expect(head).toContain('src:url("/dist/assets/lora-latin-L2.woff2")');
    expect(head).toContain('<style id="shop-elements-fonts">');
    expect(head).toMatch(/<style id="shop-elements-shop-font" data-font="Lora">@font-face\{font-family:'Lora'[^<]+lora-latin-ext-L1\.woff2/);
    // A system font or an unknown name: Inter only.
    expect(fontHead(fonts, withFont('Georgia')).join('\n')).not.toContain('shop-font');
    expect(fontHead(MANIFEST, withFont('Lora'))).toEqual([]);
  });
});

describe('reading the build manifest', () => {
  const distDir = mkdtempSync(path.join(tmpdir(), 'manifest-'));
  afterAll(() => rmSync(distDir, { recursive: true, force: true }));

  it('should read dist/.vite/manifest.json, again when it changed, and answer null without one or for a broken one', () => {
    expect(readBuildManifest(distDir)).toBeNull();
    mkdirSync(path.join(distDir, '.vite'));
    const file = path.join(distDir, '.vite', 'manifest.json');
    writeFileSync(file, JSON.stringify(MANIFEST));
    expect(readBuildManifest(distDir)).toEqual(MANIFEST);
    writeFileSync(file, '{"broken":');
    // A later modification time, as a rebuild gives it.
    const later = new Date(Date.now() + 5000);
    utimesSync(file, later, later);
    expect(readBuildManifest(distDir)).toBeNull();
  });
});
