// The demo store designer: edits a shop's theme and composes its homepage from page blocks and the
// shop's elements, and previews the real storefront in an iframe in designer mode. It talks to the
// storefront only by postMessage, to the shop's exact origin, and listens only to that origin and that
// frame (message shapes: docs/designer.md). With the shop's operator key it saves the design as a draft
// and publishes it (docs/api.md "Store designer"); a reload shows the saved draft again. The key also
// opens a preview session, which it hands to the preview first, so that a login-required shop's
// products and pages show without anyone signing in.

import {
  STOREFRONT_SOURCE,
  VERSION,
  BLOCK_NAMES,
  form,
  frame,
  list,
  field,
  state,
  shopOrigin,
  setStatus,
  send,
  currentSettings,
  pushSettings,
  pushPage,
  pushSavedPages,
} from './designer/core.js';
import { newBlock, renderSections, showSaved } from './designer/sections.js';

/** A preview session lasts 15 minutes: a new one is asked for well before it ends. */
const SESSION_RENEW_MS = 10 * 60 * 1000;
/** @type {ReturnType<typeof setInterval> | undefined} */
let renewTimer;

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
  state.sessionError = '';
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
  } catch (error) {
    // No session: the preview's status says why, and what it shows without one.
    state.sessionError = /** @type {Error} */ (error).message;
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
    // One after the other: the read's answer sets the XSRF cookie the session's POST must echo. Sent
    // side by side, the POST could leave after that answer, carrying the cookie without its echo (403).
    await loadDraft();
    await startPreviewSession();
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
    const why = state.sessionError ? ` The preview session was refused (${state.sessionError}):` : " Without the shop's operator key";
    setStatus(`Designer mode on: previewing ${state.saved?.name ?? state.slug}.${guestOnly ? `${why} the preview shows what a visitor who has not signed in sees.` : ''}`);
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
