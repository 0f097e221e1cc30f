/**
 * The server's one way into the storefront's shared code: the contract (schemas and types of every
 * API answer), the domain rules the server applies as the client does (prices, budgets, quantities,
 * e-mail keys), and the few messages, themes and names it needs besides. Server modules import from
 * here, never from `src/` directly (server/boundaries.test.ts keeps it so), so what the server depends on is
 * listed in one place and a move inside `src/` is one line to change.
 *
 * @module
 */
export { type Address, type AddressInput, AddressInputSchema, AddressTypeSchema, AssignBudgetRequestSchema, type BillingAddressInput, type Budget, ButtonStyleSchema, type CardInfo, type CartItemInput, ConfirmEmailRequestSchema, ConfirmRegistrationRequestSchema, ContactUsRequestSchema, type CoordinatorBuyer, type DeliveryCostBudget, type DeliveryMethod, DeliveryMethodsRequestSchema, ForgotPasswordRequestSchema, HEX_COLOUR_PATTERN, isPointsCurrency, LoginRequestSchema, type Order, type OrderItem, type OrderSummary, type Page, PageBlockSchema, type PaymentMethod, PaymentMethodsRequestSchema, type PlaceOrderRequest, PlaceOrderRequestSchema, type PlaceOrderResponse, type Popup, type PriceTier, type Product, type ProductPage, ProductQuerySchema, PSEUDO_PAGE_SLUGS, type RegistrationRequest, RejectRegistrationRequestSchema, SignInExchangeRequestSchema, SignInHandoffRequestSchema, type SortOption, UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES, type User, type UserBudget, UserUpdateRequestSchema, type Variant, type Website, type WebsiteSettings } from '../src/contract/contract.ts';
export { EMAIL_PATTERN, idField, issueParams, issuePath } from '../src/contract/fields.ts';
export { ChangePasswordRequestSchema, type RegisterRequest, RegisterRequestSchema, ResetPasswordRequestSchema } from '../src/contract/password.ts';
export { budgetStanding, isSpendable, planSpend, type SpendNeed, type SpendPlan } from '../src/domain/budget-spend.ts';
export { totalQuantityByProduct } from '../src/domain/cart.ts';
export { moneyDeliveryCharge, orderTotals } from '../src/domain/checkout-totals.ts';
export { guestView } from '../src/domain/closed-shop.ts';
export { type DesignerDraft, DesignerDraftSchema } from '../src/domain/designer.ts';
export { normaliseEmail } from '../src/domain/email-address.ts';
export { costCentreIssues, orderMpkCode } from '../src/domain/mpk.ts';
export { itemShownTotal, itemShownUnit, orderShownAmounts } from '../src/domain/order-amounts.ts';
export { DEFAULT_VAT, displayPrice, isGroupBuyActive, listUnitPrice, pointsLineTotal, roundUnitPrice, shownLine, unitPrice, vatRate } from '../src/domain/pricing.ts';
export { judgeQuantities, maxLineQuantity, type QuantityError, variantLimit } from '../src/domain/quantity.ts';
export { buildPath, matchRoute, type RouteId } from '../src/domain/routes.ts';
export { searchText } from '../src/domain/search-text.ts';
export { DEFAULT_STOCK_HOLD_LIMITS, judgeHolds, type StockHoldLimits, type VariantHold } from '../src/domain/stock-holds.ts';
export { shopSlugFromHost } from '../src/domain/tenant.ts';
export { variantThumbnail } from '../src/domain/variant-pictures.ts';
export { AUTH_COOKIE } from '../src/api/cookies.ts';
export { colourName } from '../src/i18n/colours.ts';
export { countryName } from '../src/i18n/countries.ts';
export { parseColor } from '../src/theme/colour.ts';
export { storageUrl } from '../src/theme/theme.ts';
export { FONT_STYLE_ID, type FontFiles, interFaces, SHOP_FONT_STYLE_ID, shippedShopFont, shopFontFaces } from '../src/theme/font-faces.ts';
export { default as enLocale } from '../src/i18n/locales/en.ts';
export { default as plLocale } from '../src/i18n/locales/pl.ts';
export { ROUTE_TITLES } from '../src/app/route-titles.ts';
export { catalogueQueryFromParams, cataloguePath } from '../src/store/catalogue-query.ts';
