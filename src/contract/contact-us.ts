import * as v from 'valibot';
import { emailField, idField, optionalLine, optionalPhoneField, requiredLine, requiredText } from './fields.ts';

/**
 * The contact form (spec §5): its fields and the limits of the file it may carry.
 *
 * @module
 */

/** Contact form fields (sent as multipart with an optional `file`). */
export const ContactUsRequestSchema = v.object({
  website_id: v.pipe(v.string(), v.toNumber(), idField),
  name: requiredLine(100),
  email: emailField,
  phone: optionalPhoneField,
  /** Line breaks become spaces (nothing a stranger types can start a mail header). */
  subject: optionalLine(200),
  message: requiredText(5000),
});

/** Upload limits of spec §5 and §9. */
export const UPLOAD_MAX_BYTES = 10_485_760;
export const UPLOAD_EXTENSIONS = ['jpg', 'jpeg', 'png', 'pdf'] as const;
