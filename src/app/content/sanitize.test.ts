import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize.ts';

/** Payloads from common XSS cheat sheets: tags, handlers, URL schemes, SVG/MathML, mutation XSS. */
const XSS_CORPUS = [
  '<script>window.__xss=1</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror="window.__xss=1">',
  '<img src="x" ONERROR=window.__xss=1>',
  '<svg onload=window.__xss=1>',
  '<svg><script>window.__xss=1</script></svg>',
  '<svg><a xlink:href="javascript:window.__xss=1"><text x="20" y="20">x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1></style></mglyph></table></mtext></math>',
  '<body onload=window.__xss=1>',
  '<iframe src="javascript:window.__xss=1"></iframe>',
  '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  '<a href="javascript:window.__xss=1">click</a>',
  '<a href="JaVaScRiPt:window.__xss=1">click</a>',
  '<a href="java&#x09;script:window.__xss=1">click</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;window.__xss=1">click</a>',
  '<a href=" javascript:window.__xss=1">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<form action="javascript:window.__xss=1"><button>go</button></form>',
  '<button formaction="javascript:window.__xss=1">go</button>',
  '<input autofocus onfocus=window.__xss=1>',
  '<details open ontoggle=window.__xss=1>',
  '<video><source onerror="window.__xss=1"></video>',
  '<audio src=x onerror=window.__xss=1>',
  '<object data="javascript:window.__xss=1"></object>',
  '<embed src="javascript:window.__xss=1">',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=1">',
  '<link rel="stylesheet" href="javascript:window.__xss=1">',
  '<base href="javascript:/">',
  '<div style="background:url(javascript:window.__xss=1)">x</div>',
  '<style>@import "javascript:window.__xss=1";</style>',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=1>">',
  '<p id="__proto__" name="cookie">clobber</p>',
  '<img src="x` `<script>window.__xss=1</script>"` `>',
  '<marquee onstart=window.__xss=1>x</marquee>',
  '<template><script>window.__xss=1</script></template>',
  '<a href="#" onclick="window.__xss=1">x</a>',
  '<isindex type=image src=1 onerror=window.__xss=1>',
];

/** The sanitised HTML parsed into a detached container, as the screen inserts it. */
function render(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = sanitizeHtml(html);
  return container;
}

function offences(container: HTMLElement): string[] {
  const found: string[] = [];
  for (const element of container.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (['script', 'iframe', 'object', 'embed', 'form', 'base', 'meta', 'link', 'style', 'svg', 'math', 'input', 'button', 'template'].includes(tag)) found.push(`<${tag}>`);
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      // Browsers ignore white space and control characters inside a URL scheme: so does the check.
      const value = [...attribute.value].filter((character) => character.charCodeAt(0) > 32).join('').toLowerCase();
      if (name.startsWith('on')) found.push(`${tag}[${name}]`);
      if (['style', 'id', 'name', 'srcdoc', 'formaction', 'action'].includes(name)) found.push(`${tag}[${name}]`);
      if (['href', 'src', 'xlink:href', 'data'].includes(name) && /^(javascript|vbscript|data):/.test(value)) found.push(`${tag}[${name}=${value.slice(0, 20)}]`);
    }
  }
  return found;
}

describe('sanitizeHtml', () => {
  it(`should neutralise every payload of a ${XSS_CORPUS.length}-payload XSS corpus`, () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(30);
    const report = XSS_CORPUS.map((payload) => [payload, offences(render(payload))] as const).filter(([, found]) => found.length > 0);
    expect(report).toEqual([]);
  });

  it('should keep ordinary content: headings, paragraphs, lists, tables, safe links and images', () => {
    const html =
      '<h2>Returns</h2><p>Within <strong>14 days</strong>, <em>unused</em>.</p><ul><li>One</li></ul>' +
      '<table><tr><th>Size</th><td>M</td></tr></table><a href="https://acme.example/terms">terms</a> ' +
      '<a href="/products?search=mug">mugs</a> <a href="mailto:shop@acme.example">mail</a> <img src="/storage/shops/acme/hero.svg" alt="Hero">';
    const container = render(html);
    expect(container.querySelector('h2')?.textContent).toBe('Returns');
    expect(container.querySelector('strong')?.textContent).toBe('14 days');
    expect(container.querySelectorAll('li')).toHaveLength(1);
    expect(container.querySelector('th')?.textContent).toBe('Size');
    expect([...container.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual(['https://acme.example/terms', '/products?search=mug', 'mailto:shop@acme.example']);
    expect(container.querySelector('img')?.getAttribute('alt')).toBe('Hero');
  });

  it('should mark an image without a text alternative as decorative', () => {
    expect(render('<img src="/storage/x.svg">').querySelector('img')?.getAttribute('alt')).toBe('');
  });

  it('should let a new-window link open with no access to this page', () => {
    const link = render('<a href="https://example.com" target="_blank">x</a>').querySelector('a');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('should answer an empty string for nothing usable', () => {
    expect(sanitizeHtml('')).toBe('');
    expect(sanitizeHtml('<script>1</script>')).toBe('');
  });
});
