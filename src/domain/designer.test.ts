import { describe, expect, it } from 'vitest';
import { DESIGNER_PROTOCOL_VERSION, DESIGNER_SOURCE, parseDesignerOrigins, readDesignerMessage, storefrontMessage } from './designer.ts';

const DESIGNER = 'https://designer.example';
const message = (type: string, extra: Record<string, unknown> = {}) => ({ source: DESIGNER_SOURCE, version: DESIGNER_PROTOCOL_VERSION, type, ...extra });

describe('parseDesignerOrigins', () => {
  it('should keep exact http(s) origins separated by spaces or commas', () => {
    expect(parseDesignerOrigins('https://designer.example  http://localhost:4173,https://a.example')).toEqual([
      'https://designer.example',
      'http://localhost:4173',
      'https://a.example',
    ]);
  });

  it('should drop wildcards, null, paths, trailing slashes, credentials and other schemes', () => {
    expect(
      parseDesignerOrigins('* null https://*.example https://designer.example/ https://designer.example/path https://user@designer.example ftp://designer.example javascript:alert(1) HTTPS://DESIGNER.EXAMPLE'),
    ).toEqual([]);
  });

  it('should give nothing for an empty or missing value', () => {
    expect(parseDesignerOrigins(null)).toEqual([]);
    expect(parseDesignerOrigins('')).toEqual([]);
    expect(parseDesignerOrigins('   ')).toEqual([]);
  });
});

describe('readDesignerMessage', () => {
  const allowed = [DESIGNER];

  it('should accept each documented message from an allowed origin', () => {
    expect(readDesignerMessage(DESIGNER, message('enable'), allowed)?.type).toBe('enable');
    expect(readDesignerMessage(DESIGNER, message('disable'), allowed)?.type).toBe('disable');
    expect(readDesignerMessage(DESIGNER, message('settings', { settings: { accent_colour: '#ff0000', button_style: 'square' } }), allowed)).toMatchObject({
      settings: { accent_colour: '#ff0000', button_style: 'square' },
    });
    expect(
      readDesignerMessage(DESIGNER, message('page', { page: { slug: 'homepage', content: { blocks: [{ type: 'rich_text', html: '<p>Hi</p>' }] } } }), allowed),
    ).toMatchObject({ page: { slug: 'homepage' } });
  });

  it('should ignore foreign and look-alike origins', () => {
    for (const origin of ['https://evil.example', 'https://designer.example.evil', 'https://designer.example:444', 'http://designer.example', 'https://xdesigner.example', 'null']) {
      expect(readDesignerMessage(origin, message('enable'), allowed)).toBeNull();
    }
  });

  it('should ignore malformed messages', () => {
    const bad: unknown[] = [
      null,
      'enable',
      { type: 'enable' },
      { ...message('enable'), source: 'other' },
      { ...message('enable'), version: 2 },
      message('explode'),
      message('enable', { extra: true }),
      message('settings', { settings: { accent_colour: 42 } }),
      message('settings', { settings: { button_style: 'wobbly' } }),
      message('settings', { settings: { unknown: 'x' } }),
      message('page', { page: { slug: '../admin', content: {} } }),
      message('page', { page: { slug: 'homepage', content: { blocks: [{ type: 'script', src: 'x' }] } } }),
    ];
    for (const data of bad) expect(readDesignerMessage(DESIGNER, data, allowed)).toBeNull();
  });

  it('should ignore everything when no origin is allowed', () => {
    expect(readDesignerMessage(DESIGNER, message('enable'), [])).toBeNull();
  });
});

describe('storefrontMessage', () => {
  it("should mark answers as the storefront's", () => {
    expect(storefrontMessage('ready', 'acme')).toEqual({ source: 'shop-storefront', version: 1, type: 'ready', shop: 'acme' });
  });
});
