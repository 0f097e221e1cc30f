// The demo store designer: edits a shop's theme and composes its homepage from page blocks and the
// shop's elements, and previews the real storefront in an iframe in designer mode. It talks to the
// storefront only by postMessage, to the shop's exact origin, and listens only to that origin and that
// frame (message shapes: docs/designer.md). With the shop's operator key it saves the design as a draft
// and publishes it (docs/api.md "Store designer"); a reload shows the saved draft again. The key also
// opens a preview session, which it hands to the preview first, so that a login-required shop's
// products and pages show without anyone signing in.

const DESIGNER_SOURCE = 'shop-designer';
const STOREFRONT_SOURCE = 'shop-storefront';
const VERSION = 1;
const DEFAULT_ACCENT = '#ec4899';

const BLOCK_NAMES = {
  hero: 'Hero',
  rich_text: 'Text',
  product_carousel: 'Product carousel',
  image_grid: 'Image grid',
  cta: 'Call to action',
  catalogue: 'Catalogue',
  product: 'Product',
  cart_button: 'Cart button',
};

const form = /** @type {HTMLFormElement} */ (document.getElementById('designer'));
const frame = /** @type {HTMLIFrameElement} */ (document.getElementById('preview'));
const status = /** @type {HTMLElement} */ (document.getElementById('status'));
const list = /** @type {HTMLOListElement} */ (document.getElementById('sections'));
const empty = /** @type {HTMLElement} */ (document.getElementById('sections-empty'));
const field = (name) => /** @type {HTMLInputElement | HTMLSelectElement} */ (form.elements.namedItem(name));

/** What the designer holds for the shop being designed. */
const state = {
  slug: 'acme',
  /** @type {{ id: number, name: string, settings: Record<string, unknown>, pages: { slug: string, name: string, type: string, content: { blocks?: unknown[], html?: string } }[] } | null} */
  saved: null,
  /** @type {{ id: number, name: string, images: string[] }[]} */
  products: [],
  /** @type {Record<string, unknown>[]} */
  blocks: [],
  connected: false,
  /** The shop's preview session (docs/designer.md), null without a key that opens one. */
  session: /** @type {string | null} */ (null),
};

/** A preview session lasts 15 minutes: a new one is asked for well before it ends. */
const SESSION_RENEW_MS = 10 * 60 * 1000;
/** @type {ReturnType<typeof setInterval> | undefined} */
let renewTimer;

/** The shop's own origin: `http://<slug>.<this host>:<port>` (each shop answers on its host). */
function shopOrigin(slug = state.slug) {
  return `${location.protocol}//${slug}.${location.hostname}${location.port ? `:${location.port}` : ''}`;
}

function setStatus(text) {
  status.textContent = text;
}

/** Sends one designer message to the preview, addressed to the shop's exact origin only. */
function send(message) {
  frame.contentWindow?.postMessage({ source: DESIGNER_SOURCE, version: VERSION, ...message }, shopOrigin());
}

/** `rgb(37 99 235)`, `rgb(37, 99, 235)` or `#2563eb` as `#2563eb` for the colour input. */
function toHex(colour) {
  if (typeof colour !== 'string') return DEFAULT_ACCENT;
  if (/^#[0-9a-f]{6}$/i.test(colour)) return colour.toLowerCase();
  const parts = colour.match(/\d+/g);
  if (!parts || parts.length < 3) return DEFAULT_ACCENT;
  return `#${parts.slice(0, 3).map((part) => Number(part).toString(16).padStart(2, '0')).join('')}`;
}

function currentSettings() {
  const style = form.querySelector('input[name="button_style"]:checked');
  return {
    accent_colour: field('accent').value,
    font: field('font').value,
    button_style: style ? style.value : 'round',
    logo: field('logo').value || null,
  };
}

function pushSettings() {
  if (state.connected) send({ type: 'settings', settings: currentSettings() });
}

function pushPage() {
  if (state.connected) send({ type: 'page', page: { slug: 'homepage', content: { blocks: state.blocks } } });
}

/**
 * The shop's saved content pages as they are: a login-required shop shows a visitor who has not signed
 * in none of its pages (issue 26), so the preview gets them from the designer, as it gets the homepage.
 */
function pushSavedPages() {
  if (!state.connected) return;
  for (const page of state.saved?.pages ?? []) {
    if (page.type === 'content') send({ type: 'page', page: { slug: page.slug, name: page.name, content: { html: page.content.html ?? '' } } });
  }
}

/** A new section of `type` with content taken from the shop, so it shows something at once. */
function newBlock(type) {
  const products = state.products;
  const firstIds = products.slice(0, 4).map((product) => product.id);
  switch (type) {
    case 'hero':
      return { type, title: `Welcome to ${state.saved?.name ?? 'the shop'}`, text: 'Branded merchandise for your team.', image: `shops/${state.slug}/hero.svg`, link: { label: 'Browse products', href: '/products' } };
    case 'rich_text':
      return { type, html: '<h2>New text</h2><p>Write something for your buyers here.</p>' };
    case 'product_carousel':
      return { type, title: 'Featured', product_ids: firstIds };
    case 'image_grid':
      return {
        type,
        title: 'Categories',
        images: products.slice(0, 4).filter((product) => product.images[0]).map((product) => ({ src: product.images[0], alt: product.name, href: `/products?search=${encodeURIComponent(product.name)}` })),
      };
    case 'cta':
      return { type, title: 'Something new', text: 'Tell your buyers about it.', link: { label: 'See the products', href: '/products' } };
    case 'catalogue':
      return { type, search: '', per_page: 6 };
    case 'product':
      return { type, product_id: products[0]?.id ?? 0 };
    default:
      return { type: 'cart_button' };
  }
}

/** A labelled form control for one property of a section. */
function control(labelText, id, input) {
  const wrap = document.createElement('div');
  wrap.className = 'section__field';
  const label = document.createElement('label');
  label.htmlFor = id;
  label.textContent = labelText;
  input.id = id;
  wrap.append(label, input);
  return wrap;
}

function textInput(value, onInput) {
  const input = document.createElement('input');
  input.type = 'text';
  input.value = value ?? '';
  input.addEventListener('input', () => {
    onInput(input.value);
    pushPage();
  });
  return input;
}

/** The fields that edit a section in place (typing never rebuilds the list, so focus stays). */
function sectionFields(block, index) {
  const id = (name) => `section-${index}-${name}`;
  switch (block.type) {
    case 'hero':
    case 'product_carousel':
    case 'image_grid':
    case 'cta':
      return [control('Title', id('title'), textInput(block.title, (value) => (block.title = value)))];
    case 'rich_text': {
      const area = document.createElement('textarea');
      area.rows = 4;
      area.value = block.html;
      area.addEventListener('input', () => {
        block.html = area.value;
        pushPage();
      });
      return [control('HTML (sanitised by the storefront)', id('html'), area)];
    }
    case 'catalogue':
      return [control('Search', id('search'), textInput(block.search, (value) => (block.search = value || undefined)))];
    case 'product': {
      const select = document.createElement('select');
      for (const product of state.products) select.add(new Option(product.name, String(product.id), false, product.id === block.product_id));
      select.addEventListener('change', () => {
        block.product_id = Number(select.value);
        pushPage();
      });
      return [control('Product', id('product'), select)];
    }
    default:
      return [];
  }
}

function actionButton(text, label, onClick, disabled = false) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'small';
  button.textContent = text;
  button.setAttribute('aria-label', label);
  button.disabled = disabled;
  button.addEventListener('click', onClick);
  return button;
}

/** Rebuilds the list of sections; `focus` names the control to focus afterwards (after a move). */
function renderSections(focus) {
  list.replaceChildren();
  empty.hidden = state.blocks.length > 0;
  state.blocks.forEach((block, index) => {
    const name = BLOCK_NAMES[block.type] ?? block.type;
    const item = document.createElement('li');
    item.className = 'section';
    const heading = document.createElement('h3');
    heading.textContent = `${index + 1}. ${name}`;
    const position = `${name}, section ${index + 1}`;
    const actions = document.createElement('div');
    actions.className = 'section__actions';
    actions.append(
      actionButton('Up', `Move ${position} up`, () => move(index, -1), index === 0),
      actionButton('Down', `Move ${position} down`, () => move(index, 1), index === state.blocks.length - 1),
      actionButton('Remove', `Remove ${position}`, () => remove(index)),
    );
    item.append(heading, ...sectionFields(block, index), actions);
    list.append(item);
  });
  if (focus) document.getElementById(focus)?.focus();
}

function move(index, by) {
  const target = index + by;
  const [block] = state.blocks.splice(index, 1);
  state.blocks.splice(target, 0, block);
  renderSections();
  // Keep the keyboard on the section that moved.
  list.children[target]?.querySelector('h3')?.setAttribute('tabindex', '-1');
  /** @type {HTMLElement | undefined} */ (list.children[target]?.querySelector('h3'))?.focus();
  pushPage();
}

function remove(index) {
  state.blocks.splice(index, 1);
  renderSections();
  setStatus(`Section removed. ${state.blocks.length} left.`);
  pushPage();
}

/** Shows the saved design of the shop in the form. */
function showSaved() {
  const settings = state.saved?.settings ?? {};
  field('accent').value = toHex(settings.accent_colour);
  field('font').value = typeof settings.font === 'string' && settings.font ? settings.font : 'Inter';
  const style = form.querySelector(`input[name="button_style"][value="${settings.button_style ?? 'round'}"]`);
  if (style) style.checked = true;
  field('logo').value = typeof settings.logo === 'string' ? settings.logo : '';
  const homepage = state.saved?.pages.find((page) => page.type === 'homepage');
  state.blocks = structuredClone(homepage?.content.blocks ?? []);
  renderSections();
}

const saveStatus = /** @type {HTMLElement} */ (document.getElementById('save-status'));
/** The operator keys typed in this tab, by shop (kept for the tab only). */
const KEY_STORE = 'shop-designer-keys';

function operatorKeys() {
  try {
    const keys = JSON.parse(sessionStorage.getItem(KEY_STORE) ?? '{}');
    return keys && typeof keys === 'object' ? keys : {};
  } catch {
    return {};
  }
}

function rememberKey(slug, key) {
  sessionStorage.setItem(KEY_STORE, JSON.stringify({ ...operatorKeys(), [slug]: key }));
}

/** A designer call with the shop's operator key and the XSRF cookie echoed; answers the parsed body or throws its message. */
async function designerCall(method, path, body) {
  const xsrf = document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/)?.[1];
  const answer = await fetch(`/api/designer/${encodeURIComponent(state.slug)}${path}`, {
    method,
    headers: {
      'Shop-Operator-Key': field('operator-key').value.trim(),
      ...(body ? { 'Content-Type': 'application/json' } : {}),
      ...(xsrf ? { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const data = await answer.json().catch(() => ({}));
  if (!answer.ok) throw new Error(data.errors ? Object.values(data.errors).flat().join(' ') : (data.message ?? `Error ${answer.status}`));
  return data;
}

/**
 * Asks for a preview session of the shop with its operator key, renewed every 10 minutes and handed
 * to the preview each time. Without a key, or with a wrong one, there is none: a login-required shop's
 * preview then shows what a guest sees, and the status says why.
 */
async function startPreviewSession() {
  clearInterval(renewTimer);
  state.session = null;
  if (!field('operator-key').value.trim()) return;
  try {
    const answer = await designerCall('POST', '/preview-session');
    state.session = answer.token;
    const slug = state.slug;
    renewTimer = setInterval(async () => {
      if (state.slug !== slug) return;
      try {
        state.session = (await designerCall('POST', '/preview-session')).token;
        if (state.connected) send({ type: 'session', token: state.session });
      } catch {
        // The next renewal tries again; the session in use lasts 5 minutes more.
      }
    }, SESSION_RENEW_MS);
  } catch {
    // No session: the preview's status says what it shows without one.
  }
}

/** The shop's products for new sections, read with the preview session (a login-required shop's need it). */
async function loadProducts(websiteId) {
  const headers = state.session ? { 'Shop-Preview': state.session } : {};
  const answer = await fetch(`/api/products?website_id=${websiteId}&per_page=24`, { headers });
  return answer.ok ? ((await answer.json()).data ?? []) : [];
}

/** The demo fills in the key the demo index shows (outside production only; an operator types it). */
async function demoOperatorKey(slug) {
  const answer = await fetch(`/demo/operator-key.json?slug=${encodeURIComponent(slug)}`).catch(() => null);
  return answer?.ok ? ((await answer.json()).key ?? '') : '';
}

/** The saved draft, shown in the form instead of the published design, when the key opens it. */
async function loadDraft() {
  if (!field('operator-key').value.trim()) return;
  try {
    const answer = await designerCall('GET', '');
    if (answer.draft && state.saved) {
      state.saved = { ...state.saved, settings: { ...state.saved.settings, ...answer.draft.settings }, pages: state.saved.pages.map((page) => (page.type === 'homepage' ? { ...page, content: { ...page.content, blocks: answer.draft.blocks } } : page)) };
      saveStatus.textContent = `Draft saved ${new Date(answer.draft.saved_at).toLocaleString()} loaded.`;
    }
  } catch (error) {
    saveStatus.textContent = /** @type {Error} */ (error).message;
  }
}

/** Loads a shop's saved design (its draft when the key opens it) and products, then points the preview at it. */
async function loadShop(slug) {
  state.slug = slug;
  state.connected = false;
  saveStatus.textContent = '';
  setStatus(`Loading ${slug}…`);
  field('operator-key').value = operatorKeys()[slug] ?? (await demoOperatorKey(slug));
  if (state.slug !== slug) return;
  try {
    const website = await fetch(`/demo/website.json?slug=${encodeURIComponent(slug)}`).then((answer) => (answer.ok ? answer.json() : Promise.reject(new Error(String(answer.status)))));
    state.saved = website;
    await Promise.all([loadDraft(), startPreviewSession()]);
    state.products = await loadProducts(website.id);
    if (state.slug !== slug) return;
    showSaved();
    openPreview();
  } catch {
    setStatus(`The shop ${slug} could not be loaded. Is the server running?`);
  }
}

/** Points the iframe at the chosen page; the storefront says `ready` and gets the design again. */
function openPreview() {
  state.connected = false;
  setStatus('Connecting to the storefront…');
  frame.src = `${shopOrigin()}${field('path').value}`;
}

window.addEventListener('message', (event) => {
  // Only the preview frame, from the shop's exact origin, in the storefront's shape.
  if (event.source !== frame.contentWindow || event.origin !== shopOrigin()) return;
  const data = event.data;
  if (!data || data.source !== STOREFRONT_SOURCE || data.version !== VERSION) return;
  if (data.type === 'ready') {
    // The session first, so the preview's first reads of a login-required shop already carry it.
    if (state.session) send({ type: 'session', token: state.session });
    send({ type: 'enable' });
  } else if (data.type === 'enabled') {
    state.connected = true;
    pushSettings();
    pushSavedPages();
    pushPage();
    const guestOnly = state.saved?.login_required && !state.session;
    setStatus(`Designer mode on: previewing ${state.saved?.name ?? state.slug}.${guestOnly ? " Without the shop's operator key the preview shows what a visitor who has not signed in sees." : ''}`);
  }
});

form.addEventListener('input', (event) => {
  const target = /** @type {HTMLElement} */ (event.target);
  if (target.closest('#sections')) return;
  if (['accent', 'font', 'logo'].includes(target.id) || target.getAttribute('name') === 'button_style') pushSettings();
});
form.addEventListener('change', (event) => {
  const target = /** @type {HTMLElement} */ (event.target);
  if (target.id === 'shop') void loadShop(field('shop').value);
  else if (target.id === 'path') openPreview();
  else if (target.id === 'operator-key') void startPreviewSession().then(openPreview);
});
form.addEventListener('submit', (event) => event.preventDefault());

document.getElementById('add')?.addEventListener('click', () => {
  const type = /** @type {HTMLSelectElement} */ (document.getElementById('add-type')).value;
  state.blocks.push(newBlock(type));
  renderSections();
  /** @type {HTMLElement | null} */ (list.lastElementChild?.querySelector('input, textarea, select, button') ?? null)?.focus();
  setStatus(`${BLOCK_NAMES[type]} added as section ${state.blocks.length}.`);
  pushPage();
});

document.getElementById('save')?.addEventListener('click', async () => {
  rememberKey(state.slug, field('operator-key').value.trim());
  saveStatus.textContent = 'Saving…';
  try {
    const answer = await designerCall('PUT', '/draft', { settings: currentSettings(), blocks: state.blocks });
    saveStatus.textContent = `Draft saved at ${new Date(answer.saved_at).toLocaleTimeString()}. The storefront shows it once you publish.`;
  } catch (error) {
    saveStatus.textContent = `Not saved: ${/** @type {Error} */ (error).message}`;
  }
});

document.getElementById('publish')?.addEventListener('click', async () => {
  rememberKey(state.slug, field('operator-key').value.trim());
  saveStatus.textContent = 'Publishing…';
  try {
    await designerCall('POST', '/publish');
    saveStatus.textContent = 'Published: the storefront now shows the saved draft.';
  } catch (error) {
    saveStatus.textContent = `Not published: ${/** @type {Error} */ (error).message}`;
  }
});

document.getElementById('reset')?.addEventListener('click', () => {
  showSaved();
  pushSettings();
  pushPage();
  setStatus('Back to the saved design.');
});

void loadShop(field('shop').value);
