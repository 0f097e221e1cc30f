import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useEmit } from '../src/kit/element-context.tsx';
import { pageConfig } from '../src/store/config.ts';
import { resetPageSingletons } from '../src/page-singleton.ts';
import { locale } from '../src/store/locale.ts';
import { pageSingleton } from '../src/page-singleton.ts';
import { websiteFixture } from '../src/contract/test-fixtures.ts';
import { savedShop } from '../src/store/shop.ts';
import { registerStyles } from '../src/theme/styles.ts';
import { createElementClass, defineOnce, parseBooleanAttribute } from './define.ts';

const clicks = pageSingleton('test.clicks', () => signal(0));

interface ProbeProps {
  label?: string;
  open?: boolean;
  count?: number;
}

function Probe({ label = 'none', open = false, count = 0 }: ProbeProps) {
  useSignals();
  const emit = useEmit();
  return (
    <div>
      <p data-testid="label">{label}</p>
      <p data-testid="open">{open ? 'on' : 'off'}</p>
      <p data-testid="count">{count}</p>
      <p data-testid="shared">{clicks.value}</p>
      <button type="button" onClick={() => emit('shop-order-placed', { name: 'ACME-000001' })}>
        emit
      </button>
      <button type="button" onClick={() => (clicks.value += 1)}>
        increment
      </button>
    </div>
  );
}

registerStyles('probe', '.probe { color: rgb(1 2 3); }');
const ProbeElement = createElementClass<ProbeProps>(Probe, { label: 'string', open: 'boolean', count: 'number' });
defineOnce('shop-test-probe', ProbeElement);

/** An element whose component fails to render while `failing.now` is true. */
const failing = { now: true };
function Failing({ label = '' }: { label?: string }) {
  if (failing.now) throw new Error(`cannot render ${label}`);
  return <p data-testid="label">{label}</p>;
}
defineOnce('shop-test-failing', createElementClass<{ label?: string }>(Failing, { label: 'string' }));

/** Mounts an element and lets React render it. */
async function mount(html: string): Promise<HTMLElement> {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  await act(async () => {
    document.body.append(holder);
  });
  return holder.firstElementChild as HTMLElement;
}

/** The element's n-th button inside its shadow root. */
function button(element: HTMLElement, index: number): HTMLButtonElement {
  const found = element.shadowRoot?.querySelectorAll('button')[index];
  if (!found) throw new Error(`no button ${index}`);
  return found;
}

function inside(element: HTMLElement, testId: string): string {
  return element.shadowRoot?.querySelector(`[data-testid="${testId}"]`)?.textContent ?? '';
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('parseBooleanAttribute', () => {
  it('should treat presence as on and false-like values or absence as off', () => {
    expect(parseBooleanAttribute('')).toBe(true);
    expect(parseBooleanAttribute('true')).toBe(true);
    expect(parseBooleanAttribute('open')).toBe(true);
    for (const off of [null, 'false', 'FALSE', '0', 'no', 'off']) expect(parseBooleanAttribute(off)).toBe(false);
  });
});

describe('createElementClass', () => {
  it('should render into an open shadow root inside the themed root with part="base"', async () => {
    const element = await mount('<shop-test-probe label="Hello"></shop-test-probe>');
    expect(element.shadowRoot?.mode).toBe('open');
    const base = element.shadowRoot?.querySelector('[part="base"]');
    expect(base).toHaveClass('shop-root');
    expect(inside(element, 'label')).toBe('Hello');
  });

  it('should map typed attributes to props and follow attribute changes', async () => {
    const element = await mount('<shop-test-probe label="a" count="3"></shop-test-probe>');
    expect(inside(element, 'count')).toBe('3');
    await act(async () => element.setAttribute('count', '7'));
    expect(inside(element, 'count')).toBe('7');
    await act(async () => element.setAttribute('label', 'b'));
    expect(inside(element, 'label')).toBe('b');
  });

  it('should turn a boolean on for a bare attribute and off again when it is removed', async () => {
    const element = await mount('<shop-test-probe open></shop-test-probe>');
    expect(inside(element, 'open')).toBe('on');
    await act(async () => element.removeAttribute('open'));
    expect(inside(element, 'open')).toBe('off');
    await act(async () => element.setAttribute('open', ''));
    expect(inside(element, 'open')).toBe('on');
    await act(async () => element.setAttribute('open', 'false'));
    expect(inside(element, 'open')).toBe('off');
  });

  it('should clear a string prop when its attribute is removed', async () => {
    const element = await mount('<shop-test-probe label="set"></shop-test-probe>');
    await act(async () => element.removeAttribute('label'));
    expect(inside(element, 'label')).toBe('none');
  });

  it('should dispatch shop events that bubble out of the shadow root to the document', async () => {
    const element = await mount('<shop-test-probe></shop-test-probe>');
    const listener = vi.fn((event: Event) => (event as CustomEvent).detail);
    document.addEventListener('shop-order-placed', listener);
    await act(async () => button(element, 0).click());
    document.removeEventListener('shop-order-placed', listener);
    expect(listener).toHaveBeenCalledTimes(1);
    const event = listener.mock.calls[0]![0] as CustomEvent;
    expect(event.detail).toEqual({ name: 'ACME-000001' });
    expect(event.bubbles && event.composed).toBe(true);
    expect(event.target).toBe(element);
  });

  it('should show a failure inside its own box, fire shop-error, and leave the host page and other elements alone', async () => {
    failing.now = true;
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const listener = vi.fn((event: Event) => (event as CustomEvent).detail);
    document.addEventListener('shop-error', listener);
    const probe = await mount('<shop-test-probe label="still here"></shop-test-probe>');
    const element = await mount('<shop-test-failing label="the list"></shop-test-failing>');
    document.removeEventListener('shop-error', listener);
    const alert = element.shadowRoot?.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain('Something went wrong!');
    // Inside the themed root, so it is styled like the rest of the element.
    expect(alert?.closest('.shop-root')).not.toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    const event = listener.mock.calls[0]![0] as CustomEvent;
    expect(event.target === element && event.bubbles && event.composed).toBe(true);
    expect(listener.mock.results[0]!.value).toEqual({ element: 'shop-test-failing', screen: null, message: 'cannot render the list', kind: 'render' });
    expect(inside(probe, 'label')).toBe('still here');
    failing.now = false;
    await act(async () => button(element, 0).click());
    expect(inside(element, 'label')).toBe('the list');
    consoleError.mockRestore();
  });

  it('should share one store between two elements on the page', async () => {
    const first = await mount('<shop-test-probe></shop-test-probe>');
    const second = await mount('<shop-test-probe></shop-test-probe>');
    const before = Number(inside(second, 'shared'));
    await act(async () => button(first, 1).click());
    expect(inside(second, 'shared')).toBe(String(before + 1));
    expect(inside(first, 'shared')).toBe(String(before + 1));
  });

  it('should give every shadow root the registered styles, also those registered later', async () => {
    const element = await mount('<shop-test-probe></shop-test-probe>');
    const css = () => [...(element.shadowRoot?.querySelectorAll('style') ?? [])].map((style) => style.textContent).join('\n');
    expect(css()).toContain('.probe');
    expect(css()).toContain('.shop-root');
    registerStyles('late', '.late { color: red; }');
    expect(css()).toContain('.late');
  });

  it('should declare the fonts once on the document however many elements there are', async () => {
    await mount('<shop-test-probe></shop-test-probe>');
    await mount('<shop-test-probe></shop-test-probe>');
    const faces = document.head.querySelectorAll('#shop-elements-fonts');
    expect(faces).toHaveLength(1);
    expect(faces[0]?.textContent).toContain("font-family:'Inter Variable'");
    expect(faces[0]?.textContent).toContain('.woff2');
    expect(faces[0]?.textContent).not.toContain('base64');
  });

  it('should take the page configuration from an element a framework creates first and configures after', async () => {
    resetPageSingletons();
    // What React does: createElement (the constructor sees no attributes), then properties, then append.
    const element = document.createElement('shop-test-probe') as HTMLElement & { shop?: string };
    expect(pageConfig.value.shop).toBeNull();
    element.shop = 'globex';
    element.setAttribute('api-base', 'https://shop.example');
    await act(async () => {
      document.body.append(element);
    });
    expect(pageConfig.value).toMatchObject({ shop: 'globex', apiBase: 'https://shop.example' });
    // The first element that set a key keeps it.
    const second = document.createElement('shop-test-probe');
    second.setAttribute('shop', 'acme');
    await act(async () => {
      document.body.append(second);
    });
    expect(pageConfig.value.shop).toBe('globex');
    resetPageSingletons();
  });

  it('should set the page language from a lang attribute', async () => {
    const element = await mount('<shop-test-probe lang="pl"></shop-test-probe>');
    expect(locale.value).toBe('pl');
    expect(element.shadowRoot?.querySelector('.shop-root')).toHaveAttribute('lang', 'pl');
    await act(async () => element.setAttribute('lang', 'en'));
    expect(locale.value).toBe('en');
  });

  it('should apply the shop theme as settings variables on the root', async () => {
    const element = await mount('<shop-test-probe></shop-test-probe>');
    await act(async () => {
      savedShop.value = websiteFixture({ settings: { ...websiteFixture().settings, accent_colour: 'rgb(5 150 105)', button_style: 'square', font: 'Lora' } });
    });
    const root = element.shadowRoot?.querySelector('.shop-root') as HTMLElement;
    expect(root.style.getPropertyValue('--_settings-accent')).toBe('rgb(5 150 105)');
    expect(root.style.getPropertyValue('--_settings-button-radius')).toBe('0');
    expect(root.style.getPropertyValue('--_settings-font')).toContain("'Lora'");
    await act(async () => {
      savedShop.value = null;
    });
  });

  it('should start the stores it shows when it connects, before its first render', async () => {
    const started: string[] = [];
    function Shows() {
      started.push('render');
      return <p>shown</p>;
    }
    defineOnce('shop-test-starts', createElementClass<Record<string, never>>(Shows, {}, { start: () => started.push('start') }));
    const element = document.createElement('shop-test-starts');
    expect(started).toEqual([]);
    await act(async () => {
      document.body.append(element);
    });
    expect(started.slice(0, 2)).toEqual(['start', 'render']);
  });

  it('should keep the first definition when a second bundle defines the same tag', () => {
    const Other = createElementClass<ProbeProps>(Probe, { label: 'string', open: 'boolean', count: 'number' });
    expect(() => defineOnce('shop-test-probe', Other)).not.toThrow();
    expect(customElements.get('shop-test-probe')).toBe(ProbeElement);
  });
});
