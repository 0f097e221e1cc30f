import { useSignals } from '@preact/signals-react/runtime';
import { Suspense } from 'react';
import { popupPageSlug, popupsToShow } from '../../domain/popups.ts';
import type { RouteId } from '../../domain/routes.ts';
import { awaitingDesigner, designerMode } from '../../store/designer-preview.ts';
import { closedPopupIds, closePopup } from '../../store/popups.ts';
import { renderingAsServer } from '../../store/first-screen.ts';
import { isLoggedIn } from '../../store/session.ts';
import { shop } from '../../store/shop.ts';
import { retryableLazy } from '../../kit/lazy-retry.ts';

/** The dialog loads with the first popup: most screens show none, so the storefront's code stays lean. */
const PopupDialog = retryableLazy(() => import('./PopupDialog.tsx'), (module) => module.PopupDialog);

/** Props of {@link PopupHost}: the screen the storefront shows. */
export interface PopupHostProps {
  routeId: RouteId;
  /** The storefront path (base path stripped), with its query string. */
  path: string;
}

/**
 * The shop's popups for the current screen (spec §2 "Other UI"; `popupPageSlug` and `popupsToShow` of
 * `src/domain/popups.ts` decide which): one at a time in the shop's order, the next one once the
 * visitor closed the first. Closing (Close, Escape, or a storefront link inside) counts for the rest of
 * the session (`closePopup`). Renders nothing when no popup is due, so such screens keep their focus;
 * a due popup waits its turn (`PopupDialog`).
 */
export function PopupHost({ routeId, path }: PopupHostProps) {
  useSignals();
  const website = shop.value;
  // Which popups a visitor closed lives in the browser: they show once the server's page is hydrated.
  if (!website || renderingAsServer.value) return null;
  const [popup] = popupsToShow(website, popupPageSlug(routeId, path, website.pages), {
    loggedIn: isLoggedIn.value,
    // A framed page waiting for its designer holds popups too, so none flashes up before the mode is on.
    designerMode: designerMode.value || awaitingDesigner.value,
    closed: closedPopupIds.value,
  });
  if (!popup) return null;
  return (
    <Suspense fallback={null}>
      {/* Keyed by popup: the next popup is a new dialog, opened (and focused) afresh. */}
      <PopupDialog key={popup.id} popup={popup} onClose={() => closePopup(popup.id)} />
    </Suspense>
  );
}
