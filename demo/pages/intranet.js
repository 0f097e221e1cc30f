/*
 * The intranet page's own script, as a host page would write it: it fills the featured product,
 * keeps product links on this page (shop-navigate), and reports cart changes (shop-cart-change).
 * Every other link (cart, checkout, log in) is left to the elements, which follow storefront-url.
 */
const SHOP = 'globex';
/** The featured product, by its code: database ids differ between databases. */
const FEATURED_CODE = 'GLX-MUG';
/** A storefront product path, `/products/{slug}/{id}`. */
const PRODUCT_PATH = /^\/products\/[^/?#]+\/(\d+)$/;

const product = document.querySelector('shop-product');
const productHeading = document.getElementById('featured-title');
const productNote = document.getElementById('featured-note');
const cartStatus = document.getElementById('cart-status');

/** Shows product `id` in the page's `<shop-product>`. */
function showProduct(id) {
  product.setAttribute('product-id', String(id));
  product.hidden = false;
  productNote.hidden = true;
}

/** The id of the shop's product with `code`, or null (the same public calls the elements make). */
async function productIdByCode(code) {
  const site = await getJson(`/api/slug/website?slug=${SHOP}`);
  const products = await getJson(`/api/products?website_id=${site.id}&search=${encodeURIComponent(code)}&per_page=50`);
  return products.data.find((item) => item.code === code)?.id ?? null;
}

async function getJson(url) {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

document.addEventListener('shop-navigate', (event) => {
  const match = PRODUCT_PATH.exec(event.detail.path);
  if (!match) return;
  // A product: show it here instead of leaving the page, and take the reader (and focus) to it.
  event.preventDefault();
  showProduct(match[1]);
  productHeading.focus();
  productHeading.scrollIntoView({ block: 'start' });
});

document.addEventListener('shop-cart-change', (event) => {
  const { count } = event.detail;
  const time = new Date().toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  cartStatus.textContent = `Cart updated at ${time}: ${count} ${count === 1 ? 'piece' : 'pieces'} in the cart.`;
});

// Unless a product link already chose one while the lookup ran.
productIdByCode(FEATURED_CODE)
  .then((id) => {
    if (product.hasAttribute('product-id')) return;
    if (id === null) productNote.textContent = 'The featured product is not in the shop any more.';
    else showProduct(id);
  })
  .catch(() => {
    if (!product.hasAttribute('product-id')) productNote.textContent = 'The featured product could not be loaded. Reload the page to try again.';
  });
