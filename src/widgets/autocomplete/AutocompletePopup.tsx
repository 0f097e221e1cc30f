import { useSignals } from '@preact/signals-react/runtime';
import type { CSSProperties } from 'react';
import { t } from '../../i18n/index.ts';
import { ListboxOption } from '../shared/ListboxOption.tsx';
import { Portal } from '../shared/Portal.tsx';
import type { AutocompleteOption } from './Autocomplete.tsx';

/** The suggestion list is at most this tall and scrolls beyond it (spec §9 "autocomplete list 250 px"). */
export const AUTOCOMPLETE_MAX_HEIGHT_PX = 250;

/** Props of {@link AutocompletePopup}. */
export interface AutocompletePopupProps {
  listId: string;
  labelId: string;
  optionId: (index: number) => string;
  /** The options the typed text matches. */
  matches: readonly AutocompleteOption[];
  /** The chosen value, marked `data-checked`. */
  value: string | null;
  /** The active suggestion (`aria-selected`, the input's active descendant). */
  active: number;
  setPopup: (node: HTMLDivElement | null) => void;
  floatingStyles: CSSProperties;
  onHover: (index: number) => void;
  onChoose: (option: AutocompleteOption) => void;
}

/**
 * An autocomplete's open popup, in the element's overlay layer: the `listbox` of matches, or "No data"
 * when nothing matches. The pointer never takes focus from the input. Parts: `popup`, `listbox`,
 * `option`, `empty`.
 */
export function AutocompletePopup({ listId, labelId, optionId, matches, value, active, setPopup, floatingStyles, onHover, onChoose }: AutocompletePopupProps) {
  useSignals();
  return (
    <Portal>
      <div ref={setPopup} className="shop-autocomplete__popup" part="popup" style={floatingStyles} onMouseDown={(event) => event.preventDefault()}>
        {matches.length > 0 ? (
          <ul
            id={listId}
            role="listbox"
            aria-labelledby={labelId}
            className="shop-autocomplete__list"
            part="listbox"
            style={{ maxHeight: `${AUTOCOMPLETE_MAX_HEIGHT_PX}px` }}
          >
            {matches.map((option, index) => (
              <ListboxOption
                key={option.value}
                id={optionId(index)}
                index={index}
                label={option.label}
                active={index === active}
                checked={option.value === value}
                disabled={option.disabled}
                className="shop-autocomplete__option"
                onHover={onHover}
                onChoose={() => onChoose(option)}
              />
            ))}
          </ul>
        ) : (
          <p className="shop-autocomplete__empty" part="empty">
            {t('widgets.no_data')}
          </p>
        )}
      </div>
    </Portal>
  );
}
