import { useSignals } from '@preact/signals-react/runtime';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { Product, Website } from '../../contract/contract.ts';
import { errorMessage } from '../../api/errors.ts';
import { formatNumber } from '../../i18n/format.ts';
import { t } from '../../i18n/index.ts';
import { Button } from '../../widgets/button/Button.tsx';
import { NumericCounter } from '../../widgets/numeric-counter/NumericCounter.tsx';
import { BusinessCardForm } from './BusinessCardForm.tsx';
import { PurchaseBudget } from './PurchaseBudget.tsx';
import { PurchaseFacts } from './PurchaseFacts.tsx';
import type { Purchase } from './use-purchase.ts';
import { ErrorSummary } from '../ErrorSummary.tsx';

/** Props of {@link PurchaseForm}. */
export interface PurchaseFormProps {
  product: Product;
  website: Website;
  purchase: Purchase;
}

/**
 * The add-to-cart form: the quantity counter with its rules, what that quantity comes to, what the
 * cart already holds, the budget in a points shop, a business card's details, and Add to cart. While
 * the add is blocked the button is disabled and the reasons show beside it; the button points at
 * them (`aria-describedby`) so a screen reader says why it cannot be pressed.
 */
export function PurchaseForm({ product, website, purchase }: PurchaseFormProps) {
  useSignals();
  const problemsId = `${useId()}problems`;
  // Text the counter refused ("2.5") is not the quantity that would be added: nothing is added until it is corrected.
  const [refusedText, setRefusedText] = useState(false);
  const { qty, bounds, orderable, ruleTexts, errorTexts, problems, form, lang, points } = purchase;
  const blocked = purchase.blocked || refusedText;
  const budget = product.budget;
  const submit = useRef<HTMLButtonElement>(null);
  const inCart = purchase.inCart.product;
  // What the cart holds shows above the button once something is added, pushing it down: the button a
  // keyboard user just pressed is kept in view, else their focus slides below the fold (WCAG 2.4.7).
  useLayoutEffect(() => {
    const button = submit.current;
    if (button && (button.getRootNode() as Document).activeElement === button) button.scrollIntoView({ block: 'nearest' });
  }, [inCart]);
  return (
    <form
      className="shop-product__form"
      noValidate
      onSubmit={(event) => {
        if (refusedText) event.preventDefault();
        else purchase.onSubmit(event);
      }}
    >
      <ErrorSummary summary={form.summary} />
      <NumericCounter
        label={t('product.quantity')}
        value={qty}
        onValueChange={purchase.setQuantity}
        onTextErrorChange={setRefusedText}
        min={bounds.min}
        max={bounds.max ?? undefined}
        disabled={!orderable}
        hint={ruleTexts.length > 0 ? ruleTexts.map((text) => <span key={text} className="shop-product__rule">{text}</span>) : undefined}
        error={errorTexts.length > 0 ? errorTexts.map((text) => <span key={text} className="shop-product__rule">{text}</span>) : undefined}
        className="shop-product__quantity"
      />

      <PurchaseFacts prices={purchase.prices} qty={qty} currency={website.currency} lang={lang} />

      {purchase.inCart.product > 0 && <p className="shop-product__in-cart">{t('product.in_cart', { count: formatNumber(purchase.inCart.product, lang) })}</p>}

      {points && budget && <PurchaseBudget budget={budget} state={purchase.budget} currency={website.currency} lang={lang} />}

      {product.is_business_card && <BusinessCardForm field={form.field} disabled={!orderable} />}

      <div className="shop-product__actions">
        <div id={problemsId} className="shop-product__problems" role="status">
          {problems.map((text) => (
            <p key={text} className="shop-product__problem">
              {text}
            </p>
          ))}
        </div>
        {form.formError !== null && (
          <p role="alert" className="shop-screen-frame__error">
            {errorMessage(form.formError)}
          </p>
        )}
        <Button ref={submit} type="submit" fullWidth loading={form.pending} disabled={blocked} aria-describedby={problems.length > 0 ? problemsId : undefined}>
          {t('product.add_to_cart')}
        </Button>
      </div>
    </form>
  );
}
