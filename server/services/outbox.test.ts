import { describe, expect, it } from 'vitest';
import { sendMail, untrusted } from './outbox.ts';

describe('untrusted', () => {
  it('should defang links so no mail program makes them clickable', () => {
    expect(untrusted('URGENT: verify at http://evil.example/login')).toBe('URGENT: verify at hxxp[:]//evil[.]example/login');
    expect(untrusted('see HTTPS://Evil.Example')).toBe('see HXXPS[:]//Evil[.]Example');
    expect(untrusted('go to www.evil.example now')).toBe('go to www[.]evil[.]example now');
    expect(untrusted('bare evil.example.com')).toBe('bare evil[.]example[.]com');
    expect(untrusted('ftp://files.example')).toBe('ftp[:]//files[.]example');
  });

  it('should leave e-mail addresses, names and numbers alone', () => {
    expect(untrusted('Anna Nowak <anna@acme.test>, 12.50 zł, v1.2')).toBe('Anna Nowak <anna@acme.test>, 12.50 zł, v1.2');
    expect(untrusted('Zażółć gęślą jaźń')).toBe('Zażółć gęślą jaźń');
  });

  it('should flatten line breaks in a one-line value and keep them in a message', () => {
    expect(untrusted('Anna\r\nPhone: 000')).toBe('Anna Phone: 000');
    expect(untrusted('line one\nline two', { multiline: true })).toBe('line one\nline two');
  });
});

describe('sendMail', () => {
  it('should refuse a recipient or subject holding a line break before writing anything', async () => {
    const written: unknown[] = [];
    const db = { query: async (_sql: string, params: unknown[]) => void written.push(params) } as never;
    await expect(sendMail(db, { websiteId: 1, to: 'a@b.c\r\nBcc: x@y.z', subject: 'Hi', body: '' })).rejects.toThrow(/line break/);
    await expect(sendMail(db, { websiteId: 1, to: 'a@b.c', subject: 'Hi\nBcc: x@y.z', body: '' })).rejects.toThrow(/line break/);
    expect(written).toEqual([]);
  });
});
