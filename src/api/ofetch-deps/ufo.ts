/**
 * The two URL helpers ofetch imports from `ufo`, for this client's calls only (vite.config.ts aliases
 * `ufo` here): the whole of ufo's URL parser came along with them, 1.3 kB brotli of the shared runtime
 * that every element loads. Same results for what the client sends: a path (or an absolute URL) and a
 * flat query of strings, numbers and booleans.
 */

/** `input` under `base`: an absolute URL or a path already under `base` stays as it is; else one slash joins them. */
export function withBase(input: string, base: string): string {
  const root = base.replace(/\/$/, '');
  if (!root || /^[\w+.-]{2,}:[/\\]/.test(input) || (input.startsWith(root) && /^(?:[/?]|$)/.test(input.slice(root.length)))) return input;
  return `${root}/${input.replace(/^\.?\//, '')}`;
}

/** `input` with `query` appended: `undefined` left out, `null` as an empty value, an array as repeated keys. */
export function withQuery(input: string, query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of [value].flat()) params.append(key, item === null ? '' : typeof item === 'object' ? JSON.stringify(item) : String(item));
  }
  const search = params.toString();
  return search ? `${input}${input.includes('?') ? '&' : '?'}${search}` : input;
}
