/**
 * The package's version, as `package.json` has it (`build/package-manifest.test.ts` keeps the two
 * equal): the page-singleton registry is keyed by its major. Written here rather than imported from
 * `package.json`, which Node's own module loader (Playwright's specs, plain `node`) takes only with an
 * import attribute, and then whole.
 */
export const PACKAGE_VERSION = '1.0.0';
