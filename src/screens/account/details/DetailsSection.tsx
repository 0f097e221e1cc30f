import { useSignals } from '@preact/signals-react/runtime';
import { useId, type ReactNode, type Ref } from 'react';

/** Props of {@link DetailsSection}. */
export interface DetailsSectionProps {
  /** The section's `<h2>`, which also names the section. */
  title: string;
  /** A short text under the heading. */
  intro?: string;
  /** The heading, to move focus to it after an action that removes what had focus. */
  headingRef?: Ref<HTMLHeadingElement>;
  children?: ReactNode;
}

/** One card of the account details screen: a region named by its `<h2>`. */
export function DetailsSection({ title, intro, headingRef, children }: DetailsSectionProps) {
  useSignals();
  const headingId = useId();
  return (
    <section className="shop-account-details__section" aria-labelledby={headingId}>
      <h2 ref={headingRef} id={headingId} className="shop-account-details__title" tabIndex={-1}>
        {title}
      </h2>
      {intro && <p className="shop-account-details__text">{intro}</p>}
      {children}
    </section>
  );
}
