/**
 * Which rows and columns the editable grid draws, and where (issue 13: rows AND columns windowed). Pure; the grid
 * view (grid-view.tsx) calls it on every scroll.
 *
 * Rows have one height, so the row window is arithmetic. A million rows of 61 px are 61,000,000 px, more than a
 * browser lets an element be tall (Chromium ~33.5M px, Firefox ~17.9M): past MAX_SCROLL_HEIGHT the scrollable
 * height is capped and the scroll position is scaled onto the rows (`virtualTop`), and each drawn row is placed
 * relative to the real scroll position, so rows still move one pixel per pixel scrolled between two scroll events.
 * Columns have their own widths: prefix sums and a binary search.
 */

/** The tallest scrollable content the grid makes (below every browser's element-height limit). */
export const MAX_SCROLL_HEIGHT = 15_000_000;

export interface RowWindowInput {
  /** The scroll container's scrollTop. */
  scrollTop: number;
  /** Height of the visible rows' area (the container's client height minus header and footer). */
  viewport: number;
  rowHeight: number;
  count: number;
  /** Rows drawn beyond each edge. */
  overscan: number;
}

export interface RowWindow {
  /** First and one-past-last row index drawn. */
  start: number;
  end: number;
  /** Height of the scrollable rows' area. */
  scrollHeight: number;
  /** Where row `i` is drawn, in px from the top of the rows' area (only meaningful for start ≤ i < end). */
  top: (i: number) => number;
}

/** The rows' full height and the scrollable height standing for it. */
export function rowScrollHeight(count: number, rowHeight: number): { content: number; scroll: number } {
  const content = count * rowHeight;
  return { content, scroll: Math.min(content, MAX_SCROLL_HEIGHT) };
}

/** The position in the rows' full height that a scrollTop stands for. */
export function virtualTop(scrollTop: number, viewport: number, count: number, rowHeight: number): number {
  const { content, scroll } = rowScrollHeight(count, rowHeight);
  if (content === scroll) return scrollTop;
  const range = scroll - viewport;
  if (range <= 0) return 0;
  const clamped = Math.min(Math.max(scrollTop, 0), range);
  return (clamped * (content - viewport)) / range;
}

/** The scrollTop that shows the rows' full height from `virtual` on (the inverse of virtualTop). */
export function scrollTopFor(virtual: number, viewport: number, count: number, rowHeight: number): number {
  const { content, scroll } = rowScrollHeight(count, rowHeight);
  if (content === scroll) return virtual;
  const span = content - viewport;
  if (span <= 0) return 0;
  return (Math.min(Math.max(virtual, 0), span) * (scroll - viewport)) / span;
}

export function rowWindow({ scrollTop, viewport, rowHeight, count, overscan }: RowWindowInput): RowWindow {
  const { scroll } = rowScrollHeight(count, rowHeight);
  if (count === 0) return { start: 0, end: 0, scrollHeight: 0, top: () => 0 };
  const top0 = Math.max(0, scrollTop);
  const vTop = virtualTop(top0, viewport, count, rowHeight);
  const first = Math.min(count - 1, Math.floor(vTop / rowHeight));
  const visible = Math.ceil(viewport / rowHeight) + 1;
  const start = Math.max(0, first - overscan);
  const end = Math.min(count, first + visible + overscan);
  return { start, end, scrollHeight: scroll, top: (i) => top0 + (i * rowHeight - vTop) };
}

/**
 * The scrollTop that brings row `index` fully into view, or null when it is in view already (used after
 * validation to show the first failing cell, and by the keyboard).
 */
export function scrollTopToShowRow(
  index: number,
  scrollTop: number,
  viewport: number,
  count: number,
  rowHeight: number,
): number | null {
  const vTop = virtualTop(scrollTop, viewport, count, rowHeight);
  const rowTop = index * rowHeight;
  if (rowTop >= vTop && rowTop + rowHeight <= vTop + viewport) return null;
  const target = rowTop < vTop ? rowTop : rowTop + rowHeight - viewport;
  return scrollTopFor(target, viewport, count, rowHeight);
}

/** Column offsets: `offsets[i]` is where column i starts; `offsets[n]` the total width. */
export function columnOffsets(widths: readonly number[]): number[] {
  const out = new Array<number>(widths.length + 1);
  out[0] = 0;
  for (let i = 0; i < widths.length; i++) out[i + 1] = out[i]! + widths[i]!;
  return out;
}

/** The last index i with offsets[i] ≤ x (0 when x is before the first column). */
function columnAt(offsets: readonly number[], x: number): number {
  let lo = 0;
  let hi = offsets.length - 2;
  if (hi < 0) return 0;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (offsets[mid]! <= x) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * The scrolling columns drawn for a horizontal scroll position: `[start, end)` over the columns whose offsets are
 * given (the pinned columns are not among them; `viewport` is the width left to the scrolling ones).
 */
export function columnWindow(
  offsets: readonly number[],
  scrollLeft: number,
  viewport: number,
  overscan: number,
): { start: number; end: number } {
  const n = offsets.length - 1;
  if (n <= 0) return { start: 0, end: 0 };
  const first = columnAt(offsets, Math.max(0, scrollLeft));
  const last = columnAt(offsets, Math.max(0, scrollLeft + viewport - 1));
  return { start: Math.max(0, first - overscan), end: Math.min(n, last + 1 + overscan) };
}
