import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, MessageResponseSchema, UPLOAD_MAX_BYTES } from '../../src/contract/contract.ts';
import { JPEG, PDF, png } from '../fixtures/upload-files.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

function contactForm(shop: string, file?: { bytes: Uint8Array; name: string }, overrides: Record<string, string> = {}): FormData {
  const form = new FormData();
  const fields = {
    website_id: String(server.shops[shop]),
    name: 'Pat Sender',
    email: 'pat@example.test',
    phone: '+48 600 700 800',
    subject: 'Order question',
    message: 'Where is my order?',
    ...overrides,
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  return form;
}

async function messageCount(): Promise<number> {
  const { rows } = await server.db.query<{ n: number }>('SELECT count(*) AS n FROM contact_messages');
  return rows[0]?.n ?? 0;
}

describe('POST /api/contact-us', () => {
  it('should store a message with a real PNG and mail the shop', async () => {
    const token = await server.login('buyer@acme.test', 'acme');
    const picture = png();
    const { status, body } = await server.json('/api/contact-us', { body: contactForm('acme', { bytes: picture, name: 'pixel.png' }, { message: 'PNG attached' }), token });
    expect(status).toBe(201);
    v.parse(MessageResponseSchema, body);
    const { rows } = await server.db.query<{ user_email: string; file_name: string; file_type: string; file_data: Uint8Array }>(
      `SELECT u.email AS user_email, m.file_name, m.file_type, m.file_data
         FROM contact_messages m JOIN users u ON u.id = m.user_id
        WHERE m.website_id = $1 AND m.message = 'PNG attached'`,
      [server.shops.acme],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_email: 'buyer@acme.test', file_name: 'pixel.png', file_type: 'image/png' });
    expect(Buffer.from(rows[0]!.file_data).equals(picture)).toBe(true);
    const mail = await server.db.query<{ body: string }>('SELECT body FROM outbox WHERE to_email = $1 ORDER BY id DESC LIMIT 1', ['contact@acme.example']);
    expect(mail.rows[0]?.body).toContain('PNG attached');
    expect(mail.rows[0]?.body).toContain('pixel[.]png');
  });

  it('should accept a PDF and an upper-case .JPG whose bytes match', async () => {
    const token = await server.login('buyer@acme.test', 'acme');
    for (const [bytes, name, type] of [
      [PDF, 'invoice.pdf', 'application/pdf'],
      [JPEG, 'PHOTO.JPG', 'image/jpeg'],
    ] as const) {
      const { status } = await server.json('/api/contact-us', { body: contactForm('acme', { bytes, name }, { message: `file ${name}` }), token });
      expect(status).toBe(201);
      const { rows } = await server.db.query<{ file_type: string }>('SELECT file_type FROM contact_messages WHERE message = $1', [`file ${name}`]);
      expect(rows[0]?.file_type).toBe(type);
    }
  });

  it('should accept a message without a file, and an empty file part as no file', async () => {
    const token = await server.login('buyer@acme.test', 'acme');
    expect((await server.json('/api/contact-us', { body: contactForm('acme', undefined, { message: 'no file' }), token })).status).toBe(201);
    const empty = contactForm('acme', undefined, { message: 'empty part' });
    empty.append('file', new Blob([]), '');
    expect((await server.json('/api/contact-us', { body: empty, token })).status).toBe(201);
    const { rows } = await server.db.query<{ file_name: string | null }>("SELECT file_name FROM contact_messages WHERE message IN ('no file', 'empty part')");
    expect(rows).toEqual([{ file_name: null }, { file_name: null }]);
  });

  it('should refuse a guest in a shop that requires login', async () => {
    const before = await messageCount();
    const { status, body } = await server.json('/api/contact-us', { body: contactForm('acme') });
    expect(status).toBe(401);
    expect(body.code).toBe('errors.unauthenticated');
    expect(await messageCount()).toBe(before);
  });

  it('should accept a guest in an open shop', async () => {
    const { status, body } = await server.json('/api/contact-us', { body: contactForm('globex', undefined, { message: 'guest here' }) });
    expect(status).toBe(201);
    v.parse(MessageResponseSchema, body);
    const { rows } = await server.db.query<{ user_id: number | null }>('SELECT user_id FROM contact_messages WHERE message = $1', ['guest here']);
    expect(rows).toEqual([{ user_id: null }]);
    const mail = await server.db.query('SELECT 1 FROM outbox WHERE to_email = $1', ['contact@globex.example']);
    expect(mail.rows).toHaveLength(1);
  });

  it('should refuse a token issued for another shop', async () => {
    const token = await server.login('buyer@acme.test', 'acme');
    const { status } = await server.json('/api/contact-us', { body: contactForm('globex'), token });
    expect(status).toBe(403);
  });

  it('should refuse a file extension outside jpg, png and pdf', async () => {
    const before = await messageCount();
    const { status, body } = await server.json('/api/contact-us', { body: contactForm('globex', { bytes: png(), name: 'setup.exe' }) });
    expect(status).toBe(422);
    expect(v.parse(ApiErrorSchema, body).errors).toEqual({ file: ['Unauthorized file extension'] });
    expect(await messageCount()).toBe(before);
  });

  it('should refuse a .png name holding other content', async () => {
    const text = await server.json('/api/contact-us', { body: contactForm('globex', { bytes: Buffer.from('just some text, not an image'), name: 'photo.png' }) });
    expect(text.status).toBe(422);
    expect(text.body.errors).toEqual({ file: ['Unauthorized file extension'] });
    const pngAsPdf = await server.json('/api/contact-us', { body: contactForm('globex', { bytes: png(), name: 'scan.pdf' }) });
    expect(pngAsPdf.status).toBe(422);
    expect(pngAsPdf.body.errors).toEqual({ file: ['Unauthorized file extension'] });
  });

  it('should refuse a file one byte over 10485760 bytes', async () => {
    const big = Buffer.alloc(UPLOAD_MAX_BYTES + 1);
    png().copy(big);
    const { status, body } = await server.json('/api/contact-us', { body: contactForm('globex', { bytes: big, name: 'huge.png' }) });
    expect(status).toBe(422);
    expect(body.errors).toEqual({ file: ['File size too large'] });
  });

  it('should accept a file of exactly 10485760 bytes', async () => {
    const limit = Buffer.alloc(UPLOAD_MAX_BYTES);
    PDF.copy(limit);
    const { status } = await server.json('/api/contact-us', { body: contactForm('globex', { bytes: limit, name: 'max.pdf' }, { message: 'at the limit' }) });
    expect(status).toBe(201);
    const { rows } = await server.db.query<{ size: number }>('SELECT octet_length(file_data) AS size FROM contact_messages WHERE message = $1', ['at the limit']);
    expect(rows[0]?.size).toBe(UPLOAD_MAX_BYTES);
  });

  it('should answer 400 to a body that is not multipart', async () => {
    const { status, body } = await server.json('/api/contact-us', { body: { website_id: server.shops.globex, name: 'x', email: 'x@y.z', message: 'hi' } });
    expect(status).toBe(400);
    expect(body.code).toBe('errors.malformed_request');
  });

  it('should validate the fields, first failing rule only', async () => {
    const { status, body } = await server.json('/api/contact-us', { body: contactForm('globex', undefined, { email: '', message: '  ', phone: 'abc' }) });
    expect(status).toBe(422);
    expect(body.errors).toEqual({ email: ['This element is required'], message: ['This element is required'], phone: ['Enter a valid phone number'] });
  });
});
