import type { ReactNode } from 'react';

/**
 * One term and its value in a description list (`<dl>`): wrapped in a `<div>`, as HTML allows, so a
 * list can lay its rows out as a grid. Used by the order page, the checkout summary and the
 * coordinator's requests and buyers.
 */
export function FactRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The non-empty `[term, value]` pairs of a list of facts as rows. */
export function FactRows({ facts }: { facts: readonly (readonly [string, string])[] }) {
  return (
    <>
      {facts
        .filter(([, value]) => value !== '')
        .map(([term, value]) => (
          <FactRow key={term} term={term}>
            {value}
          </FactRow>
        ))}
    </>
  );
}
