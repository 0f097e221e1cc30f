import type { Website } from '../contract/contract.ts';
import type { DesignerPage, DesignerSettings } from './designer.ts';

/*
 * Apart from the designer's message rules (`./designer.ts`) so that the shop's store, which every
 * element loads, lays a preview over the saved shop without loading the message schemas.
 */

/**
 * The shop with a designer's settings and pages laid over it. Only pages the shop has are previewed:
 * the routes come from the shop's pages, so a made-up slug would lead nowhere.
 */
export function withPreview(website: Website, settings: DesignerSettings, pages: ReadonlyMap<string, DesignerPage>): Website {
  const nextPages = website.pages.map((page) => {
    const override = pages.get(page.slug);
    return override ? { ...page, name: override.name ?? page.name, content: override.content } : page;
  });
  return { ...website, settings: { ...website.settings, ...settings }, pages: nextPages };
}
