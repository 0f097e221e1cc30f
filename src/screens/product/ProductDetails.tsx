import { useSignals } from '@preact/signals-react/runtime';
import type { Product, Website } from '../../contract/contract.ts';
import { formatProductPrice } from '../../kit/price.ts';
import { formatNumber } from '../../i18n/format.ts';
import { t } from '../../i18n/index.ts';
import { variantPictures } from '../../domain/variant-pictures.ts';
import { Gallery } from './Gallery.tsx';
import { GroupBuyPanel } from './GroupBuyPanel.tsx';
import { PriceTiers } from './PriceTiers.tsx';
import { ProductDescription } from './ProductDescription.tsx';
import { ProductSummary } from './ProductSummary.tsx';
import { PurchaseForm } from './PurchaseForm.tsx';
import { usePurchase } from './use-purchase.ts';
import { VariantPicker } from './VariantPicker.tsx';

/** Props of {@link ProductDetails}. */
export interface ProductDetailsProps {
  product: Product;
  website: Website;
}

/**
 * A loaded product: gallery, code, availability, budget, variants, price (per piece for the quantity
 * being ordered, with what the cart already holds, gross or net per the shop, or points), boxes, the
 * purchase form ({@link PurchaseForm}, its rules in {@link usePurchase}) and the price tiers or the
 * group buy. Mount it with the product's id as its `key`, so another product starts from its own
 * variant and quantity.
 */
export function ProductDetails({ product, website }: ProductDetailsProps) {
  useSignals();
  const purchase = usePurchase(product, website);
  const { variant, now, lang, points, total, tiers } = purchase;
  const { formatPrice } = purchase.prices;
  const groupbuy = product.groupbuy;

  return (
    <div className="shop-product__layout">
      <div className="shop-product__gallery" part="gallery">
        <Gallery images={variantPictures(product, variant)} name={product.name} colour={variant?.image ? variant.color_code : null} />
      </div>
      <div className="shop-product__info">
        <ProductSummary
          code={variant?.code || product.code}
          availability={variant?.availability ?? 'out_of_stock'}
          budget={points ? product.budget : null}
          price={formatProductPrice(product, total, website, lang, now)}
          hint={purchase.prices.hint}
        />

        <VariantPicker
          variants={product.variants}
          colour={variant?.color_code ?? null}
          size={variant?.size_code ?? null}
          onColourChange={purchase.chooseColour}
          onSizeChange={purchase.chooseSize}
        />

        <PurchaseForm product={product} website={website} purchase={purchase} />

        {groupbuy && <GroupBuyPanel groupbuy={groupbuy} quantity={total} now={now} formatPrice={formatPrice} />}
        {tiers.tiers.length > 0 && (
          <PriceTiers
            title={t('product.thresholds.title')}
            tiers={tiers.tiers}
            active={tiers.active}
            formatPrice={formatPrice}
            note={tiers.toNext === null ? null : t('product.thresholds.to_next_tier', { count: formatNumber(tiers.toNext, lang) })}
          />
        )}

        {product.description && <ProductDescription text={product.description} />}
      </div>
    </div>
  );
}
