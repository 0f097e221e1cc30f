import { describe, expect, it } from 'vitest';
import { XSS_CORPUS } from '../../../tests/fixtures/xss-corpus.ts';
import { sanitizeHtml } from './sanitize.ts';


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

  it('should drop data: URLs from images and media, which DOMPurify would otherwise keep', () => {
    const container = render('<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="x"><video src=" data:video/mp4;base64,AAAA"></video><img src="/storage/a.png" alt="a">');
    const sources = [...container.querySelectorAll('img, video')].map((element) => element.getAttribute('src'));
    expect(sources).toEqual([null, null, '/storage/a.png']);
  });

  it('should answer an empty string for nothing usable', () => {
    expect(sanitizeHtml('')).toBe('');
    expect(sanitizeHtml('<script>1</script>')).toBe('');
  });
});
