import { createApp } from '../../../server/app.ts';
import { loadConfig } from '../../../server/config.ts';
import { openDb } from '../../../server/db/index.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { DEMO_PASSWORD, seedDemo } from '../../../demo/seed/index.ts';
import { loadPlugins } from '../../../server/plugins.ts';

/**
 * Prints the three demo shops' real answers as JSON (`ShopAnswers[]` of provider-answers.ts): the
 * reference server on a fresh in-memory PGlite, called in-process (no port is opened). Run by
 * `captureDemoAnswers()` with tsx.
 */

const DEMO_SHOPS = ['acme', 'globex', 'initech'] as const;

async function main(): Promise<void> {
  const config = loadConfig({ port: 0, dataDir: 'memory://', orderWaitSeconds: 0 });
  const db = await openDb({ dataDir: 'memory://' });
  try {
    await migrate(db);
    await seedDemo(db);
    const app = createApp({ db, config, plugins: await loadPlugins(config) });
    const call = async (path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<any> => {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      if (init.token) headers.authorization = `Bearer ${init.token}`;
      const response = await app.fetch(
        new Request(`http://127.0.0.1${path}`, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) }),
      );
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return response.json();
    };
    const answers = [];
    for (const slug of DEMO_SHOPS) {
      const website = await call(`/api/slug/website?slug=${slug}`);
      const { access_token: token } = await call('/api/login', { method: 'POST', body: { email: `buyer@${slug}.test`, password: DEMO_PASSWORD, website_id: website.id } });
      const products = await call(`/api/products?website_id=${website.id}&per_page=24`, { token });
      answers.push({ slug, website, products });
    }
    process.stdout.write(JSON.stringify(answers));
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
