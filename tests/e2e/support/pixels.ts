import type { Picture } from './png.ts';

/** A box in the picture's pixels (CSS pixels at a device scale factor of 1). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** An sRGB colour as three 0–255 channels. */
export type Rgb = readonly [number, number, number];

/** How far a channel must be from the background to count as drawn: anti-aliasing stays below it. */
const INK = 48;

/** Whether the pixel at (x, y) is drawn in something other than `background`; outside the picture it is not. */
export function inkAt(picture: Picture, background: Rgb, x: number, y: number): boolean {
  if (x < 0 || y < 0 || x >= picture.width || y >= picture.height) return false;
  const at = (y * picture.width + x) * 4;
  const { data } = picture;
  return Math.abs(data[at]! - background[0]) >= INK || Math.abs(data[at + 1]! - background[1]) >= INK || Math.abs(data[at + 2]! - background[2]) >= INK;
}

/**
 * The sides of `box` along which no edge is drawn. Each side is probed across its middle (three
 * neighbouring lines), from 2 px outside the box to 3 px inside it: a border, an outline hugging the
 * box, a filled background or a neighbour's border the control shares (the header's search field and
 * its button) all draw there; text well inside the box does not. The middle of a side lies on the edge
 * of any rounded box, pills included.
 */
export function missingEdges(picture: Picture, background: Rgb, box: Box): string[] {
  const left = Math.round(box.x);
  const top = Math.round(box.y);
  const right = Math.round(box.x + box.width) - 1;
  const bottom = Math.round(box.y + box.height) - 1;
  const midX = Math.round(box.x + box.width / 2);
  const midY = Math.round(box.y + box.height / 2);
  const across = (line: (offset: number, depth: number) => [number, number]) =>
    [-1, 0, 1].some((offset) => [-2, -1, 0, 1, 2, 3].some((depth) => inkAt(picture, background, ...line(offset, depth))));
  const sides: Record<string, (offset: number, depth: number) => [number, number]> = {
    top: (offset, depth) => [midX + offset, top + depth],
    bottom: (offset, depth) => [midX + offset, bottom - depth],
    left: (offset, depth) => [left + depth, midY + offset],
    right: (offset, depth) => [right - depth, midY + offset],
  };
  return Object.entries(sides)
    .filter(([, line]) => !across(line))
    .map(([side]) => side);
}

/** The share of drawn pixels in `box`'s four 4 px bands along its sides and in its inside, in that order. */
export function inkProfile(picture: Picture, background: Rgb, box: Box): number[] {
  const left = Math.round(box.x);
  const top = Math.round(box.y);
  const right = Math.round(box.x + box.width);
  const bottom = Math.round(box.y + box.height);
  const share = (x0: number, y0: number, x1: number, y1: number) => {
    let drawn = 0;
    let all = 0;
    for (let y = y0; y < y1; y += 1)
      for (let x = x0; x < x1; x += 1) {
        all += 1;
        if (inkAt(picture, background, x, y)) drawn += 1;
      }
    return all === 0 ? 0 : drawn / all;
  };
  const band = 4;
  return [
    share(left, top, right, top + band),
    share(left, bottom - band, right, bottom),
    share(left, top, left + band, bottom),
    share(right - band, top, right, bottom),
    share(left + band, top + band, right - band, bottom - band),
  ];
}

/** The largest difference between two ink profiles: 0 when they look alike, up to 1. */
export const profileDistance = (a: number[], b: number[]) => Math.max(...a.map((value, i) => Math.abs(value - (b[i] ?? 0))));

/** How many pixels differ (by `INK` on some channel) between two pictures of the same size. */
export function changedPixels(before: Picture, after: Picture): number {
  let changed = 0;
  for (let at = 0; at < before.data.length; at += 4)
    if (
      Math.abs(before.data[at]! - after.data[at]!) >= INK ||
      Math.abs(before.data[at + 1]! - after.data[at + 1]!) >= INK ||
      Math.abs(before.data[at + 2]! - after.data[at + 2]!) >= INK
    )
      changed += 1;
  return changed;
}
