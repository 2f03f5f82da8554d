/** Footer statistics: 合计 as integer sums, 平均 rounded to 2 decimals, over all rows. */
import { describe, expect, it } from 'vitest';
import type { GridColumn, GridRow } from '@houtai/shared/grid/types';
import { computeStatistics, roundHalfAway, statisticValue } from './statistics.ts';

const COLUMNS: GridColumn[] = [
  { key: 'name', title: '名称', type: 'input' },
  { key: 'qty', title: '数量', type: 'inputNumber', statistics: ['sum', 'average'] },
  { key: 'price', title: '单价', type: 'inputNumber', statistics: ['sum'] },
  { key: 'rate', title: '比率', type: 'inputNumber', statistics: ['average'] },
];

describe('statistics', () => {
  it('reads values as integers; non-numbers count 0', () => {
    expect(statisticValue('12.9')).toBe(12);
    expect(statisticValue(' 7')).toBe(7);
    expect(statisticValue('-3.5')).toBe(-3);
    expect(statisticValue(4.8)).toBe(4);
    expect(statisticValue('1e3')).toBe(1);
    expect(statisticValue('abc')).toBe(0);
    expect(statisticValue('')).toBe(0);
    expect(statisticValue(null)).toBe(0);
    expect(statisticValue(undefined)).toBe(0);
    expect(statisticValue(true)).toBe(0);
    expect(statisticValue(Number.NaN)).toBe(0);
    expect(statisticValue({})).toBe(0);
  });

  it('sums and averages the columns that ask, with the labels 合计 and 平均', () => {
    const rows: GridRow[] = [
      { id: '1', qty: '10.7', price: 3, rate: '1' },
      { id: '2', qty: 5, price: 'x', rate: '2' },
      { id: '3', qty: '', price: '4.2', rate: '2' },
    ];
    expect(computeStatistics(rows, COLUMNS)).toEqual([
      { type: 'sum', label: '合计', values: { qty: 15, price: 7 } },
      { type: 'average', label: '平均', values: { qty: 5, rate: 1.67 } },
    ]);
  });

  it('has no footer rows without statistics columns, and averages 0 over no rows', () => {
    expect(computeStatistics([{ id: '1', name: 'a' }], [COLUMNS[0] as GridColumn])).toEqual([]);
    expect(computeStatistics([], COLUMNS)).toEqual([
      { type: 'sum', label: '合计', values: { qty: 0, price: 0 } },
      { type: 'average', label: '平均', values: { qty: 0, rate: 0 } },
    ]);
  });

  it('rounds averages to 2 decimals, halves away from zero', () => {
    expect(roundHalfAway(2.345)).toBe(2.35);
    expect(roundHalfAway(-2.345)).toBe(-2.35);
    expect(roundHalfAway(1.005)).toBe(1.01);
    expect(roundHalfAway(2 / 3)).toBe(0.67);
    expect(roundHalfAway(-1 / 3)).toBe(-0.33);
    expect(roundHalfAway(5)).toBe(5);
    const rows: GridRow[] = [
      { id: '1', rate: '-1' },
      { id: '2', rate: '-2' },
      { id: '3', rate: '0' },
      { id: '4', rate: '-2' },
      { id: '5', rate: '0' },
      { id: '6', rate: '0' },
      { id: '7', rate: '0' },
      { id: '8', rate: '0' },
    ];
    // -5 / 8 = -0.625 → -0.63
    expect(computeStatistics(rows, [COLUMNS[3] as GridColumn])[0]?.values.rate).toBe(-0.63);
  });

  it('covers every row of a large list in one pass', () => {
    const rows: GridRow[] = Array.from({ length: 200_000 }, (_, i) => ({
      id: String(i),
      qty: i % 2 === 0 ? '2' : 'n/a',
    }));
    const [sum, average] = computeStatistics(rows, COLUMNS);
    expect(sum?.values.qty).toBe(200_000);
    expect(average?.values.qty).toBe(1);
  });
});
