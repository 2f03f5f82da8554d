/**
 * The grid's footer statistics (spec widgets-accounting §5.2): for every column that asks for them, 合计 (sum) and
 * 平均 (average) over ALL rows, never-rendered ones included, in one pass over the rows. Used by the grid's footer.
 *
 * As the spec says, values count as integers: a text is read with parseInt(value, 10), so '12.9' counts 12 and
 * '1e3' counts 1, a number is truncated; anything else (empty, text not starting with a number, null, booleans,
 * objects) counts 0.
 * The average is the sum divided by the number of rows (rows counting 0 included), rounded to 2 decimals, halves
 * away from zero; with no rows it is 0.
 */
import { GRID_TEXT } from '@houtai/shared/grid/constants';
import type { GridColumn, GridRow, GridStatistic } from '@houtai/shared/grid/types';

/** Footer labels (§5.2). */
export const STATISTIC_LABELS: Readonly<Record<GridStatistic, string>> = {
  sum: GRID_TEXT.sum,
  average: GRID_TEXT.average,
};

/** Decimals the average is rounded to. */
export const AVERAGE_DECIMALS = 2;

/** One footer row: its label and a figure per column that has this statistic. */
export interface StatisticsRow {
  type: GridStatistic;
  label: string;
  values: Record<string, number>;
}

/** A cell's value as the statistics count it. */
export function statisticValue(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : 0;
  if (typeof value !== 'string') return 0;
  const n = Number.parseInt(value, 10);
  return Number.isNaN(n) ? 0 : n;
}

/** Rounds to `decimals` places, halves away from zero (2.345 → 2.35, -2.345 → -2.35). */
export function roundHalfAway(value: number, decimals: number = AVERAGE_DECIMALS): number {
  const factor = 10 ** decimals;
  // The epsilon keeps 1.005-style binary fractions from rounding down.
  return (Math.sign(value) * Math.round(Math.abs(value) * factor * (1 + Number.EPSILON))) / factor;
}

/** The columns that ask for statistics. */
function statisticColumns(columns: readonly GridColumn[]): GridColumn[] {
  return columns.filter((c) => (c.statistics?.length ?? 0) > 0);
}

/** Per statistics column, the sum of its values over the rows (one pass); the basis of the footer. */
export function statisticSums(rows: readonly GridRow[], columns: readonly GridColumn[]): Map<string, number> {
  const keys = statisticColumns(columns).map((c) => c.key);
  const sums = new Array<number>(keys.length).fill(0);
  for (const row of rows) {
    for (let k = 0; k < keys.length; k += 1) sums[k] = (sums[k] as number) + statisticValue(row[keys[k] as string]);
  }
  return new Map(keys.map((k, i) => [k, sums[i] as number]));
}

/**
 * The footer rows from the sums and the row count, sum first then average, each present only if some column asks
 * for it (in §3's `statistics`). The grid keeps the sums up to date per edit (a cell's value in, the old one out),
 * so a million rows are not summed again for every keystroke.
 */
export function statisticsRows(
  sums: ReadonlyMap<string, number>,
  rowCount: number,
  columns: readonly GridColumn[],
): StatisticsRow[] {
  const withStats = statisticColumns(columns);
  const result: StatisticsRow[] = [];
  for (const type of ['sum', 'average'] as const) {
    if (!withStats.some((c) => c.statistics?.includes(type))) continue;
    const values: Record<string, number> = {};
    for (const column of withStats) {
      if (!column.statistics?.includes(type)) continue;
      const sum = sums.get(column.key) ?? 0;
      values[column.key] = type === 'sum' ? sum : rowCount === 0 ? 0 : roundHalfAway(sum / rowCount);
    }
    result.push({ type, label: STATISTIC_LABELS[type], values });
  }
  return result;
}

/**
 * The footer rows, sum first then average, each present only if some column asks for it (in §3's `statistics`).
 * Returns [] when no column has statistics.
 */
export function computeStatistics(rows: readonly GridRow[], columns: readonly GridColumn[]): StatisticsRow[] {
  return statisticsRows(statisticSums(rows, columns), rows.length, columns);
}
