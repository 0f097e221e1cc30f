import { useEffect, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { CardInfoSchema, type Product, type Website } from '../../contract/contract.ts';
import { counterBounds, withinCounterMax, type CounterBounds } from '../../domain/counter-bounds.ts';
import { unitPrice } from '../../domain/pricing.ts';
import { maxLineQuantity, variantLimit } from '../../domain/quantity.ts';
import { formatNumber } from '../../i18n/format.ts';
import { t } from '../../i18n/index.ts';
import { showAlert } from '../../store/alerts.ts';
import { addToCart, cartLines } from '../../store/cart.ts';
import { renderingAsServer } from '../../store/first-screen.ts';
import { locale, type Locale } from '../../store/locale.ts';
import { isPointsShop } from '../../store/shop.ts';
import { useFormState, type FormState } from '../use-form-state.ts';
import { CARD_RULES, EMPTY_CARD, NO_CARD_RULES, type CardField } from './BusinessCardForm.tsx';
import { purchasePrices, tierView, type PurchasePrices, type TierView } from './price-view.ts';
import { defaultQuantity, inCartOf, isOrderable, quantityErrors, type InCart } from './purchase.ts';
import { quantityRuleTexts, quantityText, variantLabel } from './purchase-texts.ts';
import { useBudgetCheck, type BudgetState } from './use-budget-check.ts';
import { useMinuteClock } from './use-minute-clock.ts';
import { useVariantChoice, type VariantChoice } from './use-variant-choice.ts';

/** Everything the product page's purchase shows and does, for one render. */
export interface Purchase extends VariantChoice {
  /** The clock prices and the group buy are read at (ticks while a group buy with an end runs). */
  now: Date;
  lang: Locale;
  /** A points shop: prices are points, and the product's budget applies. */
  points: boolean;
  /** The counter's quantity, brought down to {@link maximum}. */
  qty: number;
  setQuantity: (quantity: number) => void;
  /** The variant's maximum (stock, the shop's cap, else 10,000); 0 without a variant. */
  maximum: number;
  /** The counter's bounds: from 1 to {@link maximum} (none when it is 0). */
  bounds: CounterBounds;
  /** The variant can be ordered at all (not out of stock). */
  orderable: boolean;
  /** What the cart already holds of the product. */
  inCart: InCart;
  /** The product's pieces with the counter's added: tiers and the group buy count them. */
  total: number;
  prices: PurchasePrices;
  tiers: TierView;
  budget: BudgetState;
  /** Quantity rules under the counter as information (none that is broken). */
  ruleTexts: string[];
  /** Broken quantity rules: the counter's error. */
  errorTexts: string[];
  /** Why the add is blocked, other than a quantity rule: shown beside the button. */
  problems: string[];
  /** The add button is disabled. */
  blocked: boolean;
  /** The business card's fields (no rules for other products). */
  form: FormState<CardField>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * The product page's purchase: the chosen variant and quantity, its prices, and the rules that block
 * the add (spec §8): the variant is out of stock; a minimum per line or across colours and sizes, or
 * the available maximum; in a points shop the product's budget has no active assignment for the user
 * or too few points left for the cart with this product. A business card's details are checked with
 * the contract's rules first and travel with the line. After an add: a success toast, and the counter
 * goes back to its starting quantity. A submit while adding is ignored (the form's own guard).
 */
export function usePurchase(product: Product, website: Website): Purchase {
  const choice = useVariantChoice(product.variants);
  const { variant } = choice;

  // The server rendered the page with an empty cart (it has none), and hydration renders it so; the
  // stored cart's pieces count once hydrated.
  const asServer = renderingAsServer.value;
  const inCart = inCartOf(asServer ? [] : cartLines.value, product.id);
  // The shop's cap on one variant's pieces per order (the server refuses more); null: the default.
  const shopMax = website.max_line_quantity ?? null;
  const [quantity, setQuantity] = useState(() => defaultQuantity(product, variant, inCart, shopMax));
  // Started as the server had it: once hydrated, the starting quantity follows the stored cart.
  const startedAsServer = useRef(asServer);
  useEffect(() => {
    if (asServer || !startedAsServer.current) return;
    startedAsServer.current = false;
    setQuantity(defaultQuantity(product, variant, inCartOf(cartLines.peek(), product.id), shopMax));
  }, [asServer, product, variant, shopMax]);
  const groupbuy = product.groupbuy;
  const now = useMinuteClock(groupbuy !== null && groupbuy.isActive && groupbuy.ends_at !== null);
  const form = useFormState(EMPTY_CARD, product.is_business_card ? CARD_RULES : NO_CARD_RULES);

  const lang = locale.value;
  const points = isPointsShop.value;
  const maximum = variant ? maxLineQuantity(variant, shopMax) : 0;
  // Said under the counter only when the stock or the shop limits it (not the 10,000 default).
  const limited = variant !== undefined && (variantLimit(variant) !== null || shopMax !== null);
  const orderable = variant !== undefined && isOrderable(variant);
  const bounds = counterBounds(maximum);
  // The counter's maximum (stock, shop cap, else 10,000): a quantity chosen for a variant with more is brought down to it.
  const qty = withinCounterMax(quantity, bounds);
  const total = inCart.product + qty;

  // Prices: the unit price of the product's total quantity (tiers count the cart too), as the shop shows it.
  const unit = unitPrice(product, total, now);
  const prices = purchasePrices({ product, website, variant, points, lang, unit, qty, now });
  const tiers = tierView(product, total, now);
  const budget = useBudgetCheck(product, points, unit, total);

  const qtyErrors = orderable && variant ? quantityErrors(product, variant, qty, inCart, shopMax) : [];
  const problems: string[] = [];
  if (!orderable) problems.push(t('product.availability.out_of_stock'));
  if (budget.check?.problem) problems.push(t(budget.check.problem));
  const blocked = !orderable || qtyErrors.length > 0 || problems.length > 0;

  // Rules shown as information under the counter; a broken one shows as the counter's error instead.
  const errorTexts = qtyErrors.map(quantityText);
  const ruleTexts = quantityRuleTexts(product, orderable, limited, maximum, errorTexts);

  const onSubmit = form.handleSubmit(async (values) => {
    if (blocked || !variant) return;
    const card = product.is_business_card ? v.parse(CardInfoSchema, values) : null;
    addToCart(product, variant, qty, card);
    const details = variantLabel(variant);
    showAlert({ type: 'success', header: t('product.added_to_cart'), content: `${formatNumber(qty)} × ${product.name}${details ? ` (${details})` : ''}` });
    // From the cart as it is now (peek: this runs outside a render), with the pieces just added.
    setQuantity(defaultQuantity(product, variant, inCartOf(cartLines.peek(), product.id), shopMax));
  });

  return {
    ...choice,
    now,
    lang,
    points,
    qty,
    setQuantity,
    maximum,
    bounds,
    orderable,
    inCart,
    total,
    prices,
    tiers,
    budget,
    ruleTexts,
    errorTexts,
    problems,
    blocked,
    form,
    onSubmit,
  };
}
