/**
 * How a list fits its width, one seam for every server-paged list: on a phone one card-like column (the row's
 * essentials and its steps) instead of the full table; from `md` up the full columns, those marked `from` only
 * from that breakpoint up, and a horizontal scroll width that is the sum of what the visible columns need — fixed
 * widths plus the `minWidth` of the flexible one (the title) — so that the flexible column never shrinks to a few
 * characters and a pinned column covers nothing while the table fits its card.
 */
import { useMemo } from 'react';
import { Grid, type TableColumnsType, type TableColumnType as ColumnType } from 'antd';

type Breakpoint = 'sm' | 'md' | 'lg' | 'xl' | 'xxl';
type Screens = Partial<Record<Breakpoint | 'xs' | 'xxxl', boolean>>;

/** A column of the full table: `from` shows it only from that breakpoint up; a column without width needs `minWidth`. */
export type FitColumn<Row> = ColumnType<Row> & { from?: Breakpoint };

/** antd's selection column in a middle-sized table (controlHeight plus the cell's padding). */
export const SELECTION_COLUMN_WIDTH = 48;

/** The columns shown at `screens` (antd's Grid.useBreakpoint()); `from` is dropped from what antd sees. */
export function visibleColumns<Row>(columns: readonly FitColumn<Row>[], screens: Screens): ColumnType<Row>[] {
  return (
    columns
      // Until antd has measured the screen (no answer yet) every column shows, like the full table before `compact`.
      .filter((c) => c.from === undefined || screens[c.from] !== false)
      .map(({ from: _from, ...column }) => column)
  );
}

/** The width the columns need: fixed widths, the flexible columns' minWidth, and the selection column if any. */
export function neededWidth<Row>(columns: readonly ColumnType<Row>[], selection: boolean): number {
  let total = selection ? SELECTION_COLUMN_WIDTH : 0;
  for (const c of columns) {
    const width = typeof c.width === 'number' ? c.width : (c.minWidth ?? 0);
    total += width;
  }
  return total;
}

export interface ResponsiveColumnsOptions<Row> {
  /** The full table's columns. */
  columns: readonly FitColumn<Row>[];
  /** The phone's columns: usually one card column and the steps beside it. */
  compactColumns: TableColumnsType<Row>;
  /** The table has a selection column. */
  selection?: boolean;
}

export interface ResponsiveColumns<Row> {
  /** Below `md`: the card layout is shown. */
  compact: boolean;
  columns: TableColumnsType<Row>;
  /** For antd's Table `scroll`: no horizontal scroll on a phone, the needed width elsewhere. */
  scroll: { x: number } | undefined;
}

export function useResponsiveColumns<Row>({
  columns,
  compactColumns,
  selection = false,
}: ResponsiveColumnsOptions<Row>): ResponsiveColumns<Row> {
  const screens = Grid.useBreakpoint();
  const compact = screens.md === false;
  return useMemo(() => {
    if (compact) return { compact, columns: compactColumns, scroll: undefined };
    const visible = visibleColumns(columns, screens);
    return { compact, columns: visible, scroll: { x: neededWidth(visible, selection) } };
  }, [compact, columns, compactColumns, selection, screens]);
}
