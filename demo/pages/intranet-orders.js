/*
 * The orders page's own script, as a host page would write it. The cart, checkout and account live
 * on this page, so the elements' links to them (the cart's "Go to checkout", the account's "Order
 * again", the log-in prompts, the homepage after logging in) are kept here: the event is cancelled
 * and the reader (and focus) goes to the section. <shop-account> routes its own /user… sections.
 * Every other link (a product) is left to the elements, which follow storefront-url.
 */
const SECTION_OF = [
  [/^\/checkout(\/|$)/, 'checkout'],
  [/^\/cart$/, 'cart'],
  [/^\/(login|register|forget)$/, 'signin'],
  [/^\/$/, 'account'],
];

const status = document.getElementById('orders-status');

/** Moves the reader to section `id` (its heading takes focus, so screen readers follow). */
function showSection(id) {
  const heading = document.getElementById(`${id}-title`);
  heading.focus();
  heading.scrollIntoView({ block: 'start' });
}

document.addEventListener('shop-navigate', (event) => {
  const path = event.detail.path.split(/[?#]/)[0];
  const section = SECTION_OF.find(([pattern]) => pattern.test(path));
  if (!section) return;
  event.preventDefault();
  showSection(section[1]);
});

document.addEventListener('shop-login', () => {
  status.textContent = 'Signed in: your cart, checkout and orders are below.';
});

document.addEventListener('shop-logout', () => {
  status.textContent = 'Signed out. Sign in below to check out.';
});

document.addEventListener('shop-order-placed', (event) => {
  status.textContent = `Order ${event.detail.name} placed: it is listed under your orders.`;
});
