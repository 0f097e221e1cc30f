import type { WebsiteSettings } from '../contract/contract.ts';
import { strongAccent } from './colour.ts';

/** Accent colour when a shop sets none (spec §9). */
export const DEFAULT_ACCENT = 'rgb(236 72 153)';
/** Font when a shop sets none (spec §9: Inter, weights 400 to 800). */
export const DEFAULT_FONT = 'Inter';
/**
 * Corner radius of buttons per `button_style` (spec §1; default round, spec §9). Relative lengths are
 * multiples of the root's base size `--_u` (tokens.css), never `rem`, which the host page controls.
 */
export const BUTTON_RADIUS: Record<WebsiteSettings['button_style'], string> = {
  round: '999px',
  medium: 'calc(0.5 * var(--_u))',
  square: '0',
};

/** Where relative storage paths live (the provider's `/storage/`). */
export const DEFAULT_STORAGE_BASE = '/storage/';

/**
 * An image or file URL from the API (spec §7): absolute http(s) URLs pass through, a relative path is
 * prefixed with the storage base; anything else (javascript:, data:, protocol-relative) is refused.
 */
export function storageUrl(path: string | null | undefined, storageBase: string = DEFAULT_STORAGE_BASE): string | null {
  if (!path) return null;
  const trimmed = path.trim();
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith('//')) return null;
  const base = storageBase.endsWith('/') ? storageBase : `${storageBase}/`;
  return base + trimmed.replace(/^\/+/, '');
}

/** A colour value safe to place in a CSS custom property (no `;`, braces or url()). */
function safeCssValue(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  return /^[#a-z0-9(),.%\s/-]{1,64}$/i.test(trimmed) && !/url\s*\(/i.test(trimmed) ? trimmed : null;
}

/** A font family name safe to quote in CSS. */
function safeFontName(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  return /^[a-z0-9 _-]{1,64}$/i.test(trimmed) ? trimmed : null;
}

/**
 * The shop's settings as the `--_settings-*` properties that `tokens.css` falls back to; a host page's
 * own `--shop-*` properties still win. Unsafe values are dropped, so shop config cannot inject CSS.
 */
export function themeFromSettings(settings: Partial<WebsiteSettings> | null | undefined): Record<string, string> {
  const vars: Record<string, string> = {};
  const accent = safeCssValue(settings?.accent_colour);
  if (accent) {
    vars['--_settings-accent'] = accent;
    const strong = strongAccent(accent);
    if (strong) vars['--_settings-accent-strong'] = strong;
  }
  const font = safeFontName(settings?.font);
  if (font && font !== DEFAULT_FONT) vars['--_settings-font'] = `'${font}', 'Inter Variable', Inter, system-ui, sans-serif`;
  const style = settings?.button_style;
  if (style && style in BUTTON_RADIUS) vars['--_settings-button-radius'] = BUTTON_RADIUS[style];
  return vars;
}
