// oxlint-disable unicorn/consistent-function-scoping -- page.evaluate sends one function to the page: its helpers must live inside it
import type { Box, Rgb } from './pixels.ts';
import type { Roots } from './roots.ts';

/** A visible control as the page lays it out (`index` finds it again in `window.fcControls`). */
export interface ControlFacts {
  index: number;
  label: string;
  /** Its box, or the box of the frame that draws its edge. */
  box: Box;
  /** What draws its edge by its computed style (`border`, `outline`, `background`, `native`, `frame`), or null. */
  edge: string | null;
  disabled: boolean;
  /** Its text colour, resolved. */
  colour: string;
}

/** One element of a state: its box and the computed style forced colours leave alone. */
export interface StateMember {
  label: string;
  box: Box;
  /** Border widths, outline, font weight, text decoration, and the background when not forced. */
  style: string;
  native: boolean;
}

/** A chosen option (radio), selected tab or current item with the unchosen ones beside it. */
export interface StateFacts {
  kind: 'checked' | 'selected' | 'pressed' | 'current';
  on: StateMember;
  off: StateMember[];
}

/** What the page shows in forced colours, read from the DOM (open shadow roots included). */
export interface PageFacts {
  canvas: Rgb;
  grayText: string;
  controls: ControlFacts[];
  states: StateFacts[];
  /** Icons drawn in a colour of their own rather than `currentColor`. */
  icons: string[];
}

/**
 * Runs in the page (`evaluateOverRoots`: the document and its open shadow roots): every visible button, input, select, textarea, radio, tab, checkbox, switch,
 * combobox and control disabled with `aria-disabled` (inside the open modal dialog only, when one is
 * open), the groups of radios, tabs and
 * `aria-current` items, and the SVG icons. Boxes are in page coordinates at scroll 0, as a full-page
 * screenshot draws them. Controls are kept in `window.fcControls` for the focus check.
 */
export function readPageFacts(roots: Roots): PageFacts {
  const all = (selector: string) => [...new Set(roots.flatMap((root) => [...root.querySelectorAll<HTMLElement>(selector)]))];
  const parentOf = (node: Element): Element | null => node.assignedSlot ?? node.parentElement ?? (node.parentNode instanceof ShadowRoot ? node.parentNode.host : null);
  const contains = (outer: Element, inner: Element | null) => {
    for (let node = inner; node; node = parentOf(node)) if (node === outer) return true;
    return false;
  };
  const deepHit = (x: number, y: number) => {
    let hit = document.elementFromPoint(x, y);
    while (hit?.shadowRoot) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    return hit;
  };
  const resolve = (value: string) => {
    const probe = document.createElement('div');
    probe.style.cssText = `forced-color-adjust: none; color: ${value}`;
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  };
  const channels = (colour: string) => (/rgba?\(([^)]*)\)/.exec(colour)?.[1] ?? '0 0 0 0').split(/[\s,/]+/).filter(Boolean).map(Number);
  const alpha = (colour: string) => channels(colour)[3] ?? 1;
  const canvasColour = resolve('Canvas');
  const [cr = 255, cg = 255, cb = 255] = channels(canvasColour);
  const notCanvas = (colour: string) => alpha(colour) > 0.3 && channels(colour).slice(0, 3).join() !== [cr, cg, cb].join();
  const modal = all('dialog').filter((dialog) => dialog.matches(':modal')).at(-1) ?? null;

  const shown = (el: HTMLElement, minimum: number) => {
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    if (modal && !contains(modal, el)) return false;
    const box = el.getBoundingClientRect();
    if (box.width < minimum || box.height < minimum) return false;
    // Moved off the page until focused (the skip link).
    if (box.bottom + scrollY <= 0 || box.right + scrollX <= 0) return false;
    for (let node = parentOf(el); node; node = parentOf(node)) {
      const style = getComputedStyle(node);
      if (style.overflowX === 'visible' && style.overflowY === 'visible' && style.clip === 'auto') continue;
      const frame = node.getBoundingClientRect();
      if (box.left < frame.left - 1 || box.right > frame.right + 1 || box.top < frame.top - 1 || box.bottom > frame.bottom + 1) return false;
    }
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return true;
    const hit = deepHit(x, y);
    const labels = el instanceof HTMLInputElement ? [...(el.labels ?? [])] : [];
    return contains(el, hit) || labels.some((label) => contains(label, hit));
  };
  const pageBox = (el: Element): Box => {
    const box = el.getBoundingClientRect();
    return { x: box.left + scrollX, y: box.top + scrollY, width: box.width, height: box.height };
  };
  const labelOf = (el: Element) => {
    const text = el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '';
    const name = text || el.getAttribute('placeholder') || el.getAttribute('name') || el.getAttribute('type') || '';
    return `${el.localName}${el.classList[0] ? `.${el.classList[0]}` : ''} "${name.replace(/\s+/g, ' ').slice(0, 40)}"`;
  };
  const ownEdge = (el: Element) => {
    const style = getComputedStyle(el);
    const sides = ['Top', 'Right', 'Bottom', 'Left'].filter((side) => {
      const width = Number.parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`));
      return width >= 1 && !/none|hidden/.test(style.getPropertyValue(`border-${side.toLowerCase()}-style`)) && alpha(style.getPropertyValue(`border-${side.toLowerCase()}-color`)) > 0.3;
    });
    if (sides.length >= 3) return 'border';
    if (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 1 && alpha(style.outlineColor) > 0.3) return 'outline';
    if (el instanceof HTMLInputElement && /^(checkbox|radio)$/.test(el.type) && style.appearance !== 'none') return 'native';
    if (notCanvas(style.backgroundColor)) return 'background';
    return null;
  };
  /** What draws the control's edge, and the box it is drawn around (a frame's own, for a field inside one). */
  const edgeOf = (el: Element): { edge: string | null; box: Box } => {
    const own = ownEdge(el);
    if (own) return { edge: own, box: pageBox(el) };
    // A field drawn by the box around it (the text field's frame around its input and toggle).
    const box = el.getBoundingClientRect();
    for (let node = parentOf(el), depth = 0; node && depth < 3; node = parentOf(node), depth += 1) {
      const frame = node.getBoundingClientRect();
      if (frame.left > box.left + 0.5 || frame.right < box.right - 0.5 || frame.top > box.top + 0.5 || frame.bottom < box.bottom - 0.5 || frame.height > box.height + 16) break;
      if (ownEdge(node)) return { edge: 'frame', box: pageBox(node) };
    }
    return { edge: null, box: pageBox(el) };
  };

  const found = all('button, input:not([type="hidden"]), select, textarea, [role="radio"], [role="tab"], [role="checkbox"], [role="switch"], [role="combobox"], [aria-disabled="true"]').filter((el) => shown(el, 6));
  (window as unknown as { fcControls: HTMLElement[] }).fcControls = found;
  const controls = found.map((el, index) => ({
    index,
    label: labelOf(el),
    ...edgeOf(el),
    disabled: el.matches(':disabled, [aria-disabled="true"]'),
    colour: getComputedStyle(el).color,
  }));

  const shape = (style: CSSStyleDeclaration) => [style.borderTopWidth, style.borderRightWidth, style.borderBottomWidth, style.borderLeftWidth, style.outlineStyle, style.outlineWidth];
  const member = (el: Element): StateMember => {
    const style = getComputedStyle(el);
    const background = style.forcedColorAdjust === 'none' ? style.backgroundColor : 'forced';
    // A mark drawn by a pseudo-element (the selected tab's bar) counts when it has a shape of its own.
    const marks = ['::before', '::after'].map((pseudo) => {
      const mark = getComputedStyle(el, pseudo);
      return mark.content === 'none' ? 'none' : shape(mark).join(' ');
    });
    return {
      label: labelOf(el),
      box: pageBox(el),
      style: [...shape(style), style.fontWeight, style.textDecorationLine, background, ...marks].join(' '),
      native: el instanceof HTMLInputElement,
    };
  };
  const states: StateFacts[] = [];
  const grouped = (kind: StateFacts['kind'], items: HTMLElement[], groupOf: (el: HTMLElement) => unknown, isOn: (el: HTMLElement) => boolean) => {
    const groups = new Map<unknown, HTMLElement[]>();
    for (const el of items.filter((item) => shown(item, 6))) groups.set(groupOf(el), [...(groups.get(groupOf(el)) ?? []), el]);
    for (const members of groups.values()) {
      const on = members.find(isOn);
      const off = members.filter((el) => !isOn(el));
      if (on && off.length > 0) states.push({ kind, on: member(on), off: off.map(member) });
    }
  };
  grouped(
    'checked',
    all('[role="radio"], input[type="radio"]'),
    (el) => el.closest('[role="radiogroup"]') ?? `${el.getAttribute('name')}`,
    (el) => el.getAttribute('aria-checked') === 'true' || (el instanceof HTMLInputElement && el.checked),
  );
  grouped('selected', all('[role="tab"]'), (el) => el.closest('[role="tablist"]'), (el) => el.getAttribute('aria-selected') === 'true');
  // Toggle buttons of one group (the language switch): the pressed one against the others.
  grouped('pressed', all('[aria-pressed]'), (el) => el.closest('[role="group"]'), (el) => el.getAttribute('aria-pressed') === 'true');
  const current = all('[aria-current]:not([aria-current="false"])');
  grouped(
    'current',
    [...new Set(current.flatMap((el) => [el, ...[...(el.closest('ol, ul, tbody, nav')?.querySelectorAll<HTMLElement>(el.localName) ?? [])].filter((peer) => peer.className === el.className && !peer.contains(el) && !el.contains(peer))]))],
    (el) => el.closest('ol, ul, tbody, nav'),
    (el) => current.includes(el),
  );

  const icons = all('svg')
    .filter((svg) => shown(svg as unknown as HTMLElement, 4))
    .flatMap((svg) =>
      [...svg.querySelectorAll('path, circle, rect, ellipse, line, polyline, polygon')].filter((part) => {
        const style = getComputedStyle(part);
        return [style.fill, style.stroke].some((paint) => paint !== 'none' && paint !== style.color);
      }),
    )
    .map((part) => labelOf(parentOf(part.closest('svg')!) ?? part));
  return { canvas: [cr, cg, cb], grayText: resolve('GrayText'), controls, states, icons };
}

/** Runs in the page: takes focus off whatever has it, inside shadow roots too. */
export function blurFocused(): void {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  (active as HTMLElement | null)?.blur?.();
}
