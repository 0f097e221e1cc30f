import { useSignals } from '@preact/signals-react/runtime';
import { t } from '../../i18n/index.ts';
import { registerStyles } from '../../theme/styles.ts';
import css from './close-button.css?inline';

registerStyles('close-button', css);

/**
 * The Close button of the Dialog and the Drawer: an icon button named "Close" in the page's locale
 * (`widgets.close`), exposed as the `button` part both document, at the end of their header.
 */
export function CloseButton({ onClick }: { onClick: () => void }) {
  useSignals();
  return (
    <button type="button" className="shop-close-button" part="button" aria-label={t('widgets.close')} onClick={onClick}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
      </svg>
    </button>
  );
}
