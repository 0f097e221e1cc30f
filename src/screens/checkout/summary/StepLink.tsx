import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import { hrefFor } from '../../../app/router.tsx';
import { checkoutPath, useCheckoutNavigation, type CheckoutStep } from '../CheckoutFrame.tsx';

/** Props of {@link StepLink}. */
export interface StepLinkProps {
  step: CheckoutStep;
  children: ReactNode;
  /** A fuller accessible name than the visible text (several "Edit" links on one screen). */
  'aria-label'?: string;
  id?: string;
}

/**
 * A link back to a checkout step: a real link (its path, so it can be opened elsewhere) that moves
 * through the checkout's navigation on a plain click, so it works in `<shop-checkout>` too.
 */
export function StepLink({ step, children, id, 'aria-label': label }: StepLinkProps) {
  useSignals();
  const navigation = useCheckoutNavigation();
  return (
    <a
      id={id}
      href={hrefFor(checkoutPath(step))}
      className="shop-checkout__link"
      aria-label={label}
      onClick={(event) => {
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigation.go(step);
      }}
    >
      {children}
    </a>
  );
}
