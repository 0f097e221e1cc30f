import { E2E_ORIGIN } from '../playwright.config.ts';

const port = new URL(E2E_ORIGIN).port;

/** A demo shop's URL on its own host (`http://acme.localhost:4317/cart`). */
export const shopUrl = (slug: string, path = '/') => `http://${slug}.localhost:${port}${path}`;
