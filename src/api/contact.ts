import type * as v from 'valibot';
import { api } from './client.ts';
import { MessageResponseSchema, type ContactUsRequestSchema, type MessageResponse } from '../contract/contract.ts';

/** The contact-us form (spec §7 `POST /api/contact-us`: form data with `website_id`, optional file). */

/** The form's fields; `website_id` as a number here, text on the wire like every multipart field. */
export type ContactFields = Omit<v.InferInput<typeof ContactUsRequestSchema>, 'website_id'> & { website_id: number };

/**
 * Sends the contact form as multipart (`POST /api/contact-us`, 201). The file is optional (JPG, PNG
 * or PDF up to 10 MB, checked by the provider too); fields left undefined are not sent.
 */
export function sendContact(fields: ContactFields, file?: File | null): Promise<MessageResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  if (file) form.append('file', file, file.name);
  return api.postForm('/api/contact-us', MessageResponseSchema, form);
}
