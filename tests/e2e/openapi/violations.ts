/**
 * What Prism says about one proxied call. Prism's HTTP server (`@stoplight/prism-http-server`,
 * `addViolationHeader`) puts every request and response violation of a call in the `sl-violations`
 * answer header as a JSON array of `{location, severity, code, message}`, `location` starting with
 * `request` or `response`; a list longer than about 8 kB is cut and prefixed `Too many violations! `.
 * With `--errors=false` the server's answer still goes through unchanged.
 */
export interface Violation {
  location: string[];
  severity: string;
  code?: string | number;
  message: string;
}

/** The violations of an `sl-violations` header value (none for a missing header). */
export function parseViolations(header: string | null): Violation[] {
  if (!header) return [];
  const tooMany = 'Too many violations! ';
  if (header.startsWith(tooMany)) return [{ location: ['request'], severity: 'Error', message: `${tooMany}${header.slice(tooMany.length, tooMany.length + 300)}…` }];
  try {
    const parsed = JSON.parse(header) as unknown;
    if (Array.isArray(parsed)) return parsed.map(asViolation);
  } catch {
    // Falls through: an unreadable header is itself reported.
  }
  return [{ location: ['request'], severity: 'Error', message: `unreadable sl-violations header: ${header.slice(0, 300)}` }];
}

function asViolation(entry: unknown): Violation {
  const value = (entry ?? {}) as Partial<Violation>;
  return {
    location: Array.isArray(value.location) ? value.location.map(String) : ['request'],
    severity: String(value.severity ?? 'Error'),
    ...(value.code !== undefined ? { code: value.code } : {}),
    message: String(value.message ?? JSON.stringify(entry)),
  };
}

/**
 * Prism's own failure in place of the server's answer (it could not reach the server, or refused the
 * call itself): Prism answers `application/problem+json` with a `type` under
 * `https://stoplight.io/prism/errors#`; the reference server never sends that media type.
 */
export function prismFailure(contentType: string | null, body: Buffer): string | undefined {
  if (!contentType?.startsWith('application/problem+json')) return undefined;
  return `Prism answered instead of the server: ${body.toString('utf8').slice(0, 300)}`;
}
