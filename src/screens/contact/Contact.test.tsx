import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alerts } from '../../store/alerts.ts';
import { GROSS_SHOP, json, logInBuyer } from '../product/test-fixtures.ts';
import { resetScreenPage } from '../test-page.ts';
import { renderStep } from '../checkout/test-helpers.tsx';
import { Contact } from './Contact.tsx';

/** What the stub saw of each `POST /api/contact-us`: the multipart fields and the file's name. */
interface Sent {
  fields: Record<string, string>;
  file: string | null;
}

function stubContact(answer: () => Response): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init: RequestInit = {}) => {
      const form = init.body as FormData;
      const fields: Record<string, string> = {};
      let file: string | null = null;
      for (const [name, value] of form.entries()) {
        if (typeof value === 'string') fields[name] = value;
        else file = value.name;
      }
      sent.push({ fields, file });
      return answer();
    }),
  );
  return sent;
}

beforeEach(() => resetScreenPage('/contact', GROSS_SHOP));
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('Contact us', { timeout: 20_000 }, () => {
  it('should check the fields, send them as multipart with the shop and the file, toast and start a new form', async () => {
    const sent = stubContact(() => json({ message: 'Thank you', code: 'notices.contact_sent' }, 201));
    renderStep(<Contact />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent).toEqual([]);
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveFocus();
    expect(screen.getAllByText('This element is required').length).toBeGreaterThanOrEqual(2);

    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Ola Nowak');
    await userEvent.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'ola@example.com');
    await userEvent.type(screen.getByRole('textbox', { name: /^Message/ }), 'Do you print on umbrellas?');
    const file = new File(['%PDF-1.4'], 'brief.pdf', { type: 'application/pdf' });
    await userEvent.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ fields: { website_id: String(GROSS_SHOP.id), name: 'Ola Nowak', email: 'ola@example.com', message: 'Do you print on umbrellas?' }, file: 'brief.pdf' });
    await vi.waitFor(() => expect(alerts.value.map((alert) => alert.content)).toContain('Thank you, your message has been sent.'));
    expect(screen.getByRole('textbox', { name: /^Message/ })).toHaveValue('');
  });

  it('should fill in a logged-in user and show the provider\'s field errors on their fields', async () => {
    logInBuyer();
    stubContact(() => json({ message: 'The given data was invalid.', code: 'validation.invalid', errors: { email: ['E-mail must be valid'] }, error_keys: { email: [{ key: 'validation.email', params: {} }] } }, 422));
    renderStep(<Contact />);
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Anna Nowak');
    expect(screen.getByRole('textbox', { name: /^E-mail/ })).toHaveValue('anna@example.com');
    await userEvent.type(screen.getByRole('textbox', { name: /^Message/ }), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('E-mail must be valid')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^E-mail/ })).toHaveFocus();
  });
});
