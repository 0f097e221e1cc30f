import type { Page, Website } from '../contract/contract.ts';
import type { RouteAccess } from './routes.ts';
import type { DesignerPage, DesignerSettings } from './designer.ts';

/*
 * Apart from the designer's message rules (`./designer.ts`) so that the shop's store, which every
 * element loads, lays a preview over the saved shop without loading the message schemas.
 */

/**
 * A page the designer previews that the shop's config does not hold: in a guest view of a
 * login-required shop the homepage and most pages are withheld, so the designer brings
 * them. Blocks make a homepage, HTML a routed content page. Negative ids: no saved page has them.
 */
function previewedPage(page: DesignerPage, index: number): Page {
  const homepage = page.content.blocks !== undefined;
  return {
    id: -(index + 1),
    name: page.name ?? page.slug,
    slug: page.slug,
    type: homepage ? 'homepage' : 'content',
    is_deletable: homepage ? 0 : 1,
    content: page.content,
  };
}

/**
 * The shop with a designer's settings and pages laid over it. Only pages the shop has are previewed:
 * the routes come from the shop's pages, so a made-up slug would lead nowhere. In a guest view
 * (`guest_view`, a login-required shop seen before signing in) the shop's own pages are withheld, so
 * the designer's pages stand in for them: the ones the view lacks are added.
 */
export function withPreview(website: Website, settings: DesignerSettings, pages: ReadonlyMap<string, DesignerPage>): Website {
  const nextPages = website.pages.map((page) => {
    const override = pages.get(page.slug);
    return override ? { ...page, name: override.name ?? page.name, content: override.content } : page;
  });
  if (website.guest_view) {
    const known = new Set(website.pages.map((page) => page.slug));
    const added = [...pages.values()].filter((page) => !known.has(page.slug));
    nextPages.push(...added.map(previewedPage));
  }
  return { ...website, settings: { ...website.settings, ...settings }, pages: nextPages };
}

/**
 * Whether a store designer's preview shows "Not available in the preview" instead of a route's screen:
 * the screen shows a signed-in buyer's own data (`auth`: the account area, checkout) and nobody is
 * signed in. A preview session reads the shop, never a buyer (docs/designer.md).
 */
export function unavailableInPreview(access: RouteAccess, loggedIn: boolean): boolean {
  return access === 'auth' && !loggedIn;
}
