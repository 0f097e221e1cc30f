import type { Page } from '@playwright/test';
import { E2E_ORIGIN } from '../playwright.config.ts';

/** The JSON script in which the reference server hands its storefront page the shop's config (issue 20). */
const INLINED_CONFIG = /<script type="application\/json" id="shop-config"[^>]*>[^<]*<\/script>/;

/** The first screen the reference server renders into `<shop-storefront>`, and what it rendered with. */
const SERVER_RENDERED = [/<template shadowrootmode="open">[\s\S]*?<\/template>/, /<script type="application\/json" id="shop-first-screen">[^<]*<\/script>/];

/**
 * Serves the storefront pages of every shop host without the config the reference server writes into
 * them (server/http/first-screen.ts) and without the first screen it renders, as a page served
 * elsewhere would come: the storefront then asks `GET /api/slug/website` and renders in the browser,
 * so a test can answer that call its own way (a fault, a changed config).
 * Everything else about the page (its CSP with the nonce, its preloads) stays as the server sent it.
 */
export async function withoutInlinedConfig(page: Page): Promise<void> {
  await page.route(
    (url) => url.hostname.endsWith('.localhost') && !/^\/(api|dist|storage|demo)\//.test(url.pathname),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const url = new URL(route.request().url());
      // Fetched from Node, which does not resolve shop hosts: the main host with the shop's Host header.
      const response = await route.fetch({ url: `${E2E_ORIGIN}${url.pathname}${url.search}`, headers: { ...route.request().headers(), host: url.host } });
      const headers = { ...response.headers() };
      // The text is decoded already: its encoding and length no longer apply.
      delete headers['content-encoding'];
      delete headers['content-length'];
      const body = [INLINED_CONFIG, ...SERVER_RENDERED].reduce((html, part) => html.replace(part, ''), await response.text());
      await route.fulfill({ status: response.status(), headers, body });
    },
  );
}
