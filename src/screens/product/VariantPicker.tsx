import { useSignals } from '@preact/signals-react/runtime';
import type { Variant } from '../../contract/contract.ts';
import { colourHex, colourName } from '../../i18n/colours.ts';
import { t } from '../../i18n/index.ts';
import { SelectButton, type SelectButtonOption } from '../../widgets/select-button/SelectButton.tsx';
import { distinctCodes, findVariant } from './purchase.ts';

/** Props of {@link VariantPicker}. */
export interface VariantPickerProps {
  variants: readonly Variant[];
  /** The chosen variant's colour code (`null` when the product has no colours). */
  colour: string | null;
  /** The chosen variant's size code (`null` when the product has no sizes). */
  size: string | null;
  onColourChange: (colour: string) => void;
  onSizeChange: (size: string) => void;
}

/**
 * The product's colours and sizes (spec §3 Variant), each a radio group (the kit's `SelectButton`,
 * WAI-ARIA APG "Radio Group": one tab stop, arrow keys move and choose). Colours are named from the
 * colour table in the interface language ("Navy" / "Granatowy") beside a swatch; sizes show their
 * codes. A size that does not exist in the chosen colour cannot be chosen. A product without colours
 * or sizes shows no group for them.
 */
export function VariantPicker({ variants, colour, size, onColourChange, onSizeChange }: VariantPickerProps) {
  useSignals();
  const colours = distinctCodes(variants, (variant) => variant.color_code);
  const sizes = distinctCodes(variants, (variant) => variant.size_code);
  if (colours.length === 0 && sizes.length === 0) return null;

  const colourOptions: SelectButtonOption[] = colours.map((code) => {
    const hex = colourHex(code);
    return {
      value: code,
      label: (
        <span className="shop-product__colour">
          {hex && <span className="shop-product__swatch" style={{ backgroundColor: hex }} aria-hidden="true" />}
          {colourName(code)}
        </span>
      ),
    };
  });
  const sizeOptions: SelectButtonOption[] = sizes.map((code) => ({
    value: code,
    label: code,
    disabled: findVariant(variants, colours.length > 0 ? colour : null, code) === undefined,
  }));

  return (
    <div className="shop-product__variants">
      {colours.length > 0 && (
        <SelectButton label={t('product.colour')} options={colourOptions} value={colour} onValueChange={onColourChange} size="small" />
      )}
      {sizes.length > 0 && <SelectButton label={t('product.size')} options={sizeOptions} value={size} onValueChange={onSizeChange} size="small" />}
    </div>
  );
}
