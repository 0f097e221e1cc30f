import type { ReactNode } from 'react';

/** Props of {@link ListboxOption}. */
export interface ListboxOptionProps {
  id: string;
  index: number;
  label: ReactNode;
  /** The active option: `aria-selected`, and the focused control's active descendant. */
  active: boolean;
  /** The chosen value, marked `data-checked`. */
  checked: boolean;
  disabled?: boolean;
  className: string;
  onHover: (index: number) => void;
  onChoose: () => void;
}

/**
 * One option of a listbox whose focus stays on another control (the Dropdown's trigger, the
 * Autocomplete's input: `aria-activedescendant`): hovering an enabled option makes it active, clicking
 * it chooses it; a disabled one does neither. Part: `option`.
 */
export function ListboxOption({ id, index, label, active, checked, disabled, className, onHover, onChoose }: ListboxOptionProps) {
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      aria-disabled={disabled || undefined}
      data-index={index}
      data-active={active || undefined}
      data-checked={checked || undefined}
      className={className}
      part="option"
      onMouseMove={() => {
        if (!disabled && !active) onHover(index);
      }}
      onClick={() => {
        if (!disabled) onChoose();
      }}
    >
      {label}
    </li>
  );
}
