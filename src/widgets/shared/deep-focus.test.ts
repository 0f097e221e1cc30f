import { afterEach, describe, expect, it } from 'vitest';
import { containsDeep, focusElement, getDeepActiveElement } from './deep-focus.ts';
import { getTabbables } from './tab-stops.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('deep focus helpers', () => {
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
