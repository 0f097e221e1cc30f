import interLatinExt from '@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2?url';
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';

/**
 * Inter (the default font, spec §9: weights 400 to 800) as real woff2 files emitted by the build, never
 * base64 in JS. `@font-face` inside a shadow root is ignored by browsers, so the faces are declared
 * once on the document, whatever number of elements asks for them. Latin and Latin Extended cover
 * English and Polish; unicode-range lets the browser fetch only what a page needs.
 */
const FONT_STYLE_ID = 'shop-elements-fonts';

/** The `<style>` holding the shop's own font, when it is one we ship (`shop-fonts.ts`, loaded on demand). */
export const SHOP_FONT_STYLE_ID = 'shop-elements-shop-font';

/** @internal Latin (English) and Latin Extended (Polish) unicode ranges, shared with `shop-fonts.ts`. */
export const LATIN_RANGE =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';
export const LATIN_EXT_RANGE =
  'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF';

/** @internal One variable woff2 `@font-face` rule. */
export function face(url: string, range: string, family = 'Inter Variable', weights = '400 800'): string {
  return `@font-face{font-family:'${family}';font-style:normal;font-display:swap;font-weight:${weights};src:url(${JSON.stringify(url)}) format('woff2-variations');unicode-range:${range}}`;
}

/** The document-level CSS declaring the shipped fonts. */
export function fontFaceCss(): string {
  return [face(interLatinExt, LATIN_EXT_RANGE), face(interLatin, LATIN_RANGE)].join('\n');
}

/** Declares the fonts on `doc` once; later calls (more elements) do nothing. */
export function ensureDocumentFonts(doc: Document = document): void {
  if (doc.getElementById(FONT_STYLE_ID)) return;
  const style = doc.createElement('style');
  style.id = FONT_STYLE_ID;
  style.textContent = fontFaceCss();
  doc.head.append(style);
}
