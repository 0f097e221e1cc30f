/**
 * The accessible name of the language switch's toggle for `language` ("Polski"): what it shows
 * ("PL") first, then the language's own name.
 */
export function languageName(language: string): RegExp {
  const escaped = language.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^[A-Z]{2} ${escaped}$`);
}
