import type { Context, Hono } from 'hono';
import type { AppEnv } from '../../server/http/env.ts';
import { escapeHtml, htmlPage } from '../../server/http/html.ts';

interface OutboxRow {
  id: number;
  to_email: string;
  subject: string;
  body: string;
  created_at: Date;
  slug: string | null;
}

/** Makes http(s) links in an escaped mail body clickable; nothing else becomes markup. */
function linkify(escaped: string): string {
  return escaped.replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
}

async function loadOutbox(c: Context<AppEnv>, limit: number): Promise<OutboxRow[]> {
  const { rows } = await c
    .get('db')
    .query<OutboxRow>(
      `SELECT o.id, o.to_email, o.subject, o.body, o.created_at, w.slug
         FROM outbox o LEFT JOIN websites w ON w.id = o.website_id
        ORDER BY o.id DESC LIMIT $1`,
      [limit],
    );
  return rows;
}

/** The development outbox: every e-mail the provider "sent", as a page and as JSON (never in production). */
export function registerOutbox(app: Hono<AppEnv>): void {
  app.get('/demo/outbox', async (c) => {
    const mails = await loadOutbox(c, 100);
    const list = mails.length
      ? mails
          .map(
            (mail) => `<article class="mail" aria-labelledby="mail-${mail.id}">
<h2 id="mail-${mail.id}">${escapeHtml(mail.subject)}</h2>
<p class="meta">To <strong>${escapeHtml(mail.to_email)}</strong>${mail.slug ? ` · shop ${escapeHtml(mail.slug)}` : ''} · <time datetime="${mail.created_at.toISOString()}">${escapeHtml(mail.created_at.toISOString().replace('T', ' ').slice(0, 19))} UTC</time></p>
<pre>${linkify(escapeHtml(mail.body))}</pre>
</article>`,
          )
          .join('\n')
      : '<p>No e-mails yet. Request a password reset or register in a shop, then reload this page.</p>';
    return c.html(htmlPage('Outbox', `<h1>Outbox</h1>\n<p><a href="/demo/">Back to the demo index</a></p>\n${list}`));
  });

  /** The outbox as JSON, for tests and scripts (newest first). */
  app.get('/demo/outbox.json', async (c) => {
    const mails = await loadOutbox(c, 200);
    return c.json(
      mails.map((mail) => ({
        id: mail.id,
        to: mail.to_email,
        subject: mail.subject,
        body: mail.body,
        shop: mail.slug,
        created_at: mail.created_at.toISOString(),
      })),
    );
  });
}
