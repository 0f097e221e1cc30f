/**
 * The `@font-face` rules of the fonts the elements ship, as pure text: the browser's modules
 * (fonts.ts, shop-fonts.ts) give them the URLs their build emitted, and the reference server
 * (server/http/first-screen.ts) the same files' URLs from the build's manifest, so a server-rendered
 * page declares them in its `<head>` and paints in them from the start, not after its scripts run.
 *
 * @module
 */

/** The id of the document's `<style>` declaring Inter, the default font. */
export const FONT_STYLE_ID = 'shop-elements-fonts';

/** The id of the `<style>` holding the shop's own font, when it is one we ship (`shop-fonts.ts`, loaded on demand). */
export const SHOP_FONT_STYLE_ID = 'shop-elements-shop-font';

/** @internal Latin (English) and Latin Extended (Polish) unicode ranges. */
export const LATIN_RANGE =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';
export const LATIN_EXT_RANGE =
  'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF';

/** A shipped font's two woff2 files: Latin Extended, then Latin. */
export type FontFiles = readonly [latinExt: string, latin: string];

/**
 * The shop fonts shipped as files, by lower-case name (the designer's other choices are the device's
 * own fonts); their files come from `@fontsource-variable/<name>`.
 */
export const SHOP_FONTS = ['lora'] as const;

/** A shop font shipped as files. */
export type ShopFontKey = (typeof SHOP_FONTS)[number];

/** @internal One variable woff2 `@font-face` rule. */
export function face(url: string, range: string, family = 'Inter Variable', weights = '400 800'): string {
  return `@font-face{font-family:'${family}';font-style:normal;font-display:swap;font-weight:${weights};src:url(${JSON.stringify(url)}) format('woff2-variations');unicode-range:${range}}`;
}

/** The CSS declaring Inter (weights 400 to 800) from its two files. */
export function interFaces([latinExt, latin]: FontFiles): string {
  return [face(latinExt, LATIN_EXT_RANGE), face(latin, LATIN_RANGE)].join('\n');
}

/**
 * The shop's own font (`settings.font`) when it is shipped as files: its family name as the theme
 * puts it first in `--shop-font` (theme.ts `themeFromSettings`: the trimmed setting) and its key;
 * null for Inter, a system font or an unknown name. Names match case-insensitively, as CSS family
 * names do.
 */
export function shippedShopFont(font: string | null | undefined): { family: string; key: ShopFontKey } | null {
  const family = font?.trim() ?? '';
  const key = family.toLowerCase();
  return (SHOP_FONTS as readonly string[]).includes(key) ? { family, key: key as ShopFontKey } : null;
}

/** The CSS declaring a shop font (weights 400 to 700) under `family` from its two files. */
export function shopFontFaces(family: string, [latinExt, latin]: FontFiles): string {
  return `${face(latinExt, LATIN_EXT_RANGE, family, '400 700')}\n${face(latin, LATIN_RANGE, family, '400 700')}`;
}
