/**
 * Demo pictures drawn as SVG: product photos (one per kind and colour), shop logos, favicons and
 * homepage hero illustrations.
 *
 * Drawn in code rather than shipped as binaries so the seed is self-contained, deterministic and small:
 * each picture is a few kilobytes, stored once in the `files` table and served under `/storage`.
 * Every picture is 600×600 (logos and heroes have their own sizes), carries `role="img"` and a
 * `<title>`, so it is accessible even when inlined.
 *
 * @module
 */

/** Colour codes used by demo variants; the storefront has a colour-name table for them. */
export const COLOUR_CODES = ['black', 'white', 'navy', 'red', 'green', 'grey', 'blue', 'yellow'] as const;
export type ColourCode = (typeof COLOUR_CODES)[number];

/** Kinds of product the demo can draw; each gets a picture in every colour. */
export const IMAGE_KINDS = [
  'tshirt',
  'hoodie',
  'jacket',
  'mug',
  'pen',
  'notebook',
  'bottle',
  'cap',
  'bag',
  'backpack',
  'umbrella',
  'business-card',
  'lanyard',
  'powerbank',
  'usb',
  'sticker',
  'scarf',
] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

/** @internal Shades of one colour: body, outline/shadow, highlight, and the ink of a printed logo. */
interface Shade {
  label: string;
  fill: string;
  shade: string;
  light: string;
  ink: string;
}

const SHADES: Record<ColourCode, Shade> = {
  black: { label: 'Black', fill: '#1f2937', shade: '#0b1220', light: '#4b5563', ink: '#f8fafc' },
  white: { label: 'White', fill: '#f8fafc', shade: '#a8b3c4', light: '#ffffff', ink: '#1e3a8a' },
  navy: { label: 'Navy', fill: '#1e3a8a', shade: '#111c4e', light: '#3b5bcc', ink: '#f8fafc' },
  red: { label: 'Red', fill: '#dc2626', shade: '#7f1d1d', light: '#f87171', ink: '#fff7ed' },
  green: { label: 'Green', fill: '#16a34a', shade: '#14532d', light: '#4ade80', ink: '#f0fdf4' },
  grey: { label: 'Grey', fill: '#9ca3af', shade: '#4b5563', light: '#d1d5db', ink: '#111827' },
  blue: { label: 'Blue', fill: '#2563eb', shade: '#1e3a8a', light: '#60a5fa', ink: '#f8fafc' },
  yellow: { label: 'Yellow', fill: '#facc15', shade: '#a16207', light: '#fde68a', ink: '#1f2937' },
};

const KIND_LABELS: Record<ImageKind, string> = {
  tshirt: 'T-shirt',
  hoodie: 'hoodie',
  jacket: 'jacket',
  mug: 'mug',
  pen: 'pen',
  notebook: 'notebook',
  bottle: 'bottle',
  cap: 'cap',
  bag: 'tote bag',
  backpack: 'backpack',
  umbrella: 'umbrella',
  'business-card': 'business cards',
  lanyard: 'lanyard with badge',
  powerbank: 'power bank',
  usb: 'USB drive',
  sticker: 'stickers',
  scarf: 'scarf',
};

/** Storage path of a product picture, e.g. `products/tshirt-black.svg`. */
export function productImagePath(kind: ImageKind, colour: ColourCode): string {
  return `products/${kind}-${colour}.svg`;
}

/** Metal and neutral tones shared by several drawings. */
const METAL = '#cbd5e1';
const METAL_DARK = '#64748b';
const PAPER = '#ffffff';
const PAPER_EDGE = '#cbd5e1';

/** Gradients every drawing may use (`url(#sheen)` for a soft highlight, `url(#bg)` for the backdrop). */
const DEFS =
  '<defs>' +
  '<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f8fafc"/><stop offset="1" stop-color="#e2e8f0"/></linearGradient>' +
  '<linearGradient id="sheen" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset=".45" stop-color="#fff" stop-opacity=".22"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>' +
  '<linearGradient id="shadow" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".18"/></linearGradient>' +
  '</defs>';

/** @internal A filled shape with an outline, drawn again with the sheen for a soft highlight. */
function body(d: string, c: Shade, width = 6): string {
  return (
    `<path d="${d}" fill="${c.fill}" stroke="${c.shade}" stroke-width="${width}" stroke-linejoin="round"/>` +
    `<path d="${d}" fill="url(#sheen)"/>`
  );
}

/** @internal A small company mark (a ring and a spark) printed on products. */
function mark(cx: number, cy: number, r: number, ink: string): string {
  const s = r * 0.5;
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${ink}" stroke-width="${Math.max(3, r / 6)}"/>` +
    `<path d="M${cx} ${cy - s} L${cx + s * 0.3} ${cy - s * 0.3} L${cx + s} ${cy} L${cx + s * 0.3} ${cy + s * 0.3} L${cx} ${cy + s} L${cx - s * 0.3} ${cy + s * 0.3} L${cx - s} ${cy} L${cx - s * 0.3} ${cy - s * 0.3} Z" fill="${ink}"/>`
  );
}

/** @internal Shapes of each product kind on a 600×600 canvas, without the backdrop. */
const DRAW: Record<ImageKind, (c: Shade) => string> = {
  tshirt: (c) =>
    body('M225 120 L262 104 Q300 138 338 104 L375 120 L470 180 L432 262 L392 242 L392 478 Q300 494 208 478 L208 242 L168 262 L130 180 Z', c) +
    `<path d="M262 104 Q300 152 338 104" fill="none" stroke="${c.shade}" stroke-width="9" stroke-linecap="round"/>` +
    `<path d="M208 244 Q214 180 232 124 M392 244 Q386 180 368 124" fill="none" stroke="${c.shade}" stroke-width="4" opacity=".35"/>` +
    mark(300, 240, 30, c.ink),
  hoodie: (c) =>
    `<path d="M232 160 Q226 66 300 62 Q374 66 368 160 Q300 196 232 160 Z" fill="${c.fill}" stroke="${c.shade}" stroke-width="6"/>` +
    body('M220 150 Q300 126 380 150 L440 192 L500 420 L456 438 L404 262 L404 486 Q300 502 196 486 L196 262 L144 438 L100 420 L160 192 Z', c) +
    `<path d="M258 152 Q258 96 300 94 Q342 96 342 152 Q300 176 258 152 Z" fill="${c.shade}"/>` +
    `<path d="M286 170 L282 252 M314 170 L318 252" stroke="${c.light}" stroke-width="6" stroke-linecap="round"/>` +
    `<path d="M236 382 L364 382 L386 452 L214 452 Z" fill="none" stroke="${c.shade}" stroke-width="5" stroke-linejoin="round"/>` +
    `<path d="M104 410 L148 426 M496 410 L452 426 M200 470 Q300 486 400 470" stroke="${c.shade}" stroke-width="10" opacity=".45" fill="none"/>` +
    mark(300, 300, 26, c.ink),
  jacket: (c) =>
    body('M222 132 Q300 112 378 132 L442 178 L500 420 L456 438 L404 262 L404 488 L196 488 L196 262 L144 438 L100 420 L158 178 Z', c) +
    `<path d="M246 128 L300 196 L354 128 L340 110 Q300 124 260 110 Z" fill="${c.shade}"/>` +
    `<path d="M300 196 L300 488" stroke="${METAL_DARK}" stroke-width="6"/>` +
    `<path d="M300 196 L300 488" stroke="${METAL}" stroke-width="2" stroke-dasharray="4 6"/>` +
    `<path d="M226 372 L270 352 M374 372 L330 352" stroke="${c.shade}" stroke-width="6" stroke-linecap="round"/>` +
    mark(352, 250, 18, c.ink),
  mug: (c) =>
    `<path d="M392 250 Q472 250 472 330 Q472 410 392 410" fill="none" stroke="${c.shade}" stroke-width="46"/>` +
    `<path d="M392 250 Q472 250 472 330 Q472 410 392 410" fill="none" stroke="${c.fill}" stroke-width="32"/>` +
    body('M170 190 L400 190 L392 462 Q390 492 360 492 L210 492 Q180 492 178 462 Z', c) +
    `<ellipse cx="285" cy="190" rx="115" ry="24" fill="${c.shade}"/>` +
    `<ellipse cx="285" cy="193" rx="101" ry="16" fill="#4a2f1f"/>` +
    `<path d="M250 150 Q238 128 256 108 M292 152 Q280 124 300 100" fill="none" stroke="#94a3b8" stroke-width="6" stroke-linecap="round" opacity=".6"/>` +
    mark(285, 340, 40, c.ink),
  pen: (c) =>
    '<g transform="rotate(-35 300 300)">' +
    `<rect x="96" y="276" width="40" height="48" rx="14" fill="${METAL}" stroke="${METAL_DARK}" stroke-width="4"/>` +
    body('M130 274 L440 274 L440 326 L130 326 Q118 300 130 274 Z', c, 5) +
    `<rect x="370" y="272" width="70" height="56" fill="${c.shade}"/>` +
    `<rect x="440" y="280" width="22" height="40" fill="${METAL}" stroke="${METAL_DARK}" stroke-width="3"/>` +
    `<path d="M462 282 L520 300 L462 318 Z" fill="${METAL}" stroke="${METAL_DARK}" stroke-width="3" stroke-linejoin="round"/>` +
    `<rect x="160" y="250" width="150" height="16" rx="8" fill="${METAL}" stroke="${METAL_DARK}" stroke-width="3"/>` +
    `<rect x="160" y="258" width="18" height="22" fill="${METAL}" stroke="${METAL_DARK}" stroke-width="3"/>` +
    '</g>',
  notebook: (c) =>
    `<rect x="184" y="112" width="270" height="372" rx="18" fill="${PAPER}" stroke="${PAPER_EDGE}" stroke-width="4"/>` +
    `<path d="M444 130 L444 468 M436 124 L436 474" stroke="${PAPER_EDGE}" stroke-width="2"/>` +
    `<rect x="170" y="100" width="270" height="372" rx="18" fill="${c.fill}" stroke="${c.shade}" stroke-width="6"/>` +
    `<rect x="170" y="100" width="270" height="372" rx="18" fill="url(#sheen)"/>` +
    `<rect x="170" y="100" width="36" height="372" rx="16" fill="${c.shade}" opacity=".45"/>` +
    `<rect x="390" y="100" width="16" height="372" fill="${c.shade}"/>` +
    `<path d="M300 470 L300 530 L313 516 L326 530 L326 470 Z" fill="${c.light}" stroke="${c.shade}" stroke-width="3"/>` +
    `<rect x="238" y="170" width="124" height="64" rx="10" fill="${PAPER}" opacity=".9"/>` +
    `<path d="M256 194 L344 194 M256 212 L318 212" stroke="#94a3b8" stroke-width="6" stroke-linecap="round"/>` +
    mark(300, 360, 34, c.ink),
  bottle: (c) =>
    `<rect x="262" y="66" width="76" height="62" rx="12" fill="${c.shade}"/>` +
    `<path d="M262 88 L338 88 M262 104 L338 104" stroke="${c.light}" stroke-width="3" opacity=".5"/>` +
    body('M252 128 L348 128 Q348 172 378 198 Q402 220 402 262 L402 468 Q402 500 370 500 L230 500 Q198 500 198 468 L198 262 Q198 220 222 198 Q252 172 252 128 Z', c) +
    `<rect x="198" y="300" width="204" height="104" fill="${PAPER}" opacity=".88"/>` +
    mark(300, 352, 30, SHADES.navy.fill) +
    `<rect x="222" y="228" width="18" height="244" rx="9" fill="#fff" opacity=".25"/>`,
  cap: (c) =>
    body('M162 352 Q158 186 300 172 Q442 186 438 352 Z', c) +
    `<path d="M300 174 L300 352 M238 190 Q212 262 204 352 M362 190 Q388 262 396 352" fill="none" stroke="${c.shade}" stroke-width="4" opacity=".4"/>` +
    `<circle cx="300" cy="174" r="13" fill="${c.shade}"/>` +
    `<path d="M150 352 Q300 384 450 346 L524 394 Q474 436 300 434 Q176 430 146 384 Z" fill="${c.shade}" stroke="${c.shade}" stroke-width="6" stroke-linejoin="round"/>` +
    `<path d="M170 372 Q300 402 446 366" fill="none" stroke="${c.light}" stroke-width="4" stroke-dasharray="10 8" opacity=".6"/>` +
    mark(300, 272, 30, c.ink),
  bag: (c) =>
    `<path d="M230 236 Q230 104 300 104 Q370 104 370 236" fill="none" stroke="${c.shade}" stroke-width="16" stroke-linecap="round"/>` +
    body('M158 222 L442 222 L464 502 L136 502 Z', c) +
    `<path d="M158 250 L442 250" stroke="${c.shade}" stroke-width="3" stroke-dasharray="10 7" opacity=".6"/>` +
    mark(300, 370, 46, c.ink),
  backpack: (c) =>
    `<path d="M264 124 Q300 78 336 124" fill="none" stroke="${c.shade}" stroke-width="14" stroke-linecap="round"/>` +
    `<path d="M186 210 Q150 320 180 470 M414 210 Q450 320 420 470" fill="none" stroke="${c.shade}" stroke-width="18" stroke-linecap="round"/>` +
    body('M250 116 L350 116 Q420 116 420 186 L420 470 Q420 498 392 498 L208 498 Q180 498 180 470 L180 186 Q180 116 250 116 Z', c) +
    `<rect x="214" y="318" width="172" height="152" rx="30" fill="${c.shade}" opacity=".35" stroke="${c.shade}" stroke-width="5"/>` +
    `<path d="M232 348 Q300 330 368 348" fill="none" stroke="${c.light}" stroke-width="5" stroke-linecap="round"/>` +
    `<rect x="294" y="342" width="12" height="26" rx="4" fill="${METAL}"/>` +
    mark(300, 232, 26, c.ink),
  umbrella: (c) =>
    `<path d="M300 122 L300 96" stroke="${METAL_DARK}" stroke-width="7" stroke-linecap="round"/>` +
    body('M108 302 Q118 140 300 120 Q482 140 492 302 Q462 282 431 302 Q400 282 369 302 Q334 282 300 302 Q266 282 231 302 Q200 282 169 302 Q138 282 108 302 Z', c) +
    `<path d="M300 122 Q252 200 231 300 M300 122 Q348 200 369 300 M300 122 Q182 180 169 300 M300 122 Q418 180 431 300" fill="none" stroke="${c.shade}" stroke-width="4" opacity=".5"/>` +
    `<path d="M300 302 L300 472" stroke="${METAL_DARK}" stroke-width="9"/>` +
    `<path d="M300 470 Q300 514 268 514 Q242 514 242 488" fill="none" stroke="${c.shade}" stroke-width="18" stroke-linecap="round"/>`,
  'business-card': (c) =>
    '<g transform="rotate(-8 300 300)">' +
    `<rect x="128" y="196" width="344" height="200" rx="14" fill="${PAPER}" stroke="${PAPER_EDGE}" stroke-width="4"/>` +
    `<rect x="128" y="196" width="344" height="200" rx="14" fill="url(#shadow)"/>` +
    '</g>' +
    '<g transform="rotate(4 300 320)">' +
    `<rect x="140" y="232" width="344" height="200" rx="14" fill="${PAPER}" stroke="${PAPER_EDGE}" stroke-width="4"/>` +
    `<path d="M154 232 L164 232 L164 432 L154 432 Q140 432 140 418 L140 246 Q140 232 154 232 Z" fill="${c.fill}" stroke="${c.shade}" stroke-width="2"/>` +
    `<rect x="192" y="270" width="160" height="18" rx="9" fill="#1f2937"/>` +
    `<rect x="192" y="300" width="112" height="11" rx="5" fill="#94a3b8"/>` +
    `<rect x="192" y="370" width="180" height="9" rx="4" fill="#cbd5e1"/>` +
    `<rect x="192" y="390" width="140" height="9" rx="4" fill="#cbd5e1"/>` +
    `<circle cx="438" cy="282" r="24" fill="${c.fill}" stroke="${c.shade}" stroke-width="2"/>` +
    mark(438, 282, 12, c.ink) +
    '</g>',
  lanyard: (c) =>
    `<path d="M196 66 L300 330 L404 66" fill="none" stroke="${c.shade}" stroke-width="42" stroke-linejoin="round"/>` +
    `<path d="M196 66 L300 330 L404 66" fill="none" stroke="${c.fill}" stroke-width="32" stroke-linejoin="round"/>` +
    `<path d="M214 110 L300 330 L386 110" fill="none" stroke="${c.ink}" stroke-width="3" stroke-dasharray="4 16" opacity=".7"/>` +
    `<rect x="284" y="318" width="32" height="44" rx="7" fill="${METAL}" stroke="${METAL_DARK}" stroke-width="3"/>` +
    `<rect x="206" y="352" width="188" height="146" rx="16" fill="${PAPER}" stroke="${PAPER_EDGE}" stroke-width="4"/>` +
    `<rect x="206" y="352" width="188" height="34" rx="16" fill="${c.fill}"/>` +
    `<rect x="206" y="370" width="188" height="16" fill="${c.fill}"/>` +
    `<circle cx="256" cy="432" r="26" fill="#e2e8f0"/>` +
    `<circle cx="256" cy="424" r="10" fill="#94a3b8"/><path d="M238 450 Q256 430 274 450" fill="#94a3b8"/>` +
    `<rect x="294" y="416" width="76" height="12" rx="6" fill="#1f2937"/>` +
    `<rect x="294" y="440" width="52" height="9" rx="4" fill="#94a3b8"/>`,
  powerbank: (c) =>
    body('M236 110 L364 110 Q400 110 400 146 L400 454 Q400 490 364 490 L236 490 Q200 490 200 454 L200 146 Q200 110 236 110 Z', c) +
    [256, 284, 312, 340]
      .map((x, i) => `<circle cx="${x + 2}" cy="152" r="7" fill="#22c55e" opacity="${i === 3 ? 0.3 : 1}"/>`)
      .join('') +
    `<rect x="268" y="476" width="64" height="10" rx="4" fill="${c.shade}"/>` +
    `<circle cx="300" cy="306" r="46" fill="none" stroke="${c.ink}" stroke-width="6" opacity=".9"/>` +
    `<path d="M308 268 L278 314 L300 314 L290 346 L324 296 L302 296 Z" fill="${c.ink}"/>`,
  usb: (c) =>
    `<rect x="256" y="106" width="88" height="104" rx="6" fill="${METAL}" stroke="${METAL_DARK}" stroke-width="4"/>` +
    `<rect x="276" y="138" width="18" height="18" fill="${METAL_DARK}"/><rect x="306" y="138" width="18" height="18" fill="${METAL_DARK}"/>` +
    body('M258 200 L342 200 Q372 200 372 230 L372 454 Q372 484 342 484 L258 484 Q228 484 228 454 L228 230 Q228 200 258 200 Z', c) +
    `<circle cx="300" cy="446" r="15" fill="#e2e8f0" stroke="${c.shade}" stroke-width="4"/>` +
    `<path d="M300 446 Q352 520 410 500" fill="none" stroke="${METAL_DARK}" stroke-width="5"/>` +
    `<circle cx="418" cy="498" r="18" fill="none" stroke="${METAL_DARK}" stroke-width="5"/>` +
    mark(300, 320, 30, c.ink),
  sticker: (c) =>
    `<g transform="rotate(12 420 200)"><rect x="340" y="120" width="170" height="170" rx="36" fill="${c.light}" stroke="${PAPER}" stroke-width="12"/>` +
    `<rect x="340" y="120" width="170" height="170" rx="36" fill="url(#shadow)"/></g>` +
    `<circle cx="272" cy="318" r="168" fill="${PAPER}"/>` +
    `<circle cx="272" cy="318" r="150" fill="${c.fill}" stroke="${c.shade}" stroke-width="4"/>` +
    `<circle cx="272" cy="318" r="150" fill="url(#sheen)"/>` +
    `<path d="M272 230 L296 292 L362 296 L310 336 L328 400 L272 364 L216 400 L234 336 L182 296 L248 292 Z" fill="${c.ink}"/>` +
    `<path d="M372 436 Q392 404 420 400 Q400 440 372 436 Z" fill="#e2e8f0" stroke="${PAPER_EDGE}" stroke-width="3"/>`,
  scarf: (c) =>
    body('M186 136 Q300 232 414 136 L436 190 Q300 296 164 190 Z', c) +
    body('M250 234 L216 470 L300 474 L314 252 Z', c) +
    body('M326 248 L350 444 L424 430 L384 220 Z', c) +
    `<path d="M236 330 L306 334 M228 390 L302 394 M340 330 L398 318 M348 386 L408 374" stroke="${c.light}" stroke-width="12" opacity=".75"/>` +
    `<path d="M222 474 L218 500 M240 475 L238 502 M258 476 L258 503 M276 476 L277 503 M294 476 L296 502 M354 446 L352 472 M372 442 L372 469 M390 438 L392 465 M408 434 L412 460" stroke="${c.shade}" stroke-width="5" stroke-linecap="round"/>`,
};

/** @internal Escapes text for an SVG text node or attribute. */
function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** @internal Wraps shapes in an accessible 600×600 picture with a soft backdrop and floor shadow. */
function frame(title: string, shapes: string): string {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600" role="img" aria-labelledby="title">' +
    `<title id="title">${escapeXml(title)}</title>` +
    DEFS +
    '<rect width="600" height="600" fill="url(#bg)"/>' +
    '<ellipse cx="300" cy="530" rx="200" ry="22" fill="#0f172a" opacity=".10"/>' +
    shapes +
    '</svg>'
  );
}

/** The picture of a product kind in a colour: a 600×600 SVG document. */
export function productSvg(kind: ImageKind, colour: ColourCode): string {
  const shade = SHADES[colour];
  return frame(`${shade.label} ${KIND_LABELS[kind]}`, DRAW[kind](shade));
}

/** One file to store under `/storage`. */
export interface StoredFile {
  path: string;
  contentType: string;
  data: Buffer;
}

/** Every product picture: each kind in each colour, so generated catalogues always find a picture. */
export function productImageFiles(): StoredFile[] {
  return IMAGE_KINDS.flatMap((kind) =>
    COLOUR_CODES.map((colour) => ({
      path: productImagePath(kind, colour),
      contentType: 'image/svg+xml',
      data: Buffer.from(productSvg(kind, colour), 'utf8'),
    })),
  );
}

/** What a shop's logo, favicon and hero are drawn from. */
export interface Branding {
  name: string;
  /** Hex colour of the brand. */
  colour: string;
  /** Product drawings shown in the hero, each with a colour. */
  hero: [ImageKind, ColourCode][];
}

const FONT_STACK = 'Inter, Segoe UI, Helvetica Neue, Arial, sans-serif';

/** A horizontal logo: a rounded badge with the initial, then the shop name (80 high, width fits the name). */
export function logoSvg(brand: Branding): string {
  const initial = escapeXml(brand.name.charAt(0).toUpperCase());
  // About 19 px per character of 30 px bold text, plus the badge and margins.
  const width = Math.ceil(96 + brand.name.length * 19);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} 80" width="${width}" height="80" role="img" aria-labelledby="title">` +
    `<title id="title">${escapeXml(brand.name)}</title>` +
    `<rect x="4" y="8" width="64" height="64" rx="16" fill="${brand.colour}"/>` +
    `<path d="M18 58 L54 22" stroke="#fff" stroke-width="3" opacity=".25"/>` +
    `<text x="36" y="53" text-anchor="middle" font-family="${FONT_STACK}" font-size="38" font-weight="800" fill="#fff">${initial}</text>` +
    `<text x="84" y="52" font-family="${FONT_STACK}" font-size="30" font-weight="700" fill="#0f172a">${escapeXml(brand.name)}</text>` +
    '</svg>'
  );
}

/** A square favicon with the shop's initial (64×64). */
export function faviconSvg(brand: Branding): string {
  const initial = escapeXml(brand.name.charAt(0).toUpperCase());
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-labelledby="title">' +
    `<title id="title">${escapeXml(brand.name)}</title>` +
    `<rect width="64" height="64" rx="14" fill="${brand.colour}"/>` +
    `<text x="32" y="45" text-anchor="middle" font-family="${FONT_STACK}" font-size="38" font-weight="800" fill="#fff">${initial}</text>` +
    '</svg>'
  );
}

/** A wide homepage illustration (1200×480): the brand colour with three products on tiles. */
export function heroSvg(brand: Branding): string {
  const tiles = brand.hero
    .map(([kind, colour], index) => {
      const x = 560 + index * 200;
      const y = index === 1 ? 70 : 130;
      return (
        `<g transform="translate(${x} ${y})">` +
        '<rect width="180" height="180" rx="28" fill="#fff" opacity=".95"/>' +
        `<g transform="scale(0.3)">${DRAW[kind](SHADES[colour])}</g>` +
        '</g>'
      );
    })
    .join('');
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 480" width="1200" height="480" role="img" aria-labelledby="title">' +
    `<title id="title">${escapeXml(`${brand.name}: branded merchandise`)}</title>` +
    DEFS +
    '<defs><linearGradient id="hero" x1="0" y1="0" x2="1" y2="1">' +
    `<stop offset="0" stop-color="${brand.colour}"/><stop offset="1" stop-color="${brand.colour}" stop-opacity=".72"/>` +
    '</linearGradient></defs>' +
    '<rect width="1200" height="480" fill="url(#hero)"/>' +
    '<circle cx="140" cy="420" r="220" fill="#fff" opacity=".08"/>' +
    '<circle cx="1120" cy="40" r="160" fill="#fff" opacity=".10"/>' +
    '<circle cx="470" cy="60" r="70" fill="#fff" opacity=".07"/>' +
    '<path d="M0 400 Q300 340 600 400 T1200 390 L1200 480 L0 480 Z" fill="#fff" opacity=".12"/>' +
    tiles +
    '</svg>'
  );
}
