import { useSignals } from '@preact/signals-react/runtime';
import type { CSSProperties } from 'react';
import { t } from '../../i18n/index.ts';
import { ListboxOption } from '../shared/ListboxOption.tsx';
import { Portal } from '../shared/Portal.tsx';
import type { DropdownOption } from './Dropdown.tsx';

/** The open list is at most this tall and scrolls beyond it (spec §9 "Dropdown max height 400 px"). */
export const DROPDOWN_MAX_HEIGHT_PX = 400;

/** Props of {@link DropdownList}. */
export interface DropdownListProps {
  listId: string;
  labelId: string;
  optionId: (index: number) => string;
  options: readonly DropdownOption[];
  /** The chosen value, marked `data-checked`. */
  value: string | null;
  /** The active option (`aria-selected`, the trigger's active descendant). */
  active: number;
  setList: (node: HTMLUListElement | null) => void;
  floatingStyles: CSSProperties;
  onHover: (index: number) => void;
  onChoose: (index: number) => void;
}

/**
 * A dropdown's open `listbox`, in the element's overlay layer. The pointer never takes focus from the
 * trigger; hovering an enabled option makes it active, clicking it chooses it. Parts: `listbox`, `option`.
 */
export function DropdownList({ listId, labelId, optionId, options, value, active, setList, floatingStyles, onHover, onChoose }: DropdownListProps) {
  useSignals();
  return (
    <Portal>
      <ul
        ref={setList}
        id={listId}
        role="listbox"
        aria-labelledby={labelId}
        className="shop-dropdown__list"
        part="listbox"
        style={{ ...floatingStyles, maxHeight: `${DROPDOWN_MAX_HEIGHT_PX}px` }}
        // Keep focus on the trigger while the pointer works the list.
        onMouseDown={(event) => event.preventDefault()}
      >
        {options.length === 0 && (
          <li role="option" aria-selected="false" aria-disabled="true" className="shop-dropdown__empty">
            {t('widgets.no_data')}
          </li>
        )}
        {options.map((option, index) => (
          <ListboxOption
            key={option.value}
            id={optionId(index)}
            index={index}
            label={option.label}
            active={index === active}
            checked={option.value === value}
            disabled={option.disabled}
            className="shop-dropdown__option"
            onHover={onHover}
            onChoose={() => onChoose(index)}
          />
        ))}
      </ul>
    </Portal>
  );
}
