import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storefrontUrl } from '../../../server/config.ts';
import { confirmRegistrationByMail, DEMO_PASSWORD, mailedToken, mailsTo, startTestServer, UNLIMITED_RATES, type TestServer } from '../../api/harness.ts';
import { tally } from '../report.ts';
import { one, userId } from './security-helpers.ts';

/**
 * Security suite, accounts against abuse (issue 22, docs/reliability.md): taking over another
 * person's registration, changing an account's e-mail without proof, learning which accounts exist
 * from the registration answer, flooding the public forms, forging mail headers or sending phishing
 * text through the shop's mail, and weak passwords through any door. Each case is tried as an
 * attacker would, over HTTP; "got through" is said per check below.
 */

const REGISTER_PER_EMAIL = 2;
const REGISTER_PER_IP = 6;
const CONTACT_PER_IP = 5;

let server: TestServer;
/** Limits low enough to reach in a test. */
let limited: TestServer;

beforeAll(async () => {
  [server, limited] = await Promise.all([
    startTestServer({ rateLimits: UNLIMITED_RATES }),
    startTestServer({
      rateLimits: {
        register: { perIp: REGISTER_PER_IP, perEmail: REGISTER_PER_EMAIL, windowSeconds: 3600 },
        contact: { perIp: CONTACT_PER_IP, perEmail: 1000, windowSeconds: 3600 },
        emailChange: { perUser: 2, windowSeconds: 3600 },
      },
    }),
  ]);
});

afterAll(async () => {
  await Promise.all([server?.close(), limited?.close()]);
});

const registration = (target: TestServer, email: string, overrides: Record<string, unknown> = {}) => ({
  website_id: target.shops.acme,
  name: 'Vic',
  surname: 'Tim',
  email,
  phone: '',
  password: 'V1ctimPass',
  password_confirmation: 'V1ctimPass',
  coordinator_email: 'coordinator@acme.test',
  cost_center: 'CC-1',
  job_title: 'Engineer',
  buyer_id: 'B-1',
  ...overrides,
});

const profile = (email: string, current_password?: string) => ({ name: 'Mal', surname: 'Lory', email, phone: '', job_title: '', ...(current_password ? { current_password } : {}) });

describe('security: registration takeover', () => {
  it("should give a registration's access to the person who made it and nobody else", async () => {
    const coordinator = await server.login('coordinator@acme.test', 'acme');
    const attacker = await server.login('buyer@initech.test', 'initech');
    const attackerId = await userId(server, 'buyer@initech.test');
    const attacks: { name: string; through: boolean }[] = [];

    expect((await server.json('/api/register', { body: registration(server, 'victim@corp.test') })).status).toBe(201);
    expect((await confirmRegistrationByMail(server, 'victim@corp.test', server.shops.acme)).status).toBe(200);
    const requestId = (await one<{ id: number }>(server, "SELECT id FROM registration_requests WHERE email = 'victim@corp.test'")).id;
    for (const spelling of ['victim@corp.test', 'VICTIM@corp.test', ' Victim@Corp.Test ']) {
      // Answered like a free address (issue 26), so "through" is a link that would move the account there, or a moved account.
      await server.json('/api/user/update', { method: 'PUT', token: attacker, body: profile(spelling, DEMO_PASSWORD) });
      const linked = (await mailsTo(server, 'victim@corp.test')).some((mail) => /confirm-email\?token=/.test(mail.body));
      const moved = (await one<{ email: string }>(server, 'SELECT email FROM users WHERE id = $1', [attackerId])).email !== 'buyer@initech.test';
      attacks.push({ name: `take the pending address as ${spelling}`, through: linked || moved });
    }
    await server.json('/api/user/email/cancel', { method: 'POST', token: attacker });
    // The attacker registers the same address in another shop with their own password: not bound to the victim's request.
    await server.json('/api/register', { body: registration(server, 'victim@corp.test', { website_id: server.shops.initech, coordinator_email: 'coordinator@initech.test', password: 'Att4ckerPass', password_confirmation: 'Att4ckerPass' }) });
    // The attacker's account holds the address by a way round every check: the approval must not hand it over.
    await server.db.query("UPDATE users SET email = 'victim@corp.test', email_changed_at = now() WHERE id = $1", [attackerId]);
    const approval = await server.json(`/api/coordinator/registrations/${requestId}/approve`, { method: 'POST', token: coordinator });
    attacks.push({ name: 'approval while another account holds the address', through: approval.status === 200 });
    const access = await server.db.query('SELECT 1 FROM website_users WHERE user_id = $1 AND website_id = $2', [attackerId, server.shops.acme]);
    attacks.push({ name: "attacker's account has acme access", through: access.rows.length > 0 });
    const login = await server.json('/api/login', { body: { email: 'victim@corp.test', password: DEMO_PASSWORD, website_id: server.shops.acme } });
    attacks.push({ name: 'attacker logs in to acme with their own password', through: login.status === 200 });
    await server.db.query("UPDATE users SET email = 'buyer@initech.test' WHERE id = $1", [attackerId]);

    // A request made with an existing account's address and a wrong password is never bound to that account.
    await server.json('/api/register', { body: registration(server, 'buyer@globex.test', { password: 'Guess1234', password_confirmation: 'Guess1234' }) });
    const bound = await server.db.query("SELECT 1 FROM registration_requests WHERE lower(email) = 'buyer@globex.test'");
    attacks.push({ name: "a request with another account's address and a guessed password", through: bound.rows.length > 0 });

    const through = attacks.filter((attack) => attack.through);
    tally({ suite: 'security', check: 'registration takeover: pending address taken by e-mail change, approval to whoever holds the address, guessed binding', tried: attacks.length, gotThrough: through.length });
    expect(through).toEqual([]);
  });
});

describe('security: e-mail change', () => {
  it('should change no address without the current password and the link mailed to the new one', async () => {
    const token = await server.login('buyer@acme.test', 'acme');
    const other = await server.login('buyer@acme.test', 'acme');
    const attacks: { name: string; through: boolean }[] = [];
    const current = async () => (await one<{ email: string }>(server, 'SELECT email FROM users WHERE id = $1', [await userId(server, 'buyer@acme.test')])).email;
    const confirm = (linkToken: string, shop = 'acme') => server.json('/api/user/email/confirm', { body: { website_id: server.shops[shop], token: linkToken } });

    for (const [name, password] of [['without the password', undefined], ['with a wrong password', 'Wrong-pass1'], ['with the password in another case', DEMO_PASSWORD.toUpperCase()]] as const) {
      const answer = await server.json('/api/user/update', { method: 'PUT', token, body: profile('thief@evil.test', password) });
      attacks.push({ name: `request ${name}`, through: answer.status === 200 });
    }
    expect(await current()).toBe('buyer@acme.test');
    // With the password (a stolen session that also knows it): the change still waits for the new mailbox.
    expect((await server.json('/api/user/update', { method: 'PUT', token, body: profile('thief@evil.test', DEMO_PASSWORD) })).status).toBe(200);
    attacks.push({ name: 'address changed before the link was opened', through: (await current()) !== 'buyer@acme.test' });
    const link = await mailedToken(server, 'thief@evil.test', /confirm your new e-mail address/);
    for (const [name, forged] of [
      ['a made-up token', 'x'.repeat(43)],
      ['the token with a character changed', `${link.slice(0, -1)}${link.endsWith('A') ? 'B' : 'A'}`],
      ['the token cut short', link.slice(0, 20)],
      ['the token upper-cased', link.toUpperCase()],
    ] as const) {
      attacks.push({ name, through: (await confirm(forged)).status === 200 });
    }
    attacks.push({ name: 'the link in another shop', through: (await confirm(link, 'globex')).status === 200 });
    // The owner notices (the old address was told) and changes the password: the waiting change dies.
    const told = await server.db.query("SELECT 1 FROM outbox WHERE to_email = 'buyer@acme.test' AND subject LIKE '%change of your e-mail address was requested%'");
    attacks.push({ name: 'old address not told', through: told.rows.length === 0 });
    const changed = await server.json('/api/user/changePassword', { token: other, body: { current_password: DEMO_PASSWORD, password: 'Own3rPassword', password_confirmation: 'Own3rPassword' } });
    expect(changed.status).toBe(200);
    attacks.push({ name: 'the link after the owner changed the password', through: (await confirm(link)).status === 200 });
    expect(await current()).toBe('buyer@acme.test');

    // A real change: every session but the one that asked ends.
    const asking = await server.login('buyer@acme.test', 'acme', 'Own3rPassword');
    const bystander = await server.login('buyer@acme.test', 'acme', 'Own3rPassword');
    expect((await server.json('/api/user/update', { method: 'PUT', token: asking, body: profile('buyer.new@acme.test', 'Own3rPassword') })).status).toBe(200);
    const realLink = await mailedToken(server, 'buyer.new@acme.test', /confirm your new e-mail address/);
    expect((await confirm(realLink)).status).toBe(200);
    attacks.push({ name: 'another session survives the change', through: (await server.json('/api/user', { token: bystander })).status === 200 });
    attacks.push({ name: 'the used link again', through: (await confirm(realLink)).status === 200 });
    expect((await server.json('/api/user', { token: asking })).body.email).toBe('buyer.new@acme.test');

    const through = attacks.filter((attack) => attack.through);
    tally({ suite: 'security', check: 'e-mail change: without or with a wrong password, forged, foreign or reused links, after a password change, sessions left open', tried: attacks.length, gotThrough: through.length });
    expect(through).toEqual([]);
  });
});

describe('security: account enumeration through registration', () => {
  it('should answer every registration the same, whatever accounts and requests exist', async () => {
    expect((await server.json('/api/register', { body: registration(server, 'waiting@corp.test') })).status).toBe(201);
    expect((await confirmRegistrationByMail(server, 'waiting@corp.test', server.shops.acme)).status).toBe(200);
    expect((await server.json('/api/register', { body: registration(server, 'unconfirmed@corp.test') })).status).toBe(201);
    const unknown = await server.json('/api/register', { body: registration(server, 'nobody-at-all@corp.test') });
    const probes = ['buyer@globex.test', 'coordinator@initech.test', 'BUYER@INITECH.TEST', 'waiting@corp.test', 'unconfirmed@corp.test', 'coordinator@acme.test'];
    const differing: string[] = [];
    for (const email of probes) {
      const answer = await server.json('/api/register', { body: registration(server, email) });
      if (answer.status !== unknown.status || JSON.stringify(answer.body) !== JSON.stringify(unknown.body)) differing.push(email);
    }
    tally({ suite: 'security', check: 'account enumeration: registration answers for existing accounts (any shop) and pending requests differing from an unknown address', tried: probes.length, gotThrough: differing.length });
    expect(differing).toEqual([]);
  });
});

/** A request past a limit was refused only when it got a 429 with a positive Retry-After. */
const refused = (status: number, retryAfter: string | null) => status === 429 && Number(retryAfter) > 0;

describe('security: flooding the public forms', () => {
  it('should refuse registrations and contact messages past their limits with 429 and Retry-After', async () => {
    const beyond: boolean[] = [];
    for (let i = 0; i < REGISTER_PER_EMAIL + 5; i += 1) {
      const answer = await limited.request('/api/register', { body: registration(limited, i % 2 ? 'Target@Corp.test' : 'target@corp.test') });
      await answer.body?.cancel();
      if (i >= REGISTER_PER_EMAIL) beyond.push(!refused(answer.status, answer.headers.get('retry-after')));
    }
    // Four more addresses use up the IP's six; everything after is refused.
    for (let i = 0; i < REGISTER_PER_IP - REGISTER_PER_EMAIL + 5; i += 1) {
      const answer = await limited.request('/api/register', { body: registration(limited, `spray-${i}@corp.test`) });
      await answer.body?.cancel();
      if (i >= REGISTER_PER_IP - REGISTER_PER_EMAIL) beyond.push(!refused(answer.status, answer.headers.get('retry-after')));
    }
    const contactBeyond: boolean[] = [];
    for (let i = 0; i < CONTACT_PER_IP + 5; i += 1) {
      const form = new FormData();
      for (const [key, value] of Object.entries({ website_id: String(limited.shops.globex), name: 'Spam', email: `spam-${i}@corp.test`, message: 'Buy now' })) form.append(key, value);
      const answer = await limited.request('/api/contact-us', { body: form });
      await answer.body?.cancel();
      if (i >= CONTACT_PER_IP) contactBeyond.push(!refused(answer.status, answer.headers.get('retry-after')));
    }
    tally({ suite: 'security', check: 'flooding: registrations past the per-address and per-IP limits', tried: beyond.length, gotThrough: beyond.filter(Boolean).length, note: `${REGISTER_PER_EMAIL} per address, ${REGISTER_PER_IP} per IP in the window` });
    tally({ suite: 'security', check: 'flooding: contact messages past the per-IP limit', tried: contactBeyond.length, gotThrough: contactBeyond.filter(Boolean).length, note: `${CONTACT_PER_IP} per IP in the window` });
    expect(beyond.filter(Boolean)).toEqual([]);
    expect(contactBeyond.filter(Boolean)).toEqual([]);
  });
});

describe("security: the shop's mail as a weapon", () => {
  it('should put no line break in a mail header and no live link or stranger text where strangers choose the recipient', async () => {
    const payloads = [
      'URGENT: verify your account at http://evil.example/login',
      'Click https://evil.example',
      'www.evil.example/reset',
      'evil.example',
      'Anna\r\nBcc: victims@example.test',
      'Anna\nSubject: Your invoice',
    ];
    const before = (await one<{ id: number }>(server, 'SELECT coalesce(max(id), 0) AS id FROM outbox')).id;
    for (const [i, text] of payloads.entries()) {
      await server.json('/api/register', { body: registration(server, `phish-${i}@corp.test`, { name: text, surname: text, job_title: text }) });
      await confirmRegistrationByMail(server, `phish-${i}@corp.test`, server.shops.acme);
      const form = new FormData();
      for (const [key, value] of Object.entries({ website_id: String(server.shops.globex), name: text, email: `phish-${i}@corp.test`, subject: text, message: text })) form.append(key, value);
      await server.request('/api/contact-us', { body: form }).then((answer) => answer.body?.cancel());
    }
    const { rows: mails } = await server.db.query<{ to_email: string; subject: string; body: string }>('SELECT to_email, subject, body FROM outbox WHERE id > $1', [before]);
    expect(mails.length).toBeGreaterThanOrEqual(payloads.length * 4);
    // The one link allowed: the shop's own confirmation link (issue 26), which carries nothing typed.
    const ownLink = `${storefrontUrl(server.config, 'acme')}/confirm-registration?token=`;
    const broken = mails.filter((mail) => {
      const strangerChoseRecipient = mail.to_email.startsWith('phish-');
      const body = mail.body.split(/\s+/).filter((word) => !(word.startsWith(ownLink) && /^[\w-]+$/.test(word.slice(ownLink.length)))).join(' ');
      return (
        /[\r\n]/.test(mail.to_email + mail.subject) ||
        /evil|Bcc|Subject: Your/i.test(mail.subject) ||
        /https?:\/\/|www\.evil|evil\.example/i.test(body) ||
        (strangerChoseRecipient && /evil|Anna|URGENT/i.test(body))
      );
    });
    tally({ suite: 'security', check: 'mail content: header line breaks, stranger text in subjects, live links, stranger text to a stranger-chosen address', tried: mails.length, gotThrough: broken.length, note: `${payloads.length} payloads through registration and the contact form` });
    expect(broken).toEqual([]);
  });
});

describe('security: one password policy', () => {
  it('should refuse a weak password through every door', async () => {
    // Too weak for the pattern, then common ones the pattern alone let through (issue 26), the demo's own among them.
    const weak = ['aaaaaaaa', 'password', 'PASSWORD1', 'password1', 'Short1', '12345678', 'Password1', 'Passw0rd', 'Passw0rd!', 'Qwerty123', 'P@ssw0rd2024', 'Welcome2024!'];
    const reset = async (password: string) => {
      await server.json('/api/forgotPassword', { body: { email: 'buyer@initech.test', website_id: server.shops.initech } });
      const token = await mailedToken(server, 'buyer@initech.test', /change your password/);
      return server.json('/api/resetPassword', { body: { website_id: server.shops.initech, email: 'buyer@initech.test', token, password, password_confirmation: password } });
    };
    const session = await server.login('buyer@globex.test', 'globex');
    const accepted: string[] = [];
    for (const password of weak) {
      const doors = {
        register: await server.json('/api/register', { body: registration(server, `weak-${weak.indexOf(password)}@corp.test`, { password, password_confirmation: password }) }),
        change: await server.json('/api/user/changePassword', { token: session, body: { current_password: DEMO_PASSWORD, password, password_confirmation: password } }),
        reset: await reset(password),
      };
      for (const [door, answer] of Object.entries(doors)) if (answer.status < 300) accepted.push(`${door}: ${password}`);
    }
    tally({ suite: 'security', check: 'password policy: weak and common passwords through registration, password change and reset', tried: weak.length * 3, gotThrough: accepted.length });
    expect(accepted).toEqual([]);
  });
});
