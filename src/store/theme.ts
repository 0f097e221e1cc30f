import { signal } from '@preact/signals-react';
import type { WebsiteSettings } from '../api/contract.ts';
import { pageSingleton } from './registry.ts';

/**
 * The shop's look (spec §1 `settings`), shared by every element: set from the shop config when it
 * loads, and by the store designer's live preview. `null` until a shop is known (defaults apply).
 */
export const themeSettings = pageSingleton('themeSettings', () => signal<Partial<WebsiteSettings> | null>(null));

/** Where relative image and file paths are served from (spec §7), e.g. `https://api.example/storage/`. */
export const storageBase = pageSingleton('storageBase', () => signal('/storage/'));
