import { signal } from '@preact/signals-react';
import { pageSingleton } from '../page-singleton.ts';

/** Where relative image and file paths are served from (spec §7), e.g. `https://api.example/storage/`. */
export const storageBase = pageSingleton('storageBase', () => signal('/storage/'));
