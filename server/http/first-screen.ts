import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { FONT_STYLE_ID, type FontFiles, interFaces, matchRoute, type RouteId, SHOP_FONT_STYLE_ID, shippedShopFont, shopFontFaces, storageUrl, type Website } from '../shared.ts';
import { escapeHtml } from './html.ts';

/**
 * What the storefront page tells the browser in its HTML so its first screen does not wait for
 * round trips the server can save before the first screen paints:
 * - the shop's config as JSON (`<script type="application/json" id="shop-config">`, read by
 *   `src/store/inlined-shop.ts`), so the storefront needs no `GET /api/slug/website` before it renders;
 * - `<link rel="modulepreload">` for the shop language's dictionaries and the first screen's chunks
 *   (from the build's manifest), so they load beside the entry instead of after it has run;
 * - `<link rel="preload" as="image">` for the homepage's hero picture, so it loads beside the script;
 * - the shipped fonts' `@font-face` rules (Inter, and the shop's own font when it is one) with the
 *   build's files: the server's first screen loads them with its first layout, rather than once the
 *   scripts declare them (the text then changed face after it showed: a layout shift).
 *
 * @module
 */

/** The entry of the storefront page's module script (`dist/storefront.js`), as the build manifest names it. */
export const STOREFRONT_ENTRY = 'elements/storefront.ts';

/** The id of the JSON script holding the shop's config (the client reads it by this id). */
export const SHOP_CONFIG_SCRIPT_ID = 'shop-config';

/**
 * The source module of each route's screen, as `src/app/screens.tsx` lazily imports it (a test checks
 * the two agree): the build manifest names chunks by their source.
 */
export const SCREEN_SOURCES: Partial<Record<RouteId, string>> = {
  home: 'src/screens/home/Homepage.tsx',
  products: 'src/screens/catalogue/Catalogue.tsx',
  product: 'src/screens/product/Product.tsx',
  cart: 'src/screens/cart/Cart.tsx',
  login: 'src/screens/auth/Login.tsx',
  register: 'src/screens/auth/Register.tsx',
  contact: 'src/screens/contact/Contact.tsx',
  page: 'src/screens/content/ContentPage.tsx',
  'privacy-policy': 'src/screens/content/ContentPage.tsx',
  'terms-of-use': 'src/screens/content/ContentPage.tsx',
};

/** One chunk of vite's `.vite/manifest.json`. */
export interface ManifestChunk {
  file: string;
  /** The chunk's name (its main module's file name without extension). */
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

/** vite's build manifest: chunks by source path (or `_name-hash.js` for shared chunks). */
export type BuildManifest = Record<string, ManifestChunk>;

let cached: { file: string; mtimeMs: number; manifest: BuildManifest | null } | null = null;

/**
 * The build manifest of `distDir` (`vite.config.ts` `build.manifest`), read again only when the file
 * changed (a rebuild while the server runs), or null without a build or with an unreadable one: the
 * page then goes without module preloads, as before.
 */
export function readBuildManifest(distDir: string): BuildManifest | null {
  const file = path.join(distDir, '.vite', 'manifest.json');
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return null;
  }
  if (cached?.file === file && cached.mtimeMs === mtimeMs) return cached.manifest;
  let manifest: BuildManifest | null = null;
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    manifest = parsed && typeof parsed === 'object' ? (parsed as BuildManifest) : null;
  } catch {
    manifest = null;
  }
  cached = { file, mtimeMs, manifest };
  return manifest;
}

/** The files (relative to dist/) of `key`'s chunk and every chunk it statically imports, that chunk first. */
export function chunkFiles(manifest: BuildManifest, key: string): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (current: string): void => {
    if (seen.has(current)) return;
    seen.add(current);
    const chunk = manifest[current];
    if (!chunk) return;
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return files;
}

/**
 * The manifest key of the chunk holding source module `source`: the module itself when it is a chunk's
 * entry (a lazily loaded screen of the storefront only), else the one shared chunk named after it.
 * A screen that an element entry also imports statically (the catalogue of `<shop-catalogue>`) lands
 * in a shared chunk, which the manifest keys `_Catalogue-hash.js` with `name: "Catalogue"`.
 */
export function chunkKeyOf(manifest: BuildManifest, source: string): string | null {
  if (manifest[source]) return source;
  const name = path.posix.basename(source).replace(/\.[^.]+$/, '');
  const named = Object.entries(manifest).filter(([key, chunk]) => key.startsWith('_') && !chunk.isEntry && chunk.name === name);
  return named.length === 1 ? (named[0]?.[0] ?? null) : null;
}

/**
 * The chunks of language `lang`'s dictionaries (`src/i18n/locales/<lang>.ts?part=…`, one per part, loaded
 * on demand by src/i18n/index.ts once the entry has run): the storefront shows the shop's language
 * and uses every part, so preloading them saves the round trip after the entry.
 */
export function messageChunkFiles(manifest: BuildManifest, lang: string): string[] {
  const prefix = `src/i18n/locales/${lang}.ts?part=`;
  return Object.keys(manifest)
    .filter((key) => key.startsWith(prefix))
    .flatMap((key) => chunkFiles(manifest, key));
}

/**
 * The route whose screen the storefront will most likely show first for `pathname`: the URL's own
 * route, or the login screen where the shop requires a login and the request carries no session
 * cookie (the storefront's guards send a guest there). Null when the path names no route.
 */
export function likelyFirstRoute(pathname: string, website: Pick<Website, 'pages' | 'login_required' | 'guest_view'>, hasSession: boolean): RouteId | null {
  const match = matchRoute(pathname, website.pages, { pagesWithheld: website.guest_view === true });
  if (!match) return null;
  const needsLogin = website.login_required && !hasSession && !['guest', 'guest-only', 'any'].includes(match.route.access);
  return needsLogin ? 'login' : match.route.id;
}

/** The homepage's first hero picture as the storefront shows it (same-origin `/storage/`), or null. */
export function heroImageUrl(website: Pick<Website, 'pages'>): string | null {
  const first = website.pages.find((page) => page.type === 'homepage')?.content.blocks?.[0];
  return first?.type === 'hero' ? storageUrl(first.image) : null;
}

/**
 * JSON for a `<script type="application/json">`: `<` written as `\u003c`, so no `</script>` or
 * `<!--` in a shop's texts can end the element early or change how it is parsed; JSON.parse reads
 * the escape back as `<`.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * The storefront page's `<html lang>`: the shop's language (spec §1 `lang`), English for an unknown
 * shop (the fallback language). A language the visitor picked with the switch is kept in their browser
 * (src/store/locale-choice.ts), not sent here: the storefront sets `<html lang>` to it as it starts.
 */
export function pageLang(website: Pick<Website, 'lang'> | null): 'en' | 'pl' {
  return website?.lang === 'pl' ? 'pl' : 'en';
}

/** What the first screen of the storefront page needs, as tags for its `<head>`. */
export interface FirstScreenInput {
  /** The shop's config, or null for an unknown shop (the client then asks and shows Store not found). */
  website: Website | null;
  /** The request's path (its route decides the screen's chunks). */
  pathname: string;
  /** Whether the request carries the session cookie (a guest of a login-only shop sees the login first). */
  hasSession: boolean;
  /** The build manifest, or null (no module preloads). */
  manifest: BuildManifest | null;
}

/** The woff2 files of a shipped font (`inter`, or a shop font's key) as the build's manifest keys them. */
function fontPackageFiles(name: string): FontFiles {
  const files = `node_modules/@fontsource-variable/${name}/files/${name}`;
  return [`${files}-latin-ext-wght-normal.woff2`, `${files}-latin-wght-normal.woff2`];
}

/** A font's two files as the build emitted them, or null. */
function builtFontFiles(manifest: BuildManifest, files: FontFiles): FontFiles | null {
  const [latinExt, latin] = files.map((file) => manifest[file]?.file);
  return latinExt && latin ? [`/dist/${latinExt}`, `/dist/${latin}`] : null;
}

/**
 * The `<head>` tags declaring the shipped fonts as the elements would (`src/theme/fonts.ts`,
 * `shop-fonts.ts`: the same ids, so they declare nothing again): Inter, and the shop's own font when
 * it is shipped as files. Not preloaded: a preloaded font took the bandwidth of the first screen's
 * pictures, and Lighthouse's LCP rose by about a second (docs/benchmarks.md); declared, a font loads
 * with the first layout that needs it, and the text does not change face when the scripts run.
 */
export function fontHead(manifest: BuildManifest, website: Website | null): string[] {
  const inter = builtFontFiles(manifest, fontPackageFiles('inter'));
  if (!inter) return [];
  const shopFont = shippedShopFont(website?.settings.font);
  const shopFiles = shopFont ? builtFontFiles(manifest, fontPackageFiles(shopFont.key)) : null;
  const tags = [`<style id="${FONT_STYLE_ID}">${interFaces(inter)}</style>`];
  // The family is a shipped font's name in the shop's spelling: letters only.
  if (shopFont && shopFiles) tags.push(`<style id="${SHOP_FONT_STYLE_ID}" data-font="${escapeHtml(shopFont.family)}">${shopFontFaces(shopFont.family, shopFiles)}</style>`);
  return tags;
}

/**
 * The tags for the storefront page's `<head>`: module preloads of the dictionaries and of the first
 * screen's chunks that the entry does not import itself, the hero picture's preload, the fonts, and
 * the shop's config as JSON. A JSON data block is not run, so the page's
 * Content-Security-Policy (scripts only with its nonce) applies to it as to any other text.
 */
export function firstScreenHead({ website, pathname, hasSession, manifest }: FirstScreenInput): string {
  const tags: string[] = [];
  const route = website ? likelyFirstRoute(pathname, website, hasSession) : null;
  if (manifest?.[STOREFRONT_ENTRY]) {
    const source = route ? SCREEN_SOURCES[route] : undefined;
    const screenKey = source ? chunkKeyOf(manifest, source) : null;
    const screenFiles = screenKey ? chunkFiles(manifest, screenKey) : [];
    const messageFiles = website ? messageChunkFiles(manifest, website.lang) : [];
    // Not the entry's own chunks: the entry (under 1 kB) names them all at once (build/hoist-transitive-imports.ts),
    // and preloading them too only moved Lighthouse's first paint later (docs/benchmarks.md, Lighthouse).
    const entryFiles = new Set(chunkFiles(manifest, STOREFRONT_ENTRY));
    const modules = [...new Set([...messageFiles, ...screenFiles])].filter((file) => !entryFiles.has(file));
    for (const file of modules) tags.push(`<link rel="modulepreload" href="/dist/${escapeHtml(file)}">`);
  }
  if (manifest) tags.push(...fontHead(manifest, website));
  const hero = website && route === 'home' ? heroImageUrl(website) : null;
  // The same request as the hero's <img fetchpriority="high"> (no CORS), so the browser reuses it.
  if (hero) tags.push(`<link rel="preload" as="image" href="${escapeHtml(hero)}" fetchpriority="high">`);
  if (website) {
    tags.push(`<script type="application/json" id="${SHOP_CONFIG_SCRIPT_ID}" data-slug="${escapeHtml(website.slug)}">${jsonForScript(website)}</script>`);
  }
  return tags.join('\n');
}
