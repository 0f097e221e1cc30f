import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { websiteFixture } from '../../../src/contract/test-fixtures.ts';
import { DESIGNER_PROTOCOL_VERSION, DESIGNER_SOURCE } from '../../../src/domain/designer.ts';
import { configurePage } from '../../../src/store/config.ts';
import { startDesignerBridge as startBridge } from '../../../src/store/designer.ts';
import { designerMode, designerPreview } from '../../../src/store/designer-preview.ts';
import { savedShop, shop, shopStatus } from '../../../src/store/shop.ts';
import { framedWindow as framedWindowFrom } from '../../../src/store/designer-test-window.ts';
import { tally } from '../report.ts';
import { resetPageSingletons } from '../../../src/page-singleton.ts';

/**
 * Security suite, designer bridge (docs/reliability.md): forged `postMessage`s against a framed
 * storefront (src/store/designer.ts). The page allows one designer, `http://localhost:4317`. A forgery
 * got through when it changed anything (designer mode, the shop, its theme, Object.prototype) or got
 * any answer. Driven in jsdom like src/store/designer.test.ts: a stand-in framed window whose parent
 * records what the storefront posts.
 */

const DESIGNER = 'http://localhost:4317';

/** Times the bridge asked the shop for its whole config: a preview session came (a forged one would open a closed shop's reads). */
const previewSessions: string[] = [];

/** Starts the bridge on `win` for the shop's store, as the shop's loader does, recording preview sessions. */
const startDesignerBridge = (win: Window) =>
  startBridge(win, { status: shopStatus, website: savedShop, loadWhole: async () => void previewSessions.push('session'), showGuestView: () => undefined });
const SAVED = websiteFixture({ slug: 'acme', settings: { accent_colour: '#111111', font: null, favicon: null, logo: 'shops/acme/logo.svg', button_style: 'round' } });

/** A framed window whose designer is DESIGNER (see designer-test-window.ts). */
const framedWindow = () => framedWindowFrom(DESIGNER);

const message = (type: string, extra: Record<string, unknown> = {}) => ({ source: DESIGNER_SOURCE, version: DESIGNER_PROTOCOL_VERSION, type, ...extra });
const settings = (value: Record<string, unknown>) => message('settings', { settings: value });
const page = (value: Record<string, unknown>) => message('page', { page: value });

/** Origins that are not exactly the allowed one, however close they look. */
const FORGED_ORIGINS = [
  'https://evil.example',
  'http://localhost:4317.evil.test',
  'http://evil.test/localhost:4317',
  'null',
  '',
  '*',
  'http://localhost:4317/',
  'http://localhost:4317 ',
  ' http://localhost:4317',
  'http://localhost:4317\n',
  'http://LOCALHOST:4317',
  'https://localhost:4317',
  'http://localhost:4318',
  'http://localhost',
  'http://127.0.0.1:4317',
  'http://sub.localhost:4317',
  'http://user@localhost:4317',
  'http://localhost:04317',
  'file://',
  'chrome-extension://abcdefghijklmnop',
];

/** Messages from the allowed origin and the framing window, in shapes the protocol does not have. */
const MALFORMED: [string, unknown][] = [
  ['null', null],
  ['undefined', undefined],
  ['a string', 'enable'],
  ['a number', 42],
  ['an array', [message('disable')]],
  ['an empty object', {}],
  ['no envelope', { type: 'disable' }],
  ['no version', { source: DESIGNER_SOURCE, type: 'disable' }],
  ['version as text', message('disable', { version: '1' })],
  ['version 2', message('disable', { version: 2 })],
  ["the storefront's own marker", message('disable', { source: 'shop-storefront' })],
  ['type in capitals', message('DISABLE')],
  ['unknown type', message('reload')],
  ['an extra key', message('disable', { extra: true })],
  ['settings missing', message('settings')],
  ['settings null', settings(null as unknown as Record<string, unknown>)],
  ['a setting of the wrong type', settings({ accent_colour: 5 })],
  ['an unknown setting', settings({ favicon: 'x.svg' })],
  ['a button style not offered', settings({ button_style: 'rounded' })],
  ['a page slug with a path', page({ slug: '../admin', content: { html: '<p>x</p>' } })],
  ['a page slug in capitals', page({ slug: 'HOMEPAGE', content: { html: '<p>x</p>' } })],
  ['page content of the wrong type', page({ slug: 'homepage', content: { html: 5 } })],
  ['page content with an unknown key', page({ slug: 'homepage', content: { script: 'x' } })],
  ['a block of an unknown type', page({ slug: 'homepage', content: { blocks: [{ type: 'script', src: 'x' }] } })],
  ['a session without a token', message('session')],
  ['a session token of the wrong type', message('session', { token: 42 })],
  ['a session token with a quote and a space', message('session', { token: 'v1.1" x' })],
  ['a session token with a line break', message('session', { token: 'v1.1\r\nX-Injected: 1' })],
  ['a Date', new Date()],
  ['a Map', new Map([['type', 'disable']])],
  ['an ArrayBuffer', new ArrayBuffer(8)],
];

/** Messages of the right shape but over the protocol's size limits. */
const OVERSIZED: [string, unknown][] = [
  ['a 2049-character setting', settings({ accent_colour: 'x'.repeat(2049) })],
  ['a 5 MB setting', settings({ font: 'x'.repeat(5_000_000) })],
  ['page HTML over 200000 characters', page({ slug: 'homepage', content: { html: 'x'.repeat(200_001) } })],
  ['51 page blocks', page({ slug: 'homepage', content: { blocks: Array.from({ length: 51 }, () => ({ type: 'cart_button' })) } })],
  ['a 201-character page name', page({ slug: 'homepage', name: 'x'.repeat(201), content: {} })],
  ['a 101-character slug', page({ slug: 'a'.repeat(101), content: {} })],
  ['a 513-character session token', message('session', { token: 'a'.repeat(513) })],
];

/** Prototype-pollution attempts, as JSON a designer page could post. */
const POLLUTION: [string, unknown][] = [
  ['__proto__ at the top', JSON.parse(`{"__proto__":{"polluted":1},"source":"${DESIGNER_SOURCE}","version":1,"type":"disable"}`)],
  ['__proto__ in settings', JSON.parse(`{"source":"${DESIGNER_SOURCE}","version":1,"type":"settings","settings":{"__proto__":{"polluted":1}}}`)],
  ['constructor.prototype in settings', JSON.parse(`{"source":"${DESIGNER_SOURCE}","version":1,"type":"settings","settings":{"constructor":{"prototype":{"polluted":1}}}}`)],
  ['__proto__ in page content', JSON.parse(`{"source":"${DESIGNER_SOURCE}","version":1,"type":"page","page":{"slug":"homepage","content":{"__proto__":{"polluted":1}}}}`)],
  ['__proto__ in a block', JSON.parse(`{"source":"${DESIGNER_SOURCE}","version":1,"type":"page","page":{"slug":"homepage","content":{"blocks":[{"type":"cart_button","__proto__":{"polluted":1}}]}}}`)],
  ['a page named __proto__', page({ slug: '__proto__', content: { html: '<p>x</p>' } })],
];

/** Whether a value holds an own `__proto__`, `constructor` or `prototype` key at any depth. */
function holdsPrototypeKey(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (item === null || typeof item !== 'object') continue;
    for (const key of Object.keys(item)) if (key === '__proto__' || key === 'constructor' || key === 'prototype') return true;
    pending.push(...Object.values(item));
  }
  return false;
}

/** What a forgery might change, to compare before and after. */
function snapshot() {
  return { mode: designerMode.value, shop: shop.value, preview: designerPreview.value, sessions: previewSessions.length, polluted: Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted') };
}

function changed(before: ReturnType<typeof snapshot>): boolean {
  const after = snapshot();
  return after.mode !== before.mode || after.shop !== before.shop || after.preview !== before.preview || after.sessions !== before.sessions || after.polluted;
}

beforeEach(() => {
  previewSessions.length = 0;
  resetPageSingletons();
  configurePage({ designerOrigins: DESIGNER });
  savedShop.value = SAVED;
  shopStatus.value = 'ready';
});

afterEach(() => {
  resetPageSingletons();
  delete (Object.prototype as Record<string, unknown>)['polluted'];
});

/** Plays each forgery and counts those that changed anything or drew an answer. */
function play(send: (data: unknown, origin?: string, source?: unknown) => void, parent: { postMessage: ReturnType<typeof vi.fn> }, forgeries: { name: string; data: unknown; origin?: string; source?: unknown }[]): string[] {
  const through: string[] = [];
  for (const forgery of forgeries) {
    parent.postMessage.mockClear();
    const before = snapshot();
    send(forgery.data, forgery.origin ?? DESIGNER, 'source' in forgery ? forgery.source : parent);
    if (changed(before) || parent.postMessage.mock.calls.length > 0) through.push(forgery.name);
  }
  return through;
}

describe('security: postMessage forgeries against the designer bridge', () => {
  it('should ignore a designer message from any origin but the allowed one, and from any window but the parent', () => {
    const { win, parent, send } = framedWindow();
    startDesignerBridge(win);
    const forgeries = [
      ...FORGED_ORIGINS.map((origin) => ({ name: `origin ${JSON.stringify(origin)}`, data: message('enable'), origin })),
      ...FORGED_ORIGINS.map((origin) => ({ name: `session from ${JSON.stringify(origin)}`, data: message('session', { token: 'v1.1.9999999999.forged' }), origin })),
      { name: 'a session from the right origin, another window', data: message('session', { token: 'v1.1.9999999999.forged' }), source: { postMessage: vi.fn() } },
      { name: 'right origin, another window', data: message('enable'), source: { postMessage: vi.fn() } },
      { name: 'right origin, no window', data: message('enable'), source: null },
      { name: 'right origin, the page itself', data: message('enable'), source: win },
    ];
    const through = play(send, parent, forgeries);
    tally({ suite: 'security', check: 'postMessage: wrong and look-alike origins, right origin from another window', tried: forgeries.length, gotThrough: through.length });
    expect(through).toEqual([]);
    // The bridge is listening: the real designer still gets through.
    send(message('enable'));
    expect(designerMode.value).toBe(true);
    send(message('session', { token: 'v1.1.9999999999.real' }));
    expect(previewSessions).toEqual(['session']);
    send(message('disable'));
  });

  it('should ignore malformed, oversized and prototype-polluting messages even from the real designer in designer mode', () => {
    const { win, parent, send } = framedWindow();
    startDesignerBridge(win);
    send(message('enable'));
    send(settings({ accent_colour: '#222222' }));
    expect(designerMode.value).toBe(true);
    const shapes = play(send, parent, MALFORMED.map(([name, data]) => ({ name, data })));
    const sizes = play(send, parent, OVERSIZED.map(([name, data]) => ({ name, data })));
    // A pollution attempt got through when it polluted a prototype or left a prototype key in the shop's
    // state. (A block is a loose object in the contract: its unknown `__proto__` key is dropped and the
    // rest previewed, like any other designer message; that acceptance is reported, not counted.)
    const pollution: string[] = [];
    let acceptedWithoutTheKey = 0;
    for (const [name, data] of POLLUTION) {
      parent.postMessage.mockClear();
      send(data);
      if (parent.postMessage.mock.calls.length > 0) acceptedWithoutTheKey += 1;
      if (Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted') || holdsPrototypeKey(shop.value) || holdsPrototypeKey(designerPreview.value?.settings)) pollution.push(name);
    }
    // Forged origins again, now that the mode is on: a forged `disable` or `settings` changes nothing either.
    const forgedInMode = play(send, parent, FORGED_ORIGINS.flatMap((origin) => [
      { name: `disable from ${JSON.stringify(origin)}`, data: message('disable'), origin },
      { name: `settings from ${JSON.stringify(origin)}`, data: settings({ accent_colour: 'red' }), origin },
    ]));
    tally({ suite: 'security', check: 'postMessage: malformed shapes from the allowed designer', tried: MALFORMED.length, gotThrough: shapes.length });
    tally({ suite: 'security', check: 'postMessage: oversized payloads', tried: OVERSIZED.length, gotThrough: sizes.length });
    tally({
      suite: 'security',
      check: 'postMessage: prototype-pollution payloads (__proto__, constructor)',
      tried: POLLUTION.length,
      gotThrough: pollution.length,
      note: `got through = a polluted prototype or a prototype key kept in the shop's state; ${acceptedWithoutTheKey} accepted with the key dropped (a loose block object)`,
    });
    tally({ suite: 'security', check: 'postMessage: forged disable and settings from other origins while in designer mode', tried: FORGED_ORIGINS.length * 2, gotThrough: forgedInMode.length });
    expect({ shapes, sizes, pollution, forgedInMode }).toEqual({ shapes: [], sizes: [], pollution: [], forgedInMode: [] });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(shop.value?.settings.accent_colour).toBe('#222222');
  });
});
