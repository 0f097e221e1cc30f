import { afterEach, describe, expect, it } from 'vitest';
import { getTabbables } from './tab-stops.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('getTabbables', () => {
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
});
