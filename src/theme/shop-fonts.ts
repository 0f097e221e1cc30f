import loraLatinExt from '@fontsource-variable/lora/files/lora-latin-ext-wght-normal.woff2?url';
import loraLatin from '@fontsource-variable/lora/files/lora-latin-wght-normal.woff2?url';
import { shippedShopFont, SHOP_FONT_STYLE_ID, shopFontFaces, type FontFiles, type ShopFontKey } from './font-faces.ts';

/**
 * The shop's own font (`settings.font`), declared on the document on demand (`ElementShell` calls
 * {@link ensureShopFont}): a shop on Inter declares nothing more and downloads no other font file.
 *
 * @module
 */

/**
 * The shop fonts the store designer offers (`settings.font`) that are shipped as files, by lower-case
 * name: latin-ext and latin woff2 files (variable, weights 400 to 700). Lora from
 * `@fontsource-variable/lora`. The designer's other choices are not files: Inter is always declared
 * (`ensureDocumentFonts` in fonts.ts); Georgia, Verdana and `system-ui` are the device's own fonts
 * (Georgia and Verdana cannot be redistributed) and fall back to Inter where the device lacks them.
 */
const SHOP_FONT_FILES: Readonly<Record<ShopFontKey, FontFiles>> = { lora: [loraLatinExt, loraLatin] };

/**
 * The `@font-face` CSS of a shop font that is shipped as files, under the family name the theme puts
 * first in `--shop-font`; `''` for Inter, a system font or an unknown name (nothing to load).
 */
export function shopFontFaceCss(font: string | null | undefined): string {
  const shipped = shippedShopFont(font);
  return shipped ? shopFontFaces(shipped.family, SHOP_FONT_FILES[shipped.key]) : '';
}

/**
 * Declares the shop's font on `doc`: one `<style>` holding the faces of that font only, so the browser
 * downloads its files only on a page whose shop uses it (and only the unicode ranges the text needs). A
 * new font (the designer's preview) replaces the faces; a font with nothing to load removes them. Every
 * element calls it; the same font again does nothing.
 */
export function ensureShopFont(font: string | null | undefined, doc: Document = document): void {
  const shipped = shippedShopFont(font);
  let style = doc.getElementById(SHOP_FONT_STYLE_ID);
  if (!shipped) return style?.remove();
  // The faces are known by their family: a server-rendered page's (its URLs from the build's
  // manifest) are the same faces and stay.
  const { family } = shipped;
  if (style?.dataset.font === family) return;
  if (!style) {
    style = doc.createElement('style');
    style.id = SHOP_FONT_STYLE_ID;
    doc.head.append(style);
  }
  style.dataset.font = family;
  style.textContent = shopFontFaces(family, SHOP_FONT_FILES[shipped.key]);
}
