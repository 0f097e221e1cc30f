import { afterEach, describe, expect, it } from 'vitest';
import { containsDeep, getDeepActiveElement, getTabbables, wrapTab } from './focus-trap.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

function tab(target: Element, shiftKey = false): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  return event;
}

describe('focus trap helpers', () => {
  it('should list Tab stops in order, skipping disabled, hidden, inert and tabindex=-1 ones', () => {
    document.body.innerHTML = `
      <div id="box">
        <button id="a">a</button>
        <button disabled>x</button>
        <div hidden><button>x</button></div>
        <div inert><a href="#x">x</a></div>
        <span tabindex="-1">x</span>
        <input id="b" />
        <input type="hidden" />
        <span tabindex="0" id="c">c</span>
        <input type="radio" name="size" id="s" />
        <input type="radio" name="size" id="m" checked />
        <a id="d" href="#d">d</a>
      </div>`;
    expect(getTabbables(document.getElementById('box')!).map((node) => node.id)).toEqual(['a', 'b', 'c', 'm', 'd']);
  });

  it('should walk into open shadow roots and find focus there', () => {
    document.body.innerHTML = '<div id="box"><button id="a">a</button><span id="host"></span></div>';
    const shadow = document.getElementById('host')!.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<button id="inner">inner</button>';
    const inner = shadow.getElementById('inner')!;
    expect(getTabbables(document.getElementById('box')!)).toEqual([document.getElementById('a'), inner]);
    inner.focus();
    expect(document.activeElement).toBe(document.getElementById('host'));
    expect(getDeepActiveElement(document)).toBe(inner);
    expect(containsDeep(document.getElementById('box'), inner)).toBe(true);
  });

  it('should wrap Tab at the edges and leave it alone in the middle', () => {
    document.body.innerHTML = '<div id="box" tabindex="-1"><button id="a">a</button><button id="b">b</button><button id="c">c</button></div>';
    const box = document.getElementById('box')!;
    const [a, b, c] = ['a', 'b', 'c'].map((id) => document.getElementById(id)!);
    const trap = (event: KeyboardEvent) => wrapTab(event, box, document);
    box.addEventListener('keydown', trap);
    b!.focus();
    expect(tab(b!).defaultPrevented).toBe(false);
    c!.focus();
    expect(tab(c!).defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(a);
    expect(tab(a!, true).defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(c);
    box.focus();
    tab(box, true);
    expect(document.activeElement).toBe(c);
  });
});
