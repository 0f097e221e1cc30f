import { useState } from 'react';
import type { Variant } from '../../contract/contract.ts';
import { findVariant, initialVariant, variantForColour } from './purchase.ts';

/** The variant the product page shows and orders, and how the picker changes it. */
export interface VariantChoice {
  /** `undefined` only for a product without variants. */
  variant: Variant | undefined;
  /** Picks a colour, keeping the size where that colour has it (see `variantForColour`). */
  chooseColour: (colour: string) => void;
  /** Picks a size in the chosen colour. */
  chooseSize: (size: string) => void;
}

/**
 * The chosen variant of a product, starting from the first one that can be ordered. A pick that
 * matches no variant keeps the one chosen, so the picker never leaves the page without a variant.
 */
export function useVariantChoice(variants: readonly Variant[]): VariantChoice {
  const first = initialVariant(variants);
  const [variantId, setVariantId] = useState<number | undefined>(first?.id);
  const variant = variants.find((item) => item.id === variantId) ?? first;
  const chooseColour = (colour: string) => setVariantId(variantForColour(variants, colour, variant?.size_code ?? null)?.id ?? variantId);
  const chooseSize = (size: string) => setVariantId(findVariant(variants, variant?.color_code ?? null, size)?.id ?? variantId);
  return { variant, chooseColour, chooseSize };
}
