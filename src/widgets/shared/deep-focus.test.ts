import { afterEach, describe, expect, it } from 'vitest';
import { containsDeep, focusElement, getDeepActiveElement, getTabbables } from './deep-focus.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('deep focus helpers', () => {
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

  it('should report whether focus landed, refusing detached nodes and non-elements', () => {
    document.body.innerHTML = '<button id="a">a</button><button id="b" disabled>b</button>';
    expect(focusElement(document.getElementById('a'))).toBe(true);
    expect(document.activeElement).toBe(document.getElementById('a'));
    expect(focusElement(document.getElementById('b'))).toBe(false);
    expect(focusElement(document.createElement('button'))).toBe(false);
    expect(focusElement(null)).toBe(false);
  });
});
