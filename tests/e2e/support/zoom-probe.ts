// oxlint-disable unicorn/consistent-function-scoping -- page.evaluate sends one function to the page: its helpers must live inside it

import type { Roots } from './roots.ts';

/**
 * In-page checks of zoom and text spacing (WCAG 1.4.10 reflow, 1.4.12 text spacing, 2.5.8 target
 * size). Each function runs in the page as it is (`evaluateOverRoots`), looks through the document and
 * every open shadow root it is handed, and answers one line per problem; `zoom.ts` calls them and says
 * what they mean.
 */

/**
 * Reflow: the document's scroll width and every element that sticks out past the right edge of the
 * viewport, as it is drawn: cut by the boxes that clip it (overflow other than visible). An element
 * inside a data table's own scroll region (`kit/TableScroll.tsx`: a focusable region holding a table
 * and scrolling sideways) is exempt, as WCAG exempts content that needs two dimensions. Hidden
 * elements and visually hidden text are left out; of a box and its contents only the box is named.
 */
export function readOverflow(roots: Roots): { scrollWidth: number; viewport: number; offenders: string[] } {
  const parentOf = (node: Element): Element | null => node.assignedSlot ?? node.parentElement ?? (node.parentNode instanceof ShadowRoot ? node.parentNode.host : null);
  const name = (el: Element) => `${el.localName}${el.classList[0] ? `.${el.classList[0]}` : ''}`;
  const viewport = document.documentElement.clientWidth;
  const hidden = (el: Element, style: CSSStyleDeclaration) =>
    style.visibility !== 'visible' || style.clip !== 'auto' || el.closest('.shop-visually-hidden') !== null;
  const offenders = new Map<Element, string>();
  for (const el of roots.flatMap((root) => [...root.querySelectorAll('*')])) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || box.right <= viewport + 1) continue;
    const style = getComputedStyle(el);
    if (hidden(el, style)) continue;
    let right = box.right;
    let exempt = false;
    for (let up = parentOf(el); up && !exempt; up = parentOf(up)) {
      const upStyle = getComputedStyle(up);
      if (up.matches('[role="region"][tabindex="0"]') && up.querySelector('table')) exempt = true;
      else if (upStyle.overflowX !== 'visible' && up !== document.body && up !== document.documentElement) right = Math.min(right, up.getBoundingClientRect().right);
    }
    if (!exempt && right > viewport + 1) offenders.set(el, `${name(el)} "${(el.textContent ?? '').trim().slice(0, 30)}" ends at ${Math.round(right)} px`);
  }
  return {
    scrollWidth: document.documentElement.scrollWidth,
    viewport,
    offenders: [...offenders].filter(([el]) => !offenders.has(parentOf(el)!)).map(([, line]) => line),
  };
}

/**
 * Adds (`on`) or removes the text spacing of WCAG 1.4.12, as the usual bookmarklet sets it, to the
 * document and every open shadow root: line height 1.5, 2em after paragraphs, letter spacing 0.12em,
 * word spacing 0.16em, all `!important`. An adopted style sheet, so the page's own markup is untouched.
 */
export function setTextSpacing(roots: Roots, on: boolean): void {
  const holder = window as unknown as { textSpacing?: CSSStyleSheet };
  if (!holder.textSpacing) {
    holder.textSpacing = new CSSStyleSheet();
    holder.textSpacing.replaceSync(
      '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }',
    );
  }
  const sheet = holder.textSpacing;
  for (const root of roots) {
    const others = root.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
    root.adoptedStyleSheets = on ? [...others, sheet] : others;
  }
}

/**
 * Text cut off or spilling out (read with the text spacing on):
 * - a box that clips (overflow hidden or clip on an axis) and holds text drawn past its padding box on
 *   that axis, or whose text is shortened with an ellipsis or a line clamp while it does not fit;
 * - a control (button, link styled as one, badge, text field, select) whose text is drawn outside its
 *   border box, or whose one line of text is taller than the field's content box.
 * Visually hidden text (`shop-visually-hidden`, a 1px clip) is exempt; so is text in invisible or
 * inert parts (a carousel's slides out of view), which nobody reads there. Text hidden from screen
 * readers only (`aria-hidden`) is still seen, so it counts.
 */
export function readClippedText(roots: Roots): string[] {
  const parentOf = (node: Element): Element | null => node.assignedSlot ?? node.parentElement ?? (node.parentNode instanceof ShadowRoot ? node.parentNode.host : null);
  const name = (el: Element) => `${el.localName}${el.classList[0] ? `.${el.classList[0]}` : ''}`;
  const unread = (el: Element | null) => {
    for (let node = el; node; node = parentOf(node)) {
      if (node.matches('.shop-visually-hidden, [inert]')) return true;
      const style = getComputedStyle(node);
      if (style.clip !== 'auto' || style.visibility !== 'visible') return true;
    }
    return false;
  };
  /**
   * Whether `node` sits in a box between it and `outer` that does not let its overflow show: a box that
   * scrolls (its text is reached by scrolling it) or one that clips (which answers for it itself).
   */
  const boxedInside = (node: Element | null, outer: Element) => {
    for (let up = node; up && up !== outer; up = parentOf(up)) if (getComputedStyle(up).overflow !== 'visible') return true;
    return false;
  };
  /** The drawn lines of the text inside `el` (its own tree), with the text they hold. */
  const textRects = (el: Element) => {
    const found: { rect: DOMRect; text: string }[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      if (text === '' || unread(node.parentElement) || boxedInside(node.parentElement, el)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) if (rect.width > 0) found.push({ rect, text: text.slice(0, 30) });
    }
    return found;
  };
  const problems: string[] = [];
  const controls = 'button, [role="button"], .shop-button, .shop-badge, input:not([type="hidden"], [type="checkbox"], [type="radio"], [type="range"], [type="file"]), select';
  for (const el of roots.flatMap((root) => [...root.querySelectorAll<HTMLElement>('*')])) {
    if (el === document.documentElement || el === document.body) continue;
    const box = el.getBoundingClientRect();
    // A box squeezed to nothing on one axis may still hold text it cuts off whole.
    if (box.width === 0 && box.height === 0) continue;
    const style = getComputedStyle(el);
    const clipsX = ['hidden', 'clip'].includes(style.overflowX);
    const clipsY = ['hidden', 'clip'].includes(style.overflowY);
    const shortened = style.textOverflow === 'ellipsis' || style.getPropertyValue('-webkit-line-clamp') !== 'none';
    const control = el.matches(controls);
    if (!clipsX && !clipsY && !control) continue;
    if (unread(el)) continue;
    if (el.matches('input, select')) {
      const content = el.clientHeight - Number.parseFloat(style.paddingTop) - Number.parseFloat(style.paddingBottom);
      const line = Number.parseFloat(style.fontSize) * 1.15;
      if (content + 1 < line) problems.push(`${name(el)} "${(el as HTMLInputElement).value.slice(0, 30)}": text ${Math.round(line)} px high in a field ${Math.round(content)} px high`);
      continue;
    }
    const pad = { left: box.left + el.clientLeft, top: box.top + el.clientTop, right: box.left + el.clientLeft + el.clientWidth, bottom: box.top + el.clientTop + el.clientHeight };
    if (shortened && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) && textRects(el).length > 0) {
      problems.push(`${name(el)} "${(el.textContent ?? '').trim().slice(0, 30)}": shortened (${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight})`);
      continue;
    }
    const out = textRects(el).find(({ rect }) => {
      const edge = control ? box : pad;
      const pastX = rect.right > edge.right + 1 || rect.left < edge.left - 1;
      const pastY = rect.bottom > edge.bottom + 1 || rect.top < edge.top - 1;
      return control ? pastX || pastY : (clipsX && pastX) || (clipsY && pastY);
    });
    if (out) problems.push(`${name(el)} "${out.text}": text ${control ? 'outside the control' : 'cut off'} (${Math.round(box.width)}×${Math.round(box.height)} px box)`);
  }
  return problems;
}

/**
 * Target size (WCAG 2.5.8): every rendered target (link, button, form field, element with a widget
 * role or a tab stop) of at least 24 × 24 px, or meeting an exception: its 24 px circle meets no other
 * target and no other small target's circle (spacing), or it is a link inside a sentence (inline). A
 * form field's target takes in its labels, which take the click for it (a check box styled by its
 * label). With a modal dialog open only its targets count: the rest of the page is inert.
 */
export function readSmallTargets(roots: Roots): string[] {
  const parentOf = (node: Element): Element | null => node.assignedSlot ?? node.parentElement ?? (node.parentNode instanceof ShadowRoot ? node.parentNode.host : null);
  const within = (inner: Element, outer: Element) => {
    for (let node: Element | null = inner; node; node = parentOf(node)) if (node === outer) return true;
    return false;
  };
  const selector =
    'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="radio"], [role="option"], [role="menuitem"], [role="switch"], [tabindex]:not([tabindex^="-"])';
  const modal = roots.flatMap((root) => [...root.querySelectorAll('dialog')]).find((dialog) => dialog.matches(':modal'));
  const rendered = (el: Element) => {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return box.width > 0 && box.height > 0 && style.visibility === 'visible' && style.clip === 'auto';
  };
  const inert = (el: Element) => {
    for (let node: Element | null = el; node; node = parentOf(node)) if (node.hasAttribute('inert')) return true;
    return modal !== undefined && !within(el, modal);
  };
  const accessibleName = (el: Element) => {
    const byIds = (el.getAttribute('aria-labelledby') ?? '')
      .split(/\s+/)
      .map((id) => (id ? ((el.getRootNode() as Document | ShadowRoot).getElementById(id)?.textContent ?? '') : ''))
      .join(' ');
    const labels = 'labels' in el ? [...((el as HTMLInputElement).labels ?? [])].map((label) => label.textContent ?? '').join(' ') : '';
    const text = [el.getAttribute('aria-label'), byIds, labels, (el as HTMLElement).innerText, el.getAttribute('title'), el.getAttribute('placeholder')].find((value) => value?.trim());
    return (text ?? el.localName).replace(/\s+/g, ' ').trim().slice(0, 40);
  };
  const inSentence = (el: Element) => {
    if (getComputedStyle(el).display !== 'inline') return false;
    let block = parentOf(el);
    while (block && ['inline', 'contents'].includes(getComputedStyle(block).display)) block = parentOf(block);
    return (block?.textContent ?? '').replace(el.textContent ?? '', '').trim().length > 0;
  };
  const targets = [...new Set(roots.flatMap((root) => [...root.querySelectorAll(selector)]))]
    .filter((el) => !inert(el))
    .map((el) => {
      const parts = [el, ...('labels' in el ? [...((el as HTMLInputElement).labels ?? [])] : [])].filter(rendered).map((part) => part.getBoundingClientRect());
      if (parts.length === 0) return null;
      const left = Math.min(...parts.map((r) => r.left));
      const top = Math.min(...parts.map((r) => r.top));
      const right = Math.max(...parts.map((r) => r.right));
      const bottom = Math.max(...parts.map((r) => r.bottom));
      return { el, left, top, right, bottom, width: right - left, height: bottom - top, x: (left + right) / 2, y: (top + bottom) / 2 };
    })
    .filter((target) => target !== null);
  // Half a pixel of rounding: a 23.5 px box is drawn on 24 device pixels.
  const small = targets.filter((target) => target.width < 23.5 || target.height < 23.5);
  const problems: string[] = [];
  for (const target of small) {
    if (inSentence(target.el)) continue;
    const crowded = targets.find((other) => {
      if (other === target || within(other.el, target.el) || within(target.el, other.el)) return false;
      if (small.includes(other)) return Math.hypot(other.x - target.x, other.y - target.y) < 24;
      const dx = Math.max(other.left - target.x, 0, target.x - other.right);
      const dy = Math.max(other.top - target.y, 0, target.y - other.bottom);
      return Math.hypot(dx, dy) < 12;
    });
    if (crowded) problems.push(`"${accessibleName(target.el)}" (${target.el.localName}) ${Math.round(target.width)}×${Math.round(target.height)} px, ${Math.round(Math.hypot(crowded.x - target.x, crowded.y - target.y))} px from "${accessibleName(crowded.el)}"`);
  }
  return problems;
}
