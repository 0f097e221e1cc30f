import type { Website } from '../contract/contract.ts';
import type { CheckoutGuardState, GuardContext } from '../domain/guards.ts';
import { designerMode } from '../store/designer-preview.ts';
import { isCoordinator, isLoggedIn } from '../store/session.ts';

/**
 * What the route guards know right now (`guardRoute`): the session and designer mode from the store,
 * the shop's rules from `website`, and the URL asked for. Read inside a component, so it re-renders
 * when any of them changes. `checkout` is left out where no step guard applies.
 */
export function guardContext(website: Website, path: string, query: Readonly<Record<string, string>>, checkout?: CheckoutGuardState): GuardContext {
  return {
    loggedIn: isLoggedIn.value,
    isCoordinator: isCoordinator.value,
    loginRequired: website.login_required,
    currency: website.currency,
    registrationType: website.registration_type,
    designerMode: designerMode.value,
    query,
    returnTo: path,
    checkout,
  };
}
