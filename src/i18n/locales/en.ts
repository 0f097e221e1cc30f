/**
 * English texts (the fallback locale). Keys are shared with the server: API errors carry a `code`
 * that is a key here (e.g. `sale.qty.minimum`), so the client can show them in the user's locale.
 * Placeholders use rosetta's `{{name}}` syntax.
 */
const en = {
  validation: {
    required: 'This element is required',
    email: 'E-mail must be valid',
    password: 'The password must have at least 8 characters, one uppercase letter, one lowercase letter and one digit',
    password_min: 'The password must have at least 8 characters',
    password_match: 'The passwords must match',
    phone: 'Enter a valid phone number',
    phone_hint: 'e.g. +48 600 700 800',
    postal_code: 'Invalid postal code format',
    min_length: 'Enter at least {{bound}} characters',
    max_length: 'Enter at most {{bound}} characters',
    nip: 'Tax ID must be a number',
    nip_missing: 'Nip missing from address',
    coordinator: 'Enter the e-mail address of an existing coordinator',
    email_taken: 'The email has already been taken',
    integer: 'Enter a whole number',
    min_value: 'Enter at least {{bound}}',
    max_value: 'Enter at most {{bound}}',
    choice: 'Choose one of the options',
    country: 'Choose a country',
    statement: 'You must accept the cost-centre statement',
    mpk_required: 'Enter the cost centre (MPK) code',
    file_extension: 'Unauthorized file extension',
    file_size: 'File size too large',
    file_hint: 'JPG or PDF up to 10MB',
    invalid: 'The given data was invalid.',
  },
  errors: {
    invalid_login: 'Invalid login details',
    invalid_email: 'Email address is invalid',
    reset_expired: 'The link to change your password has expired',
    no_access: "This account doesn't have access to this website",
    throttled: 'Too many login attempts. Try again in {{seconds}} seconds.',
    unauthenticated: 'Please log in to continue.',
    forbidden: 'You are not allowed to do this.',
    not_found: 'Page not found',
    store_not_found: 'Store not found',
    something_went_wrong: 'Something went wrong!',
    malformed_request: 'The request could not be read.',
    payload_too_large: 'The request is too large.',
    csrf: 'The page has expired. Reload it and try again.',
    registration_closed: 'Registration is not available in this shop.',
    no_delivery_methods: 'No delivery methods available',
    no_addresses: 'No addresses available',
    order_wait: 'You can place your next order in {{seconds}} seconds.',
    order_in_progress: 'This order is already being placed.',
    idempotency_mismatch: 'This order attempt was already used for a different order.',
    product_unavailable: 'This product is not available in this shop.',
    payment_method: 'This payment method is not available.',
    delivery_method: 'This delivery method is not available.',
    address: 'This address is not available.',
    address_specific_only: 'This shop delivers only to a specific address.',
    card_info: 'Fill in the business card details.',
  },
  notices: {
    logged_out: 'You have been logged out.',
    password_changed: 'Your password has been changed.',
    reset_link_sent: 'If this address has an account in this shop, we have sent it a link to change the password.',
    registration_pending: 'We received your request. Your coordinator will review it and you will get a reply by e-mail.',
    contact_sent: 'Thank you, your message has been sent.',
  },
  budgets: {
    error: {
      insufficient: 'Insufficient budget left - refresh page and try again',
      no_budget: "Given budget doesn't exist - contact administrator",
    },
    not_enough_points: "You don't have enough points in this budget",
    expired_product: "You can't add this product to the basket because the budget has expired",
    inactive_in_cart: 'A cart product has an inactive budget; with no active budgets the order cannot be finalized',
  },
  sale: {
    qty: {
      exceeded: 'Currently available maximum order quantity: {{qty}}',
      minimum: 'Minimum product order quantity: {{qty}}',
    },
  },
};

/** The shape every locale must have: the same keys as English, each a string. */
export type Messages = DeepStrings<typeof en>;
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

export default en satisfies Messages;
