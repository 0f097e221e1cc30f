import { compress } from 'hono/compress';
import type { ServerPlugin } from '../../server/plugin.ts';
import { seedDemo } from '../seed/index.ts';
import { registerOutbox } from './outbox.ts';
import { registerDemoPages } from './pages.ts';
import { demoPaymentProvider, registerDemoPayment } from './payment.ts';

/**
 * The demo, as a plugin of the reference server (server/plugins.ts registers it outside production
 * only): the demo pages and tools under `/demo` (index, store designer, intranet pages, widget kit),
 * the development outbox, the demo online-payment provider (`/demo/pay`), `/` on the provider's own
 * host leading to the demo index, and the demo data seeded into an empty database.
 */
export const demoPlugin: ServerPlugin = {
  name: 'demo',
  home: '/demo/',
  payment: demoPaymentProvider,
  registerRoutes(app) {
    // The demo pages go out gzip-compressed to clients that accept them (at least 1 kB).
    app.use('/demo/*', compress());
    registerDemoPayment(app);
    registerOutbox(app);
    registerDemoPages(app);
  },
  prepareDatabase: (db) => seedDemo(db),
};
