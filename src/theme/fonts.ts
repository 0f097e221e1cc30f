import interLatinExt from '@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2?url';
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import { FONT_STYLE_ID, interFaces } from './font-faces.ts';

/**
 * Inter (the default font, spec §9: weights 400 to 800) as real woff2 files emitted by the build, never
 * base64 in JS. `@font-face` inside a shadow root is ignored by browsers, so the faces are declared
 * once on the document, whatever number of elements asks for them (a server-rendered page declares
 * them in its `<head>` already). Latin and Latin Extended cover English and Polish; unicode-range lets
 * the browser fetch only what a page needs.
 */

/** The document-level CSS declaring the shipped fonts. */
export function fontFaceCss(): string {
  return interFaces([interLatinExt, interLatin]);
}

/** Declares the fonts on `doc` once; later calls (more elements) do nothing. */
export function ensureDocumentFonts(doc: Document = document): void {
  if (doc.getElementById(FONT_STYLE_ID)) return;
  const style = doc.createElement('style');
  style.id = FONT_STYLE_ID;
  style.textContent = fontFaceCss();
  doc.head.append(style);
}
