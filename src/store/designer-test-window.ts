import { vi } from 'vitest';

/** What the designer bridge's message listener receives. */
type Listener = (event: Pick<MessageEvent, 'source' | 'origin' | 'data'>) => void;

/**
 * Test helper: a stand-in framed window for the designer bridge (jsdom has no real frames). Its
 * parent records what the storefront posts; `send` plays a message to the page from `origin` (the
 * designer by default) and `source` (the parent by default).
 */
export function framedWindow(designerOrigin: string) {
  const listeners: Listener[] = [];
  const parent = { postMessage: vi.fn<(message: unknown, targetOrigin: string) => void>() };
  const win = { parent, document, addEventListener: (_type: string, listener: Listener) => listeners.push(listener) } as unknown as Window;
  const send = (data: unknown, origin = designerOrigin, source: unknown = parent) => {
    for (const listener of listeners) listener({ source: source as MessageEventSource, origin, data });
  };
  return { win, parent, send, listeners };
}
