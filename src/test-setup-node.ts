import { loadMessages } from './i18n/index.ts';

/**
 * The set-up of the unit tests that run in Node (project `unit-node`): both dictionaries loaded up
 * front, as `test-setup.ts` does for the page's tests, without the DOM matchers and React's testing
 * library, which these tests do not use and which cost each file most of a second to import.
 */
await Promise.all([loadMessages('en'), loadMessages('pl')]);
