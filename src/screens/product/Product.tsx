import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useState, type ReactNode } from 'react';
import * as v from 'valibot';
import { CardInfoSchema, type Product as ProductData, type Variant, type Website } from '../../api/contract.ts';
import { errorMessage, isApiClientError } from '../../api/errors.ts';
import { formatProductPrice, productDisplayPrice } from '../../app/price.ts';
import { navigate, routerActive } from '../../app/router.tsx';
import { useShopAndSession } from '../../app/use-shop-and-session.ts';
import { roundMoney } from '../../domain/money.ts';
import {
  boxesFor,
  cartTotals as moneyTotals,
  displayPrice,
  isGroupBuyActive,
  lineTotal,
  piecesToNextTier,
  pointsTotal,
  pricePerBox,
  quantityInBox,
  sortTiers,
  thresholdTier,
  unitPrice,
} from '../../domain/pricing.ts';
import { maxLineQuantity, variantLimit, type QuantityError } from '../../domain/quantity.ts';
import { buildPath, type RouteId } from '../../domain/routes.ts';
import { colourName } from '../../i18n/colours.ts';
import { formatMoney, formatNumber } from '../../i18n/format.ts';
import { t } from '../../i18n/index.ts';
import { showAlert } from '../../store/alerts.ts';
import { addToCart, cartBudgetTotals, cartLines, cartTotals } from '../../store/cart.ts';
import { designerMode } from '../../store/designer.ts';
import { locale } from '../../store/locale.ts';
import { cancelProductLoad, currentProduct, loadProduct, productError, productStatus, toProductId } from '../../store/product.ts';
import { sessionStatus, user } from '../../store/session.ts';
import { isPointsShop, shop } from '../../store/shop.ts';
import { registerStyles } from '../../theme/styles.ts';
import { AlertToast } from '../../widgets/alert-toast/AlertToast.tsx';
import { Badge, type BadgeTone } from '../../widgets/badge/Badge.tsx';
import { Button } from '../../widgets/button/Button.tsx';
import { Loading } from '../../widgets/loading/Loading.tsx';
import { NumericCounter } from '../../widgets/numeric-counter/NumericCounter.tsx';
import { useAuthForm } from '../auth/use-auth-form.ts';
import { FrameMessage, LoginFirst, ScreenFrame, ShopPending, shopFailed } from '../ScreenFrame.tsx';
import { BusinessCardForm, CARD_RULES, EMPTY_CARD, NO_CARD_RULES } from './BusinessCardForm.tsx';
import { Gallery } from './Gallery.tsx';
import { GroupBuyPanel } from './GroupBuyPanel.tsx';
import { PriceTiers } from './PriceTiers.tsx';
import css from './product.css?inline';
import {
  checkBudget,
  defaultQuantity,
  findVariant,
  GROUP_BUY_TICK_MS,
  inCartOf,
  initialVariant,
  isOrderable,
  quantityErrors,
  variantForColour,
  type BudgetCheck,
} from './purchase.ts';
import { VariantPicker } from './VariantPicker.tsx';

registerStyles('product', css);

/** The badge colour of each availability (spec §4 "Availability labels"). */
const AVAILABILITY_TONE: Record<Variant['availability'], BadgeTone> = {
  in_stock: 'success',
  in_delivery: 'warning',
  out_of_stock: 'danger',
};

/** Props of {@link Product}: the router's (as the `product` screen) or the element's attributes. */
export interface ProductProps {
  /** Set by the storefront's router (`product`); absent on `<shop-product>`. */
  routeId?: RouteId;
  /** Route parameters from the router: `slug` and `id` of `/products/{slug}/{id}`. */
  params?: Readonly<Record<string, string>>;
  /** The product to show (the `<shop-product product-id>` attribute). */
  productId?: number;
}

/** The current time, refreshed every {@link GROUP_BUY_TICK_MS} while `ticking` (the interval is cleared on unmount). */
function useMinuteClock(ticking: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!ticking) return undefined;
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), GROUP_BUY_TICK_MS);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}

/** The product screen's frame (see {@link ScreenFrame}). */
function Frame({ title, busy = false, children }: { title: string; busy?: boolean; children?: ReactNode }) {
  return (
    <ScreenFrame className="shop-product" title={title} busy={busy}>
      {children}
    </ScreenFrame>
  );
}

/**
 * The product page (spec §2 `/products/{slug}/{id}`, issue 5). As the storefront's `product` screen
 * it takes the id from the URL and, once the product is loaded, replaces a wrong or outdated slug in
 * the URL with the product's own. As `<shop-product product-id>` it loads its shop and session
 * itself, and in a shop that requires login a guest is asked to log in first (an open shop shows
 * products to guests).
 *
 * States: loading, not found (an unknown id, or a product of another shop), a failed load with a
 * retry, and the product: gallery, variants, price, purchase form and price tiers or group buy
 * (see {@link ProductDetails}). The heading is one node throughout, so the router's focus on it is
 * kept when the product arrives.
 */
export function Product({ routeId, params, productId }: ProductProps) {
  useSignals();
  useShopAndSession();
  const website = shop.value;
  const routed = routeId === 'product' && routerActive.value;
  const id = toProductId(routeId === 'product' ? params?.id : productId);
  const session = sessionStatus.value;
  const loginRequired = website !== null && website.login_required && !designerMode.value;
  const sessionPending = session === 'unknown' || session === 'loading';
  const loginFirst = loginRequired && session === 'guest';
  const canLoad = website !== null && !loginFirst && !(loginRequired && sessionPending);
  const shopId = website?.id ?? null;

  useEffect(() => {
    if (!canLoad) return undefined;
    void loadProduct(id);
    return cancelProductLoad;
  }, [shopId, id, canLoad]);

  const loaded = currentProduct.value;
  const shown = loaded !== null && loaded.id === id ? loaded : null;
  const urlSlug = params?.slug;

  // A shared link with an old or wrong slug: show the product's own in the URL (no new history entry).
  useEffect(() => {
    if (!routed || !shown || urlSlug === shown.slug) return;
    navigate(buildPath('product', { slug: shown.slug, id: shown.id }), { replace: true });
  }, [routed, shown?.id, shown?.slug, urlSlug]);

  useEffect(() => {
    if (routed && shown && website) document.title = `${shown.name} · ${website.name}`;
  }, [routed, shown?.name, website?.name]);

  const toasts = routed ? null : <AlertToast />;

  if (!website) {
    return (
      <Frame title={shopFailed() ? t('app.store_not_found') : t('widgets.loading')} busy={!shopFailed()}>
        <ShopPending />
      </Frame>
    );
  }

  const status = productStatus.value;
  const error = productError.value;
  if (loginFirst || (status === 'error' && isApiClientError(error, 'http') && error.status === 401)) {
    return (
      <Frame title={t('auth.login_title')}>
        <LoginFirst />
      </Frame>
    );
  }
  if (id === null || (status === 'not-found' && !shown)) {
    return (
      <Frame title={t('app.not_found')}>
        <FrameMessage text={t('app.not_found_text')} to={buildPath('products')} label={t('cart.continue_shopping')} />
      </Frame>
    );
  }
  if (status === 'error' && !shown) {
    return (
      <Frame title={t('app.error')}>
        <p role="alert" className="shop-screen-frame__error">
          {errorMessage(error)}
        </p>
        <Button variant="secondary" onClick={() => void loadProduct(id)}>
          {t('app.retry')}
        </Button>
      </Frame>
    );
  }
  if (!shown) {
    return (
      <Frame title={t('widgets.loading')} busy>
        <Loading loading className="shop-screen-frame__pending" />
      </Frame>
    );
  }
  return (
    <Frame title={shown.name}>
      <ProductDetails key={shown.id} product={shown} website={website} />
      {toasts}
    </Frame>
  );
}

/** Props of {@link ProductDetails}. */
interface ProductDetailsProps {
  product: ProductData;
  website: Website;
}

/** A variant's colour and size as the buyer reads them ("Navy, XL"); `''` when it has neither. */
function variantLabel(variant: Variant | undefined): string {
  if (!variant) return '';
  return [variant.color_code ? colourName(variant.color_code) : null, variant.size_code].filter(Boolean).join(', ');
}

/** The text of a broken quantity rule (spec §8 `sale.qty.minimum` / `sale.qty.exceeded`). */
function quantityText(error: QuantityError): string {
  return t(error.code, { qty: formatNumber(error.qty) });
}

/**
 * A loaded product: gallery, code, availability, budget, variants, price (per piece for the quantity
 * being ordered, with what the cart already holds, gross or net per the shop, or points), boxes, the
 * purchase form and the price tiers or the group buy.
 *
 * The add button is blocked (with the reason beside it) while an order of the chosen quantity would
 * break a rule: the variant is out of stock; a minimum per line or across colours and sizes, or the
 * available maximum (spec §8 quantity texts); in a points shop the product's budget has no active
 * assignment for the user or too few points left for the cart with this product. A business card's
 * details are checked with the contract's rules first and travel with the line. After an add: a
 * success toast, and the counter goes back to its starting quantity. A click while adding is ignored.
 */
function ProductDetails({ product, website }: ProductDetailsProps) {
  useSignals();
  const ids = useId();
  const problemsId = `${ids}problems`;
  const first = initialVariant(product.variants);
  const [variantId, setVariantId] = useState<number | undefined>(first?.id);
  const variant = product.variants.find((item) => item.id === variantId) ?? first;

  const lines = cartLines.value;
  const inCart = inCartOf(lines, product.id);
  // The shop's cap on one variant's pieces per order (the server refuses more); null: the default.
  const shopMax = website.max_line_quantity ?? null;
  const [quantity, setQuantity] = useState(() => defaultQuantity(product, variant, inCart, shopMax));
  const groupbuy = product.groupbuy;
  const now = useMinuteClock(groupbuy !== null && groupbuy.isActive && groupbuy.ends_at !== null);
  const form = useAuthForm(EMPTY_CARD, product.is_business_card ? CARD_RULES : NO_CARD_RULES);

  const lang = locale.value;
  const points = isPointsShop.value;
  const maximum = variant ? maxLineQuantity(variant, shopMax) : 0;
  // Said under the counter only when the stock or the shop limits it (not the 10,000 default).
  const limited = variant !== undefined && (variantLimit(variant) !== null || shopMax !== null);
  const orderable = variant !== undefined && isOrderable(variant);
  // The counter's maximum (stock, shop cap, else 10,000): a quantity chosen for a variant with more is brought down to it.
  const qty = maximum > 0 ? Math.min(quantity, maximum) : quantity;
  const total = inCart.product + qty;

  // Prices: the unit price of the product's total quantity (tiers count the cart too), as the shop shows it.
  const unit = unitPrice(product, total, now);
  const shownUnit = points ? unit : displayPrice(unit, product, website.is_gross);
  const hint = productDisplayPrice(product, website, lang, now).hint;
  const formatPrice = (price: number) => formatMoney(points ? price : displayPrice(price, product, website.is_gross), website.currency, lang);
  const inBox = quantityInBox(variant ?? {});
  const lineAmount = points
    ? pointsTotal([{ unit_price: unit, quantity: qty }])
    : moneyTotals([{ unit_price: unit, quantity: qty, vat: product.vat, vat_included: product.vat_included }], website.is_gross).total;

  const groupBuyRunning = isGroupBuyActive(groupbuy, now);
  const tiers = groupBuyRunning ? [] : sortTiers(product.thresholds);
  const activeTier = tiers.length > 0 ? thresholdTier(tiers, total) : undefined;
  const toNextTier = tiers.length > 0 ? piecesToNextTier(tiers, total) : null;

  // Budget of a points shop: what the cart takes from it once this product is at its new quantity.
  const budget = product.budget;
  const currentUser = user.value;
  let budgetCheck: BudgetCheck | null = null;
  let budgetInCart = 0;
  if (points && budget && currentUser) {
    budgetInCart = cartBudgetTotals.value.get(budget.id) ?? 0;
    const productInBudget = cartTotals.value.lines
      .filter((priced) => priced.line.product_id === product.id && priced.line.budget?.id === budget.id)
      .reduce((sum, priced) => sum + priced.total, 0);
    const needed = roundMoney(budgetInCart - productInBudget + lineTotal(unit, total));
    budgetCheck = checkBudget(budget.id, currentUser.budgets, needed);
  }

  const qtyErrors = orderable && variant ? quantityErrors(product, variant, qty, inCart, shopMax) : [];
  const problems: string[] = [];
  if (!orderable) problems.push(t('product.availability.out_of_stock'));
  if (budgetCheck?.problem) problems.push(t(budgetCheck.problem));
  const blocked = !orderable || qtyErrors.length > 0 || problems.length > 0;

  // Rules shown as information under the counter; a broken one shows as the counter's error instead.
  const errorTexts = qtyErrors.map(quantityText);
  const ruleTexts = [
    product.minimum_quantity !== null && product.minimum_quantity > 1 ? t('sale.qty.minimum', { qty: formatNumber(product.minimum_quantity) }) : null,
    product.minimum_total_quantity !== null && product.minimum_total_quantity > 1 ? t('product.minimum_total', { qty: formatNumber(product.minimum_total_quantity) }) : null,
    orderable && limited ? t('sale.qty.exceeded', { qty: formatNumber(maximum) }) : null,
  ].filter((text): text is string => text !== null && !errorTexts.includes(text));

  const chooseColour = (colour: string) => setVariantId(variantForColour(product.variants, colour, variant?.size_code ?? null)?.id ?? variantId);
  const chooseSize = (size: string) => setVariantId(findVariant(product.variants, variant?.color_code ?? null, size)?.id ?? variantId);

  const onSubmit = form.handleSubmit(async (values) => {
    if (blocked || !variant) return;
    const card = product.is_business_card ? v.parse(CardInfoSchema, values) : null;
    addToCart(product, variant, qty, card);
    const details = variantLabel(variant);
    showAlert({ type: 'success', header: t('product.added_to_cart'), content: `${formatNumber(qty)} × ${product.name}${details ? ` (${details})` : ''}` });
    setQuantity(defaultQuantity(product, variant, inCartOf(cartLines.peek(), product.id), shopMax));
  });

  const code = variant?.code || product.code;
  const availability = variant?.availability ?? 'out_of_stock';

  return (
    <div className="shop-product__layout">
      <div className="shop-product__gallery" part="gallery">
        <Gallery images={product.images} name={product.name} />
      </div>
      <div className="shop-product__info">
        <p className="shop-product__code">
          {`${t('product.code')}: `}
          <span>{code}</span>
        </p>
        <ul className="shop-product__badges">
          <li>
            <Badge tone={AVAILABILITY_TONE[availability]}>{t(`product.availability.${availability}`)}</Badge>
          </li>
          {points && budget && (
            <li>
              <Badge color={budget.color} hiddenPrefix={`${t('product.budget')}:`} data-budget-id={budget.id}>
                {budget.name}
              </Badge>
            </li>
          )}
        </ul>

        <p className="shop-product__price">
          <span className="shop-visually-hidden">{`${t('product.price_per_piece')}: `}</span>
          <span className="shop-product__amount">{formatProductPrice(product, total, website, lang, now)}</span>
          {hint && <span className="shop-product__hint">{` ${hint}`}</span>}
        </p>

        <VariantPicker variants={product.variants} colour={variant?.color_code ?? null} size={variant?.size_code ?? null} onColourChange={chooseColour} onSizeChange={chooseSize} />

        <form className="shop-product__form" noValidate onSubmit={onSubmit}>
          <NumericCounter
            label={t('product.quantity')}
            value={qty}
            onValueChange={setQuantity}
            min={1}
            max={maximum > 0 ? maximum : undefined}
            disabled={!orderable}
            hint={ruleTexts.length > 0 ? ruleTexts.map((text) => <span key={text} className="shop-product__rule">{text}</span>) : undefined}
            error={errorTexts.length > 0 ? errorTexts.map((text) => <span key={text} className="shop-product__rule">{text}</span>) : undefined}
            className="shop-product__quantity"
          />

          <dl className="shop-product__facts">
            <div>
              <dt>{t('product.price_per_piece')}</dt>
              <dd>{formatMoney(shownUnit, website.currency, lang)}</dd>
            </div>
            <div>
              <dt>{t('product.quantity_in_box')}</dt>
              <dd>{formatNumber(inBox, lang)}</dd>
            </div>
            <div>
              <dt>{t('product.price_per_box')}</dt>
              <dd>{formatMoney(pricePerBox(shownUnit, inBox), website.currency, lang)}</dd>
            </div>
            <div>
              <dt>{t('product.boxes_quantity')}</dt>
              <dd>{formatNumber(boxesFor(qty, inBox), lang)}</dd>
            </div>
            <div>
              <dt>{t('product.line_total')}</dt>
              <dd>{formatMoney(lineAmount, website.currency, lang)}</dd>
            </div>
          </dl>

          {inCart.product > 0 && <p className="shop-product__in-cart">{t('product.in_cart', { count: formatNumber(inCart.product, lang) })}</p>}

          {points && budget && (
            <div className="shop-product__budget">
              <p>{t('product.paid_from_budget', { name: budget.name })}</p>
              {budgetCheck?.pointsLeft != null && <p>{t('cart.points_left', { points: formatMoney(budgetCheck.pointsLeft, website.currency, lang) })}</p>}
              {budgetInCart > 0 && <p>{t('budgets.in_cart', { points: formatMoney(budgetInCart, website.currency, lang) })}</p>}
            </div>
          )}

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
            <Button type="submit" fullWidth loading={form.pending} disabled={blocked} aria-describedby={problems.length > 0 ? problemsId : undefined}>
              {t('product.add_to_cart')}
            </Button>
          </div>
        </form>

        {groupbuy && <GroupBuyPanel groupbuy={groupbuy} quantity={total} now={now} formatPrice={formatPrice} />}
        {tiers.length > 0 && (
          <PriceTiers
            title={t('product.thresholds.title')}
            tiers={tiers}
            active={activeTier}
            formatPrice={formatPrice}
            note={toNextTier === null ? null : t('product.thresholds.to_next_tier', { count: formatNumber(toNextTier, lang) })}
          />
        )}

        {product.description && (
          <section className="shop-product__description" aria-labelledby={`${ids}description`}>
            <h2 id={`${ids}description`}>{t('product.description')}</h2>
            <p>{product.description}</p>
          </section>
        )}
      </div>
    </div>
  );
}
