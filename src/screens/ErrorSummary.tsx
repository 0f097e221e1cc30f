import { useSignals } from '@preact/signals-react/runtime';
import { useId, useLayoutEffect, useState } from 'react';
import { t } from '../i18n/index.ts';
import { registerStyles } from '../theme/styles.ts';
import { fieldName } from './field-name.ts';
import { focusField } from './form-focus.ts';
import type { ErrorSummaryState } from './failed-submit.ts';
import css from './error-summary.css?inline';

registerStyles('error-summary', css);

/** Each item's field name as rendered now, or the same object when nothing changed. */
function namesOf(summary: ErrorSummaryState, previous: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  const next: Record<string, string> = {};
  for (const item of summary.items) {
    const node = item.node();
    next[item.id] = node ? fieldName(node) : '';
  }
  const same = Object.keys(next).length === Object.keys(previous).length && Object.entries(next).every(([id, name]) => previous[id] === name);
  return same ? previous : next;
}

/**
 * A form's error summary after a failed submit (the GOV.UK pattern): "There is a problem" and each
 * wrong field's name with its message, as a button that moves focus to the field. It is an alert,
 * mounted afresh for each failed submit, so it is announced once per submit while focus goes to the
 * first wrong field (`useFormState`); a field corrected leaves the list silently, and the summary goes
 * when none is left. Field names are read from the rendered labels after each render (the summary
 * comes before its fields), so they follow the language.
 * Part: `error-summary`.
 */
export function ErrorSummary({ summary }: { summary: ErrorSummaryState }) {
  useSignals();
  const titleId = useId();
  const [names, setNames] = useState<Readonly<Record<string, string>>>({});
  useLayoutEffect(() => {
    setNames((previous) => namesOf(summary, previous));
  }, [summary]);
  if (summary.items.length === 0) return null;
  return (
    <div key={summary.attempt} className="shop-error-summary" role="alert" aria-labelledby={titleId} part="error-summary">
      <p id={titleId} className="shop-error-summary__title">{t('validation.summary_title')}</p>
      <ul className="shop-error-summary__list">
        {summary.items.map((item) => {
          const name = names[item.id];
          return (
            <li key={item.id}>
              <button type="button" className="shop-error-summary__link" onClick={() => focusField(item.node())}>
                {name ? `${name}: ${item.text}` : item.text}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
