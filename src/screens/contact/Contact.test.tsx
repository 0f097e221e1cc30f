import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alerts } from '../../store/alerts.ts';
import { locale } from '../../store/locale.ts';
import { GROSS_SHOP, json, logInBuyer } from '../product/test-fixtures.ts';
import { resetScreenPage } from '../test-page.ts';
import { renderStep } from '../checkout/test-helpers.tsx';
import { Contact } from './Contact.tsx';
import { invalidFieldsBody } from '../../api/test-fixtures.ts';

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

/** Types a message and attaches a PDF. */
async function fillMessage(): Promise<void> {
  await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Ola Nowak');
  await userEvent.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'ola@example.com');
  await userEvent.type(screen.getByRole('textbox', { name: /^Message/ }), 'Do you print on umbrellas?');
  await userEvent.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['%PDF-1.4'], 'brief.pdf', { type: 'application/pdf' }));
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

  it('should show too many messages (429) in the form alert with the wait in minutes, in both languages, and keep the message', async () => {
    const sent = stubContact(
      () =>
        new Response(JSON.stringify({ message: 'Too many requests. Try again in 3540 seconds.', code: 'errors.too_many_requests', retry_after: 3540 }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '3540' },
        }),
    );
    renderStep(<Contact />);
    await fillMessage();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const alert = screen.getAllByRole('alert').find((element) => element.classList.contains('shop-auth__alert'))!;
    await vi.waitFor(() => expect(alert).toHaveTextContent('Too many attempts. Try again in 59 minutes.'));
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Ola Nowak');
    expect(screen.getByRole('textbox', { name: /^Message/ })).toHaveValue('Do you print on umbrellas?');
    expect(screen.getByText('Selected file: brief.pdf')).toBeInTheDocument();
    expect(alerts.value).toEqual([]);
    act(() => {
      locale.value = 'pl';
    });
    expect(alert).toHaveTextContent('Zbyt wiele prób. Spróbuj ponownie za 59 minut.');
    act(() => {
      locale.value = 'en';
    });
  });

  it('should put the shop\'s file quota (422 on file) on the file field, not in the form alert, until another file is chosen', async () => {
    const sent = stubContact(() =>
      json(invalidFieldsBody({ file: 'validation.file_quota' }), 422),
    );
    renderStep(<Contact />);
    await fillMessage();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const quota = 'The shop cannot take more files right now. Send your message without the file.';
    const chooseFile = screen.getByRole('button', { name: 'Choose file' });
    await vi.waitFor(() => expect(chooseFile).toHaveAccessibleDescription(`${quota} JPG or PDF up to 10MB`));
    expect(chooseFile).toHaveFocus();
    const regions = screen.getAllByRole('alert');
    expect(regions.find((element) => element.classList.contains('shop-auth__alert'))).toHaveTextContent('');
    expect(regions.find((element) => element.classList.contains('shop-file-drop__error'))).toHaveTextContent(quota);
    expect(screen.getByRole('textbox', { name: /^Message/ })).toHaveValue('Do you print on umbrellas?');

    // In Polish, and gone once the file is removed; the message then goes without it.
    act(() => {
      locale.value = 'pl';
    });
    expect(screen.getByText('Sklep nie może teraz przyjąć więcej plików. Wyślij wiadomość bez pliku.')).toBeInTheDocument();
    act(() => {
      locale.value = 'en';
    });
    await userEvent.click(screen.getByRole('button', { name: 'Remove file: brief.pdf' }));
    expect(screen.queryByText(quota)).not.toBeInTheDocument();
  });
});
