import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { websiteFixture } from '../contract/test-fixtures.ts';
import { DESIGNER_PROTOCOL_VERSION, DESIGNER_SOURCE } from '../domain/designer.ts';
import { withPreview } from '../domain/preview.ts';
import { configurePage } from './config.ts';
import { DESIGNER_GRACE_MS, startDesignerBridge as startBridge } from './designer.ts';
import { awaitingDesigner, designerMode } from './designer-preview.ts';
import { api } from '../api/client.ts';
import { loadMemberShop, savedShop, shop, shopStatus, showGuestView } from './shop.ts';
import { framedWindow as framedWindowFrom } from './designer-test-window.ts';
import { resetPageSingletons } from '../page-singleton.ts';

const DESIGNER = 'http://localhost:4173';
const SAVED = websiteFixture({ slug: 'acme', settings: { accent_colour: '#111111', font: null, favicon: null, logo: 'shops/acme/logo.svg', button_style: 'round' } });

/** Starts the bridge on `win` for the shop's store, as the shop's loader does. */
const startDesignerBridge = (win: Window) => startBridge(win, { status: shopStatus, website: savedShop, loadWhole: loadMemberShop, showGuestView });

/** A framed window whose designer is DESIGNER (see designer-test-window.ts). */
const framedWindow = () => framedWindowFrom(DESIGNER);

const message = (type: string, extra: Record<string, unknown> = {}) => ({ source: DESIGNER_SOURCE, version: DESIGNER_PROTOCOL_VERSION, type, ...extra });

beforeEach(() => {
  resetPageSingletons();
  configurePage({ designerOrigins: `${DESIGNER} https://other-designer.example` });
});

afterEach(() => {
  resetPageSingletons();
});

function readyShop() {
  savedShop.value = SAVED;
  shopStatus.value = 'ready';
}

describe('startDesignerBridge', () => {
  it('should not listen on a page that is not framed', () => {
    const listeners: unknown[] = [];
    const win = { document, addEventListener: (_type: string, listener: unknown) => listeners.push(listener) } as unknown as Window;
    (win as { parent: Window }).parent = win;
    startDesignerBridge(win);
    expect(listeners).toHaveLength(0);
  });

  it('should tell each allowed origin it is ready, once the shop is known, and only them', () => {
    const { win, parent } = framedWindow();
    startDesignerBridge(win);
    expect(parent.postMessage).not.toHaveBeenCalled();
    readyShop();
    expect(parent.postMessage.mock.calls).toEqual([
      [{ source: 'shop-storefront', version: 1, type: 'ready', shop: 'acme' }, DESIGNER],
      [{ source: 'shop-storefront', version: 1, type: 'ready', shop: 'acme' }, 'https://other-designer.example'],
    ]);
  });

  it('should switch designer mode on from an allowed origin and answer that origin', () => {
    const { win, parent, send } = framedWindow();
    readyShop();
    startDesignerBridge(win);
    parent.postMessage.mockClear();
    send(message('enable'));
    expect(designerMode.value).toBe(true);
    expect(parent.postMessage).toHaveBeenCalledWith({ source: 'shop-storefront', version: 1, type: 'enabled', shop: 'acme' }, DESIGNER);
  });

  it('should ignore foreign and look-alike origins, other windows and malformed messages', () => {
    const { win, parent, send } = framedWindow();
    readyShop();
    startDesignerBridge(win);
    parent.postMessage.mockClear();
    send(message('enable'), 'https://evil.example');
    send(message('enable'), 'http://localhost:4173.evil.example');
    send(message('enable'), 'http://localhost:4174');
    send(message('enable'), DESIGNER, { postMessage: vi.fn() });
    send({ type: 'enable' });
    send('enable');
    send(message('enable', { version: 2 }));
    expect(designerMode.value).toBe(false);
    expect(parent.postMessage).not.toHaveBeenCalled();
  });

  it('should preview settings and page content over the saved shop, and restore it when switched off', () => {
    const { win, send } = framedWindow();
    readyShop();
    startDesignerBridge(win);
    send(message('settings', { settings: { accent_colour: '#ff0000' } }));
    expect(shop.value?.settings.accent_colour).toBe('#111111');

    send(message('enable'));
    send(message('settings', { settings: { accent_colour: '#ff0000', button_style: 'square' } }));
    send(message('settings', { settings: { logo: null } }));
    send(message('page', { page: { slug: 'home', content: { blocks: [{ type: 'rich_text', html: '<p>Preview</p>' }] } } }));
    expect(shop.value?.settings).toMatchObject({ accent_colour: '#ff0000', button_style: 'square', logo: null });
    expect(shop.value?.pages.find((page) => page.slug === 'home')?.content).toEqual({ blocks: [{ type: 'rich_text', html: '<p>Preview</p>' }] });

    send(message('disable'));
    expect(designerMode.value).toBe(false);
    expect(shop.value).toBe(SAVED);
  });

  it('should take a preview session, before designer mode too: reads carry it, the whole shop is asked for, and disable ends it', async () => {
    const { win, parent, send } = framedWindow();
    readyShop();
    const loadWhole = vi.fn(async () => undefined);
    const guestView = vi.fn();
    startBridge(win, { status: shopStatus, website: savedShop, loadWhole, showGuestView: guestView });
    const fetched = vi.fn(async () => new Response('{"ok":true}', { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetched);
    const previewHeader = async () => {
      await api.get('/probe', v.object({ ok: v.boolean() }));
      return new Headers((fetched.mock.calls.at(-1) as unknown as [string, RequestInit])[1].headers).get('shop-preview');
    };
    try {
      parent.postMessage.mockClear();
      send(message('session', { token: 'v1.1.1900000000.abc' }));
      expect(parent.postMessage).toHaveBeenCalledWith({ source: 'shop-storefront', version: 1, type: 'applied', shop: 'acme' }, DESIGNER);
      expect(loadWhole).toHaveBeenCalledTimes(1);
      expect(await previewHeader()).toBe('v1.1.1900000000.abc');
      send(message('enable'));
      send(message('disable'));
      expect(guestView).toHaveBeenCalledTimes(1);
      expect(await previewHeader()).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('should lay pushes that came before the shop loaded over it once it has', () => {
    const { win, send } = framedWindow();
    startDesignerBridge(win);
    send(message('enable'));
    send(message('settings', { settings: { accent_colour: 'rgb(1 2 3)' } }));
    readyShop();
    expect(shop.value?.settings.accent_colour).toBe('rgb(1 2 3)');
  });

  it('should hold guard redirects until the designer switches the mode on', () => {
    const { win, send } = framedWindow();
    startDesignerBridge(win);
    expect(awaitingDesigner.value).toBe(true);
    readyShop();
    send(message('enable'));
    expect(awaitingDesigner.value).toBe(false);
  });

  it('should stop waiting for a designer that never answers after the grace period', () => {
    vi.useFakeTimers();
    try {
      const { win } = framedWindow();
      startDesignerBridge(win);
      readyShop();
      vi.advanceTimersByTime(DESIGNER_GRACE_MS - 1);
      expect(awaitingDesigner.value).toBe(true);
      vi.advanceTimersByTime(1);
      expect(awaitingDesigner.value).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('should neither listen nor wait on a framed page that allows no designer', () => {
    resetPageSingletons();
    const { win, listeners } = framedWindow();
    startDesignerBridge(win);
    expect(listeners).toHaveLength(0);
    expect(awaitingDesigner.value).toBe(false);
  });

  it('should start once per page however many elements ask', () => {
    const { win, listeners } = framedWindow();
    startDesignerBridge(win);
    startDesignerBridge(win);
    expect(listeners).toHaveLength(1);
  });
});

describe('withPreview', () => {
  it('should leave pages the shop does not have alone', () => {
    const next = withPreview(SAVED, {}, new Map([['made-up', { slug: 'made-up', content: { html: '<p>x</p>' } }]]));
    expect(next.pages).toEqual(SAVED.pages);
  });
});
