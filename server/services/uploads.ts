import { UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES } from '../shared.ts';
import { invalidFields } from '../http/errors.ts';

/**
 * Checks an uploaded file against spec §5 (.jpg, .png or .pdf, at most 10485760 bytes). The name's
 * extension is the user's claim; the first bytes are the truth, so a renamed executable or a text
 * file called `photo.png` is refused too. The stored content type comes from what the bytes are,
 * never from the client's header.
 *
 * @module
 */

/** A file that passed every rule. */
export interface CheckedUpload {
  /** The client's file name without any directory part or control character, at most 255 characters. */
  name: string;
  contentType: string;
  data: Uint8Array;
}

type Kind = 'jpeg' | 'png' | 'pdf';

const EXTENSION_KIND: Record<(typeof UPLOAD_EXTENSIONS)[number], Kind> = { jpg: 'jpeg', jpeg: 'jpeg', png: 'png', pdf: 'pdf' };
const CONTENT_TYPE: Record<Kind, string> = { jpeg: 'image/jpeg', png: 'image/png', pdf: 'application/pdf' };
const MAGIC: Record<Kind, number[]> = {
  jpeg: [0xff, 0xd8, 0xff],
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  pdf: [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
};

/** What the first bytes say the file is, or null for anything else. */
export function sniffKind(bytes: Uint8Array): Kind | null {
  for (const kind of Object.keys(MAGIC) as Kind[]) {
    if (MAGIC[kind].every((byte, index) => bytes[index] === byte)) return kind;
  }
  return null;
}

/** The kind the file name claims, or null for an extension the spec does not allow. */
function claimedKind(name: string): Kind | null {
  const dot = name.lastIndexOf('.');
  const extension = dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(extension) ? EXTENSION_KIND[extension as keyof typeof EXTENSION_KIND] : null;
}

/**
 * Accepts a file or throws a 422 for field `field`: extension first, then size, then content
 * (one message per field, like every other rule).
 */
export async function checkUpload(file: File, field = 'file'): Promise<CheckedUpload> {
  // Control characters go first: NUL cannot be stored as text, and CR/LF would forge lines in the mail.
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const name = (file.name.replace(/[\u0000-\u001f\u007f]/g, '').split(/[\\/]/).pop() ?? '').slice(-255);
  const claimed = claimedKind(name);
  if (!claimed) throw invalidFields({ [field]: 'validation.file_extension' });
  if (file.size > UPLOAD_MAX_BYTES) throw invalidFields({ [field]: 'validation.file_size' });
  const data = new Uint8Array(await file.arrayBuffer());
  if (sniffKind(data) !== claimed) throw invalidFields({ [field]: 'validation.file_extension' });
  return { name, contentType: CONTENT_TYPE[claimed], data };
}
