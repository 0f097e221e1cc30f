import { useSignals } from '@preact/signals-react/runtime';
import type { MouseEvent } from 'react';
import type { Popup } from '../../contract/contract.ts';
import { t } from '../../i18n/index.ts';
import { registerStyles } from '../../theme/styles.ts';
import { Button } from '../../widgets/button/Button.tsx';
import { Dialog } from '../../widgets/dialog/Dialog.tsx';
import { SafeHtml } from '../../kit/content/SafeHtml.tsx';
import css from './popups.css?inline';
import { usePopupTurn } from './popup-turn.ts';

registerStyles('popups', css);

/** Props of {@link PopupDialog}. */
export interface PopupDialogProps {
  popup: Popup;
  /** The visitor is done with the popup: Close, Escape, or a followed storefront link. */
  onClose: () => void;
}

/**
 * One shop popup as a modal {@link Dialog} (mount it to open it): the popup's title as the heading and
 * accessible name (a generic "Announcement" when the shop left it empty, so the dialog is never
 * unnamed), its HTML sanitised by {@link SafeHtml}, and a Close button. A click on a link to a storefront
 * path navigates (SafeHtml routes it and prevents the page load) and closes the popup as well. It
 * opens only when its turn comes (`usePopupTurn`): never over someone typing, in a menu or a dialog.
 */
export function PopupDialog({ popup, onClose }: PopupDialogProps) {
  useSignals();
  const turn = usePopupTurn();
  const title = popup.popup_data.title.trim() || t('popups.label');
  // Runs after SafeHtml's own handler (the event bubbles to here): a prevented click on a link is one
  // it routed inside the storefront, so the visitor has left the popup for another screen.
  const onContentClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented && (event.target as Element).closest('a')) onClose();
  };
  if (!turn) return null;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      className="shop-popup"
      footer={<Button onClick={onClose}>{t('popups.close')}</Button>}
    >
      <div onClick={onContentClick}>
        <SafeHtml className="shop-popup__content" html={popup.popup_data.html} />
      </div>
    </Dialog>
  );
}
