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
