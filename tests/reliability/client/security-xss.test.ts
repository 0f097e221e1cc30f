import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../../src/kit/content/sanitize.ts';
import { XSS_CORPUS } from '../../fixtures/xss-corpus.ts';
import { tally } from '../report.ts';

/**
 * Security suite, shop HTML (docs/reliability.md): the shared XSS corpus plus payloads of mutation
 * XSS, entity and control-character tricks and less common sinks, through the sanitiser every piece
 * of shop HTML goes through (`sanitizeHtml`, DOMPurify), in jsdom. A payload got through when the
 * sanitised HTML, inserted into the page, still holds anything that can run or navigate to script:
 * script-capable elements, event handlers, `javascript:`/`data:`/`vbscript:` in any URL attribute,
 * `srcdoc`, form actions, style, or DOM-clobbering names.
 */

/** More payloads than the shared corpus holds: mutation XSS, encodings, rarer elements and attributes. */
const EXTRA_PAYLOADS = [
  '<a href="javascript&colon;window.__xss=1">x</a>',
  '<a href="&#x6A;avascript:window.__xss=1">x</a>',
  '<a href="jav&#x0A;ascript:window.__xss=1">x</a>',
  '<a href="javas\tcript:window.__xss=1">x</a>',
  '<a href="\u0001javascript:window.__xss=1">x</a>',
  '<a href=" &#14;  javascript:window.__xss=1">x</a>',
  '<a href="javascript:window.__xss=1" target="_blank">x</a>',
  '<a href="livescript:window.__xss=1">x</a>',
  '<img src="javascript:window.__xss=1">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src=x:window.__xss=1 onerror=eval(src)>',
  '<img src="x" onerror\u000B="window.__xss=1">',
  '<video poster="javascript:window.__xss=1"></video>',
  '<table background="javascript:window.__xss=1"><tr><td>x</td></tr></table>',
  '<blockquote cite="javascript:window.__xss=1">x</blockquote>',
  '<svg><animate onbegin="window.__xss=1" attributeName="x" dur="1s"></animate></svg>',
  '<svg><use href="data:image/svg+xml,&lt;svg id=x xmlns=http://www.w3.org/2000/svg&gt;&lt;script&gt;window.__xss=1&lt;/script&gt;&lt;/svg&gt;#x"></use></svg>',
  '<math href="javascript:window.__xss=1">x</math>',
  '<object type="text/html" data="data:text/html,<script>window.__xss=1</script>"></object>',
  '<embed code="javascript:window.__xss=1">',
  '<base href="//evil.example/">',
  '<meta http-equiv="refresh" content="0;url=data:text/html,<script>window.__xss=1</script>">',
  '<frameset onload="window.__xss=1"></frameset>',
  '<div onpointerenter="window.__xss=1">x</div>',
  '<xss onafterscriptexecute="window.__xss=1">x</xss>',
  '<input type="image" src="x" onerror="window.__xss=1">',
  '<!--<img src="--><img src=x onerror=window.__xss=1//">',
  '<noembed><img title="</noembed><img src onerror=window.__xss=1>"></noembed>',
  '<textarea><img title="</textarea><img src onerror=window.__xss=1>"></textarea>',
  '<title><img title="</title><img src onerror=window.__xss=1>"></title>',
  '<svg></p><style><a id="</style><img src=1 onerror=window.__xss=1>">',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=window.__xss=1>',
  '<math><mi><table><mi><style><img src=x onerror=window.__xss=1></style></mi></table></mi></math>',
  '<svg><foreignObject><p><style><img src=x onerror=window.__xss=1></style></p></foreignObject></svg>',
  '<iframe srcdoc="&lt;script&gt;parent.__xss=1&lt;/script&gt;"></iframe>',
  '<div style="background-image:url(javascript:window.__xss=1)">x</div>',
  '<div style="width: expression(window.__xss=1)">x</div>',
  '<p><a href="https://shop.example" formaction="javascript:window.__xss=1">ok</a></p>',
  '<img name="getElementById"><img id="cookie">',
  '<a href="https://ok.example" id="location">x</a>',
  '<scr<script>ipt>window.__xss=1</scr</script>ipt>',
  '<SCRIPT>window.__xss=1</SCRIPT>',
  '<script\x20type="text/javascript">window.__xss=1</script>',
  '<details open ontoggle="window.__xss=1"><summary>x</summary></details>',
  '<select autofocus onfocus="window.__xss=1"></select>',
  '<keygen autofocus onfocus="window.__xss=1">',
  '<a href="data:text/html,%3Cscript%3Ewindow.__xss=1%3C/script%3E">x</a>',
  '<area href="javascript:window.__xss=1">',
  '<portal src="javascript:window.__xss=1"></portal>',
];

const PAYLOADS = [...XSS_CORPUS, ...EXTRA_PAYLOADS];

/** Elements that run script, load documents, submit, restyle or carry foreign content. */
const UNSAFE_TAGS = new Set(['script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base', 'meta', 'link', 'style', 'form', 'input', 'button', 'select', 'textarea', 'keygen', 'svg', 'math', 'template', 'portal', 'noscript', 'xss']);
/** Attributes that hold URLs a browser may follow or load. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'xlink:href', 'action', 'formaction', 'data', 'poster', 'background', 'code', 'codebase', 'cite', 'ping', 'srcset', 'lowsrc', 'dynsrc', 'longdesc', 'usemap', 'manifest']);

/** What in a rendered fragment can still run: the reasons a payload got through. */
function offences(container: HTMLElement): string[] {
  const found: string[] = [];
  for (const element of container.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (UNSAFE_TAGS.has(tag)) found.push(`<${tag}>`);
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      // Browsers skip white space and control characters inside a URL scheme; so does this check.
      const value = [...attribute.value].filter((character) => character.charCodeAt(0) > 32).join('').toLowerCase();
      if (name.startsWith('on')) found.push(`${tag}[${name}]`);
      if (['srcdoc', 'formaction', 'action', 'style', 'id', 'name'].includes(name)) found.push(`${tag}[${name}]`);
      if (URL_ATTRIBUTES.has(name) && /^(javascript|vbscript|livescript|data):/.test(value)) found.push(`${tag}[${name}=${value.slice(0, 24)}]`);
    }
  }
  return found;
}

function render(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  return container;
}

describe('security: XSS corpus through the shop-HTML sanitiser', () => {
  it(`should leave nothing runnable in any of ${PAYLOADS.length} payloads`, () => {
    const through = PAYLOADS.map((payload) => ({ payload, found: offences(render(sanitizeHtml(payload))) })).filter(({ found }) => found.length > 0);
    tally({ suite: 'security', check: `XSS payloads through sanitizeHtml (${XSS_CORPUS.length} shared corpus + ${EXTRA_PAYLOADS.length} more), rendered in jsdom`, tried: PAYLOADS.length, gotThrough: through.length });
    expect(through).toEqual([]);
  });

  it('should give HTML that stays safe when the browser parses, serialises and parses it again (mutation XSS)', () => {
    const through = PAYLOADS.filter((payload) => {
      const once = render(sanitizeHtml(payload));
      const again = render(once.innerHTML);
      return offences(again).length > 0 || sanitizeHtml(once.innerHTML) !== sanitizeHtml(sanitizeHtml(payload));
    });
    tally({ suite: 'security', check: 'XSS payloads: sanitised HTML re-parsed and re-sanitised (mutation XSS, stable output)', tried: PAYLOADS.length, gotThrough: through.length });
    expect(through).toEqual([]);
  });

  it('should still keep ordinary content, so the checks above are not passed by emptying everything', () => {
    const container = render(sanitizeHtml('<h2>Returns</h2><p>Within <a href="https://acme.example/terms">14 days</a>.</p><img src="/storage/x.png" alt="x">'));
    expect(container.querySelector('h2')?.textContent).toBe('Returns');
    expect(container.querySelector('a')?.getAttribute('href')).toBe('https://acme.example/terms');
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/storage/x.png');
  });
});
