/**
 * ofetch's fallback body parser, which it imports from `destr` (vite.config.ts aliases `destr` here).
 * The client always passes its own `parseResponse`, so this never runs for it; it stays a plain
 * `JSON.parse` that hands back text that is not JSON, as destr does, instead of destr's 0.5 kB brotli.
 */
export default function destr(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
