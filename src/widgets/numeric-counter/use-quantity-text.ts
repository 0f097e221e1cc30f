import { useState } from 'react';
import { readQuantity } from '../../domain/quantity-text.ts';
import { formatNumber } from '../../i18n/format.ts';
import { t } from '../../i18n/index.ts';
import { locale } from '../../store/locale.ts';
import { useControllableState } from '../shared/use-controllable-state.ts';

/** What the counter says about the typed text: a refusal (the value did not change) or a change it made. */
export type Note = { kind: 'refused' | 'changed'; text: string } | null;

/** The message of a bound that changed a typed quantity: "At most 10,000 per line: changed to 10,000." */
function changedNote(bound: 'min' | 'max', value: number): Note {
  const qty = formatNumber(value);
  return { kind: 'changed', text: t(bound === 'max' ? 'widgets.quantity_changed_max' : 'widgets.quantity_changed_min', { qty }) };
}

/** What {@link useQuantityText} needs: the counter's controlled/uncontrolled value, callbacks and bounds. */
export interface QuantityTextOptions {
  value: number | undefined;
  defaultValue: number | undefined;
  onValueChange: ((value: number) => void) | undefined;
  onTextErrorChange: ((refused: boolean) => void) | undefined;
  low: number;
  high: number;
}

/**
 * The numeric counter's value and the text in its input, kept apart so a quantity never changes
 * silently: refused text stays as typed with a note, a number over the maximum becomes the maximum
 * with a note, one under the minimum shows as the minimum once the field is left. `commit` sets a
 * value (bounded) and its text at once, as the buttons and keys do.
 */
export function useQuantityText({ value: valueProp, defaultValue, onValueChange, onTextErrorChange, low, high }: QuantityTextOptions) {
  const lang = locale.value;
  const clamp = (n: number) => Math.min(high, Math.max(low, Number.isFinite(n) ? Math.trunc(n) : 0));
  const [value, setValue] = useControllableState(valueProp, clamp(defaultValue ?? 0), onValueChange);
  const [text, setText] = useState(() => String(value));
  const [note, setNoteState] = useState<Note>(null);

  const setNote = (next: Note) => {
    if ((next?.kind === 'refused') !== (note?.kind === 'refused')) onTextErrorChange?.(next?.kind === 'refused');
    setNoteState(next);
  };

  /** The whole number the text stands for (empty: 0), `null` for refused text. */
  const numberOf = (raw: string): number | null => {
    const reading = readQuantity(raw, lang);
    return reading.kind === 'number' ? reading.value : reading.kind === 'empty' ? 0 : null;
  };

  // A value set from outside shows at once, unless the text already stands for it (mid-typing).
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    const typed = numberOf(text);
    if (typed === null || clamp(typed) !== value) {
      setText(String(value));
      if (note !== null) setNote(null);
    }
  }

  const commit = (next: number) => {
    const bounded = clamp(next);
    setValue(bounded);
    setText(String(bounded));
    setNote(null);
    return bounded;
  };

  const onType = (raw: string) => {
    const reading = readQuantity(raw, lang);
    if (reading.kind === 'not_whole' || reading.kind === 'not_number') {
      // Refused: the text stays as typed so it can be corrected, the value stays what it was.
      setText(raw);
      setNote({ kind: 'refused', text: t(reading.kind === 'not_whole' ? 'widgets.quantity_not_whole' : 'widgets.quantity_not_number') });
      return;
    }
    const typed = reading.kind === 'empty' ? 0 : reading.value;
    if (typed > high) {
      commit(high);
      setNote(changedNote('max', high));
      return;
    }
    // Below the minimum the text stays (the user may be on the way to a bigger number) and the value
    // is the minimum; leaving the field shows and says it.
    setText(raw);
    setValue(clamp(typed));
    setNote(null);
  };

  const onBlur = () => {
    if (note?.kind === 'refused') return;
    const typed = numberOf(text);
    if (typed !== null && typed < low) {
      setText(String(low));
      setNote(changedNote('min', low));
      return;
    }
    setText(String(value));
  };

  return { value, text, note, commit, onType, onBlur };
}
