/** Pure rules of the sign-in screens (no React), kept apart so every screen can use them. */

/**
 * Where Login sends the user afterwards: the `redirect` query parameter when it is a path inside the
 * storefront, else the homepage. Anything that could leave the site is refused: a protocol-relative
 * `//evil.example`, a backslash form browsers read the same way (`/\evil.example`), an absolute URL,
 * a relative path, or control characters.
 */
export function safeRedirect(value: string | null | undefined): string {
  if (!value || !value.startsWith('/')) return '/';
  if (value.startsWith('//') || value.startsWith('/\\')) return '/';
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return '/';
  }
  return value;
}

/** Whether a shop's `registration_type` has no registration form (`{product}_noform`, spec §2 guards). */
export function registrationClosed(registrationType: string | undefined): boolean {
  return registrationType?.endsWith('_noform') ?? false;
}
