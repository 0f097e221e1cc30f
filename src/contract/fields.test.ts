import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ContactUsRequestSchema, ForgotPasswordRequestSchema, LoginRequestSchema, UserUpdateRequestSchema } from './contract.ts';
import { RegisterRequestSchema } from './password.ts';
import { emailField } from './fields.ts';

/** Addresses a mailer reads as a list, a display name or another recipient (issue 26). */
const NOT_ADDRESSES = [
  'victim,attacker@evil.test',
  'x<attacker@evil.test>',
  'Victim <victim@corp.test>',
  '"victim"@evil.test',
  'victim;attacker@evil.test',
  'victim attacker@evil.test',
  'vic\r\ntim@evil.test',
  'victim@attacker@evil.test',
  'victim(x)@evil.test',
  'victim@[127.0.0.1]',
  'vic\\tim@evil.test',
  'victim:x@evil.test',
  'vic\u0000tim@evil.test',
];

/** The first issue of `schema` on field `email` for `input`, if any. */
function emailIssue(schema: v.GenericSchema, input: Record<string, unknown>): string | undefined {
  const result = v.safeParse(schema, input);
  return result.issues?.find((issue) => v.getDotPath(issue) === 'email')?.message;
}

describe('emailField (issue 26)', () => {
  it('should refuse every list, display-name and header character with the validation message', () => {
    const messages = NOT_ADDRESSES.map((email) => [email, v.safeParse(emailField, email, { abortPipeEarly: true }).issues?.[0]?.message]);
    expect(messages).toEqual(NOT_ADDRESSES.map((email) => [email, 'validation.email']));
  });

  it('should take plain addresses, with plus tags, apostrophes and letters beyond ASCII', () => {
    const plain = ['ada@newcomer.test', 'a+tag@x.co.uk', "o'brien@firma.pl", 'zażółć@gęśla.pl', '  spaced@trim.test  '];
    expect(plain.filter((email) => !v.safeParse(emailField, email).success)).toEqual([]);
  });

  it('should refuse them in every form that takes an address, the client and the server alike', () => {
    const forms: [string, v.GenericSchema, Record<string, unknown>][] = [
      ['registration', RegisterRequestSchema, { website_id: 1, name: 'A', surname: 'B', password: 'Str0ngPass', password_confirmation: 'Str0ngPass', coordinator_email: 'c@acme.test', cost_center: 'C', job_title: 'J', buyer_id: 'B' }],
      ['login', LoginRequestSchema, { website_id: 1, password: 'x' }],
      ['forgot password', ForgotPasswordRequestSchema, { website_id: 1 }],
      ['contact', ContactUsRequestSchema, { website_id: '1', name: 'Pat', message: 'Hello' }],
      ['e-mail change', UserUpdateRequestSchema, { name: 'A', surname: 'B' }],
    ];
    const accepted = forms.flatMap(([name, schema, rest]) =>
      NOT_ADDRESSES.filter((email) => emailIssue(schema, { ...rest, email }) !== 'validation.email').map((email) => `${name}: ${JSON.stringify(email)}`),
    );
    expect(accepted).toEqual([]);
  });
});
