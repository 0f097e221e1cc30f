import { describe, expect, it } from 'vitest';
import { contrastRatio, parseColor, strongAccent, type Rgba } from './colour.ts';
import { BUTTON_RADIUS, storageUrl, themeFromSettings } from './theme.ts';

const white = { r: 255, g: 255, b: 255, a: 1 };

/** `share` of colour `a` mixed with `b` in sRGB, as CSS `color-mix(in srgb, a share, b)`. */
const mix = (a: Rgba, share: number, b: Rgba): Rgba => ({
  r: a.r * share + b.r * (1 - share),
  g: a.g * share + b.g * (1 - share),
  b: a.b * share + b.b * (1 - share),
  a: 1,
});

describe('storageUrl', () => {
  it('should prefix relative paths with the storage base and pass absolute http(s) URLs through', () => {
    expect(storageUrl('products/mug.svg')).toBe('/storage/products/mug.svg');
    expect(storageUrl('/shops/acme/logo.svg', 'https://cdn.example/storage')).toBe('https://cdn.example/storage/shops/acme/logo.svg');
    expect(storageUrl('https://img.example/a.png')).toBe('https://img.example/a.png');
    expect(storageUrl('HTTP://img.example/a.png')).toBe('HTTP://img.example/a.png');
  });

  it('should refuse script, data and protocol-relative URLs and empty values', () => {
    for (const bad of ['javascript:alert(1)', 'data:image/svg+xml,<svg/>', '//evil.example/x.png', '', null, undefined]) {
      expect(storageUrl(bad)).toBeNull();
    }
  });
});

describe('themeFromSettings', () => {
  it('should expose the accent, a readable accent shade, the font and the button radius as settings variables', () => {
    const vars = themeFromSettings({ accent_colour: 'rgb(5 150 105)', font: 'Lora', button_style: 'square' });
    expect(vars['--_settings-accent']).toBe('rgb(5 150 105)');
    expect(vars['--_settings-accent-strong']).toBe('rgb(5 135 95)');
    expect(vars['--_settings-font']).toMatch(/^'Lora', 'Inter Variable'/);
    expect(vars['--_settings-button-radius']).toBe(BUTTON_RADIUS.square);
  });

  it('should leave defaults in place when settings are missing', () => {
    expect(themeFromSettings(null)).toEqual({});
    expect(themeFromSettings({ accent_colour: null, font: 'Inter' })).toEqual({});
  });

  it('should drop values that could inject CSS', () => {
    const vars = themeFromSettings({ accent_colour: 'red; background: url(https://evil.example)', font: "Lora'; } * { display:none" });
    expect(vars).toEqual({});
  });

  it('should map the three button styles to radii', () => {
    expect(BUTTON_RADIUS).toEqual({ round: '999px', medium: 'calc(0.5 * var(--_u))', square: '0' });
  });
});

describe('strongAccent', () => {
  it.each(['rgb(236 72 153)', '#2563eb', 'rgb(5 150 105)', '#ffff00', '#ffffff', '#777'])('should give %s a shade with at least 4.5:1 against white', (accent) => {
    const strong = parseColor(strongAccent(accent) ?? '');
    expect(strong).not.toBeNull();
    expect(contrastRatio(strong!, white)).toBeGreaterThanOrEqual(4.5);
  });

  it('should keep an accent that is already readable unchanged', () => {
    expect(strongAccent('rgb(37 99 235)')).toBe('rgb(37 99 235)');
  });

  it('should darken the default pink only as far as needed', () => {
    expect(strongAccent('rgb(236 72 153)')).toBe('rgb(201 61 130)');
    expect(contrastRatio(parseColor('rgb(236 72 153)')!, white)).toBeLessThan(4.5);
  });

  it('should refuse values that are not colours', () => {
    expect(strongAccent('not-a-colour')).toBeNull();
  });
});

describe('tokens.css', () => {
  it('should default the strong accent to the readable shade of the default accent', async () => {
    const css = (await import('./tokens.css?inline')).default;
    expect(css).toContain(`var(--_settings-accent-strong, ${strongAccent('rgb(236 72 153)')})`);
  });

  it("should keep a secondary button's text at 4.5:1 on its hover tint, whatever the accent", async () => {
    // As tokens.css mixes them: --accent-soft is 12 % accent over the page, --accent-stronger 85 % strong with black.
    const black = { r: 0, g: 0, b: 0, a: 1 };
    const low = ['rgb(236 72 153)', 'rgb(37 99 235)', 'rgb(250 204 21)', 'rgb(16 185 129)', 'rgb(0 0 0)', 'rgb(255 255 255)', 'rgb(124 58 237)'].flatMap((accent) => {
      const tint = mix(parseColor(accent)!, 0.12, white);
      const stronger = mix(parseColor(strongAccent(accent)!)!, 0.85, black);
      const ratio = contrastRatio(stronger, tint);
      return ratio < 4.5 ? [`${accent}: ${ratio.toFixed(2)}:1`] : [];
    });
    expect(low).toEqual([]);
    const button = (await import('../widgets/button/button.css?inline')).default;
    expect(button).toMatch(/\[data-variant='secondary'\]:hover:not\(:disabled\) \{[^}]*color: var\(--accent-stronger\)/);
  });

  it('should keep its element resets at zero specificity so widget rules win', async () => {
    const css = (await import('./tokens.css?inline')).default;
    expect(css).toMatch(/:where\(\.shop-root\)\s*:where\(button, input, select, textarea\)/);
  });
});
