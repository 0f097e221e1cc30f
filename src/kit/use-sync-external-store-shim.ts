/**
 * Stand-in for `use-sync-external-store/shim` (imported by @preact/signals-react's runtime). The shim
 * exports `React.useSyncExternalStore` whenever React has it, and React 19 always does, so this is the
 * same hook without shipping the fallback implementation and its CommonJS wrapper (vite.config.ts
 * aliases the shim here for the build).
 */
export { useSyncExternalStore } from 'react';
