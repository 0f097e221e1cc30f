/**
 * Which pictures show for the variant a buyer chose (picking White must show the white
 * T-shirt, on the product page and as the thumbnail of the cart line and the order line).
 *
 * A provider links a picture to a variant with the variant's `image` (docs/api.md "The product"), as
 * Shopify's variants carry their `image`: usually every variant of one colour names the same picture.
 * The product's `images` stay the product's own gallery. A provider that links nothing is shown as
 * before: the product's pictures, the first as the thumbnail.
 *
 * @module
 */

/** The picture fields of a product and its variants; the contract's `Product` satisfies it. */
export interface PicturedProduct {
  images: readonly string[];
  variants: readonly PicturedVariant[];
}

/** The picture field of a variant. */
export interface PicturedVariant {
  id: number;
  image?: string | null;
}

/**
 * The gallery for `variant` of `product`: the variant's own picture first, then the product's
 * pictures that no other variant names (a general view, the back, a detail), so another colour's
 * picture never shows for this one. Without a chosen or linked variant: the product's pictures.
 */
export function variantPictures(product: PicturedProduct, variant: PicturedVariant | null | undefined): string[] {
  const own = variant?.image || null;
  if (!own) return [...product.images];
  const others = new Set(product.variants.filter((candidate) => candidate.id !== variant?.id && candidate.image).map((candidate) => candidate.image));
  return [own, ...product.images.filter((image) => image !== own && !others.has(image))];
}

/** The thumbnail for a cart or order line of `variant`: the first of {@link variantPictures}, or null. */
export function variantThumbnail(product: PicturedProduct, variant: PicturedVariant | null | undefined): string | null {
  return variantPictures(product, variant)[0] ?? null;
}
