import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadMessages } from './i18n/index.ts';

// The dictionaries load on demand in the browser; tests render texts at once, so both languages load up front.
// Likewise the HTML sanitiser, which SafeHtml loads with the first shop HTML.
await Promise.all([loadMessages('en'), loadMessages('pl')]);

/** Unmounts what each test rendered (vitest runs without globals, so RTL cannot do it itself). */
afterEach(() => cleanup());

// jsdom lacks a few browser APIs the widgets use; these stand-ins do the least a test needs.
if (!('ResizeObserver' in globalThis)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });
}
// Node-environment tests of the jsdom projects (the elements imported on a server) share this setup file: only patch where there is a DOM.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (typeof Element !== 'undefined' && !Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;
function showModal(this: HTMLDialogElement): void {
  this.setAttribute('open', '');
}
function closeDialog(this: HTMLDialogElement): void {
  this.removeAttribute('open');
  this.dispatchEvent(new Event('close'));
}
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = showModal;
  HTMLDialogElement.prototype.close = closeDialog;
}
