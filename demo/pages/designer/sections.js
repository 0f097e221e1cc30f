// The store designer's section editor: the homepage's sections (page blocks) as a list of small
// forms, edited in place, moved and removed, and the saved design shown in the form.

import { BLOCK_NAMES, form, list, empty, field, state, setStatus, toHex, pushPage } from './core.js';

/** A new section of `type` with content taken from the shop, so it shows something at once. */
export function newBlock(type) {
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
export function control(labelText, id, input) {
  const wrap = document.createElement('div');
  wrap.className = 'section__field';
  const label = document.createElement('label');
  label.htmlFor = id;
  label.textContent = labelText;
  input.id = id;
  wrap.append(label, input);
  return wrap;
}

export function textInput(value, onInput) {
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
export function sectionFields(block, index) {
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

export function actionButton(text, label, onClick, disabled = false) {
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
export function renderSections(focus) {
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

export function move(index, by) {
  const target = index + by;
  const [block] = state.blocks.splice(index, 1);
  state.blocks.splice(target, 0, block);
  renderSections();
  // Keep the keyboard on the section that moved.
  list.children[target]?.querySelector('h3')?.setAttribute('tabindex', '-1');
  /** @type {HTMLElement | undefined} */ (list.children[target]?.querySelector('h3'))?.focus();
  pushPage();
}

export function remove(index) {
  state.blocks.splice(index, 1);
  renderSections();
  setStatus(`Section removed. ${state.blocks.length} left.`);
  pushPage();
}

/** Shows the saved design of the shop in the form. */
export function showSaved() {
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
