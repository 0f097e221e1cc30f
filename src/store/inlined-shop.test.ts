import { afterEach, describe, expect, it, vi } from 'vitest';
import { websiteFixture } from '../contract/test-fixtures.ts';
import { INLINED_SHOP_ID, readInlinedWebsite } from './inlined-shop.ts';
import { resetPageSingletons } from '../page-singleton.ts';

/** A document whose server wrote `text` into the JSON script for `slug`, as server/http/first-screen.ts does. */
function pageWith(text: string, slug = 'acme', type = 'application/json'): Document {
  const doc = document.implementation.createHTMLDocument('shop');
  const script = doc.createElement('script');
  script.type = type;
  script.id = INLINED_SHOP_ID;
  script.dataset.slug = slug;
  script.textContent = text;
  doc.head.append(script);
  return doc;
}

afterEach(() => {
  vi.restoreAllMocks();
  resetPageSingletons();
});

describe('readInlinedWebsite', () => {
  it('should read the config the page carries for its shop', () => {
    const website = websiteFixture();
    expect(readInlinedWebsite('acme', pageWith(JSON.stringify(website)))).toEqual(website);
  });

  it('should read it as tolerantly as the API answer: a bad field takes its default, with one warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const read = readInlinedWebsite('acme', pageWith(JSON.stringify({ ...websiteFixture(), lang: 'de', name: '' })));
    expect(read?.lang).toBe('en');
    // As fetchWebsite: a config without a name is named by its slug.
    expect(read?.name).toBe('acme');
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('should read `<` escaped as \\u003c back into the texts', () => {
    const website = websiteFixture({ name: 'Acme </script><b>' });
    const text = JSON.stringify(website).replace(/</g, '\\u003c');
    expect(readInlinedWebsite('acme', pageWith(text))?.name).toBe('Acme </script><b>');
  });

  it('should ignore malformed JSON, a body without an id and a config that breaks the contract', () => {
    expect(readInlinedWebsite('acme', pageWith('{"id": 1, "slug": "acme"'))).toBeNull();
    expect(readInlinedWebsite('acme', pageWith(JSON.stringify({ slug: 'acme', name: 'Acme' })))).toBeNull();
    expect(readInlinedWebsite('acme', pageWith('null'))).toBeNull();
    expect(readInlinedWebsite('acme', pageWith(JSON.stringify({ ...websiteFixture(), id: 'one' })))).toBeNull();
  });

  it("should never take another shop's config: neither a script for another slug nor a config of another shop", () => {
    expect(readInlinedWebsite('globex', pageWith(JSON.stringify(websiteFixture())))).toBeNull();
    expect(readInlinedWebsite('globex', pageWith(JSON.stringify(websiteFixture()), 'globex'))).toBeNull();
  });

  it('should name the shop asked for when the config names none', () => {
    expect(readInlinedWebsite('acme', pageWith(JSON.stringify({ ...websiteFixture(), slug: '' })))?.slug).toBe('acme');
  });

  it('should ignore a page without the script, and a script of another type', () => {
    expect(readInlinedWebsite('acme', document.implementation.createHTMLDocument('empty'))).toBeNull();
    expect(readInlinedWebsite('acme', pageWith(JSON.stringify(websiteFixture()), 'acme', 'text/plain'))).toBeNull();
    expect(readInlinedWebsite('acme', null)).toBeNull();
  });
});
