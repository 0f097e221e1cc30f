/**
 * What the floating layers (tooltip, popover, account menu, dropdown and autocomplete lists) use of
 * Floating UI, in one module that `use-lazy-floating.ts` loads with `import()` when a layer first
 * opens: a page whose layers stay closed never downloads it.
 */
export { autoUpdate, computePosition, flip, offset, shift, size } from '@floating-ui/react-dom';
