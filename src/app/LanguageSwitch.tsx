import { useSignals } from '@preact/signals-react/runtime';
import { useEmit } from '../kit/element-context.tsx';
import { t } from '../i18n/index.ts';
import { LOCALES, locale, requestedLocale, setLocale } from '../store/locale.ts';
import { SelectButton } from '../widgets/select-button/SelectButton.tsx';

export interface LanguageSwitchProps {
  /** Show the "Language" label (hidden by default; still announced to screen readers). */
  showLabel?: boolean;
}

/**
 * Switches the interface language of every shop element on the page (en / pl, spec §1). Language
 * names are written in their own language, so a user who cannot read the current one finds theirs.
 * Toggle buttons, not radios: the arrow keys only move between them, so passing over a language never
 * switches the whole interface (WCAG 3.2.2).
 * `onSwitch` (React only, not an attribute) runs after the user picked a language.
 */
export function LanguageSwitch({ showLabel = false, onSwitch }: LanguageSwitchProps & { onSwitch?: () => void }) {
  useSignals();
  const emit = useEmit();
  return (
    <SelectButton
      label={t('app.language')}
      hideLabel={!showLabel}
      size="small"
      choice="toggle"
      value={locale.value}
      options={LOCALES.map((code) => ({
        value: code,
        // Named by what it shows first ("PL", WCAG 2.5.3), then the language's own name, spoken in that language (3.1.2).
        label: (
          <>
            {`${code.toUpperCase()} `}
            <span className="shop-visually-hidden" lang={code}>
              {t(`app.languages.${code}`)}
            </span>
          </>
        ),
      }))}
      onValueChange={(next) => {
        setLocale(next);
        onSwitch?.();
        // The language picked (it shows once its texts are loaded).
        emit('shop-locale-change', { locale: requestedLocale.peek() });
      }}
    />
  );
}
