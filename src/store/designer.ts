import { signal } from '@preact/signals-react';
import { pageSingleton } from './registry.ts';

/**
 * Store-designer preview mode (spec §1, §6): switched on by a message from the embedding designer;
 * it bypasses the guest and auth guards and hides popups that would block the view.
 */
export const designerMode = pageSingleton('designerMode', () => signal(false));
