/**
 * Colour arithmetic for contrast (WCAG 2): parsing the colours shops and budgets come with (hex and
 * rgb()/rgba()), relative luminance, contrast ratios, and the accent shades that keep text readable.
 * Pure functions: used by the theme (shop accent) and by widgets (budget-coloured badges).
 */
const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB = /^rgba?\(\s*([^()]*?)\s*\)$/i;
const NUMBER = /^(?:\d+(?:\.\d*)?|\.\d+)(%?)$/;

/** A colour as 0–255 channels and 0–1 alpha. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

function clamp(value: number, max: number): number {
  return Math.min(Math.max(value, 0), max);
}

/** A number or percentage; `scale` is what 100 % equals (255 for channels, 1 for alpha). */
function component(text: string, scale: number): number | null {
  const match = NUMBER.exec(text);
  if (!match) return null;
  const value = Number.parseFloat(text);
  return clamp(match[1] === '%' ? (value / 100) * scale : value, scale);
}

/** Parses the colour forms a badge accepts (hex and rgb/rgba, both CSS syntaxes); null otherwise. */
export function parseColor(input: string): Rgba | null {
  const color = input.trim();
  if (HEX.test(color)) {
    let hex = color.slice(1);
    if (hex.length <= 4) hex = [...hex].map((digit) => digit + digit).join('');
    const byte = (at: number) => Number.parseInt(hex.slice(at, at + 2), 16);
    return { r: byte(0), g: byte(2), b: byte(4), a: hex.length === 8 ? byte(6) / 255 : 1 };
  }
  const body = RGB.exec(color)?.[1];
  if (body === undefined) return null;
  let channels: string[];
  let alpha: string | undefined;
  if (body.includes(',')) {
    const parts = body.split(',').map((part) => part.trim());
    if (parts.length !== 3 && parts.length !== 4) return null;
    channels = parts.slice(0, 3);
    alpha = parts[3];
  } else {
    const [left = '', right, ...extra] = body.split('/').map((part) => part.trim());
    if (extra.length > 0) return null;
    channels = left.split(/\s+/);
    if (channels.length !== 3) return null;
    alpha = right;
  }
  const [r, g, b] = channels.map((channel) => component(channel, 255));
  const a = alpha === undefined ? 1 : component(alpha, 1);
  if (r == null || g == null || b == null || a === null) return null;
  return { r, g, b, a };
}

/** An sRGB channel (0–255) in linear light. */
function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of an sRGB colour. */
export function luminance({ r, g, b }: Rgba): number {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/**
 * Black or white, whichever has the higher WCAG contrast ratio on `color`; null when `color` is not a
 * hex or rgb colour. A translucent colour is judged as painted over white (the default surface).
 */
export function readableTextColor(color: string): '#000000' | '#ffffff' | null {
  const parsed = parseColor(color);
  if (!parsed) return null;
  const over = (channel: number) => channel * parsed.a + 255 * (1 - parsed.a);
  const l = luminance({ r: over(parsed.r), g: over(parsed.g), b: over(parsed.b), a: 1 });
  const onWhite = 1.05 / (l + 0.05);
  const onBlack = (l + 0.05) / 0.05;
  return onWhite > onBlack ? '#ffffff' : '#000000';
}

/** WCAG contrast ratio between two opaque colours (1 to 21). */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };

/**
 * The accent shade that white text can sit on, and that reads as text on white: the accent itself
 * when it already reaches 4.5:1 against white, otherwise the accent mixed with the least black that
 * gets there (5 % steps). Filled buttons and accent-coloured text use it, so any shop colour stays
 * readable (the default pink, rgb(236 72 153), reaches only 3.5:1 as it is). Null for an unreadable value.
 */
export function strongAccent(accent: string): string | null {
  const parsed = parseColor(accent);
  if (!parsed) return null;
  for (let black = 0; black <= 100; black += 5) {
    const keep = 1 - black / 100;
    const shade = { r: Math.round(parsed.r * keep), g: Math.round(parsed.g * keep), b: Math.round(parsed.b * keep), a: 1 };
    if (contrastRatio(shade, WHITE) >= MIN_TEXT_CONTRAST) return `rgb(${shade.r} ${shade.g} ${shade.b})`;
  }
  return 'rgb(0 0 0)';
}
