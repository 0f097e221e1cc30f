import { describe, expect, it } from 'vitest';
import { variantPictures, variantThumbnail } from './variant-pictures.ts';

const TEE = {
  images: ['products/tshirt-black.svg', 'products/tshirt-white.svg', 'products/tshirt-navy.svg', 'products/tshirt-back.svg'],
  variants: [
    { id: 1, image: 'products/tshirt-black.svg' },
    { id: 2, image: 'products/tshirt-black.svg' },
    { id: 3, image: 'products/tshirt-white.svg' },
    { id: 4, image: 'products/tshirt-navy.svg' },
  ],
};

describe('variantPictures', () => {
  it("should show the chosen variant's picture and no other colour's", () => {
    expect(variantPictures(TEE, TEE.variants[2])).toEqual(['products/tshirt-white.svg', 'products/tshirt-back.svg']);
    expect(variantPictures(TEE, TEE.variants[0])).toEqual(['products/tshirt-black.svg', 'products/tshirt-back.svg']);
  });

  it('should keep a picture two sizes of one colour share', () => {
    expect(variantPictures(TEE, TEE.variants[1])).toEqual(['products/tshirt-black.svg', 'products/tshirt-back.svg']);
  });

  it("should put a linked picture the product's list lacks first", () => {
    const product = { images: ['products/mug.svg'], variants: [{ id: 1, image: 'products/mug-red.svg' }] };
    expect(variantPictures(product, product.variants[0])).toEqual(['products/mug-red.svg', 'products/mug.svg']);
  });

  it("should show the product's pictures when nothing is linked or chosen", () => {
    const unlinked = { images: ['a.svg', 'b.svg'], variants: [{ id: 1 }, { id: 2, image: null }, { id: 3, image: '' }] };
    expect(variantPictures(unlinked, unlinked.variants[0])).toEqual(['a.svg', 'b.svg']);
    expect(variantPictures(unlinked, unlinked.variants[1])).toEqual(['a.svg', 'b.svg']);
    expect(variantPictures(unlinked, unlinked.variants[2])).toEqual(['a.svg', 'b.svg']);
    expect(variantPictures(TEE, null)).toEqual(TEE.images);
  });
});

describe('variantThumbnail', () => {
  it("should be the variant's picture, else the product's first, else none", () => {
    expect(variantThumbnail(TEE, TEE.variants[3])).toBe('products/tshirt-navy.svg');
    expect(variantThumbnail({ images: ['a.svg'], variants: [] }, { id: 9 })).toBe('a.svg');
    expect(variantThumbnail({ images: [], variants: [] }, { id: 9 })).toBeNull();
  });
});
