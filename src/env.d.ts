/// <reference types="vite/client" />

/** One part of a language's dictionary, cut out at build time (`build/message-parts.ts`; typed in `src/i18n/index.ts`). */
declare module '*.ts?part=core' {
  const part: Record<string, unknown>;
  export default part;
}
declare module '*.ts?part=base' {
  const part: Record<string, unknown>;
  export default part;
}
declare module '*.ts?part=screens' {
  const part: Record<string, unknown>;
  export default part;
}

/** The part of jsdom the server's renderer uses (elements/storefront-server.tsx): a window for DOMPurify. */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
