import { useSignals } from '@preact/signals-react/runtime';
import { useId } from 'react';
import { t } from '../../i18n/index.ts';

/**
 * The product's description, as a section named by its heading (last on the page: the purchase comes
 * first). Plain text, not HTML: the provider's description is shown as written.
 */
export function ProductDescription({ text }: { text: string }) {
  useSignals();
  const id = useId();
  return (
    <section className="shop-product__description" aria-labelledby={`${id}description`}>
      <h2 id={`${id}description`}>{t('product.description')}</h2>
      <p>{text}</p>
    </section>
  );
}
