/** New rows' default values, cleared cells' empty values and the disabledRows match. */
import { describe, expect, it } from 'vitest';
import type { GridColumn } from '@houtai/shared/grid/types';
import { defaultCellValue, emptyCellValue, matchesDisabledRows } from './cell-values.ts';

const col = (c: Partial<GridColumn> & Pick<GridColumn, 'type'>): GridColumn => ({ key: 'k', title: 'k', ...c });

describe('cell values', () => {
  it('empty values: false for checkbox, the off value for switch and checkbox_meta, else ""', () => {
    expect(emptyCellValue(col({ type: 'checkbox' }))).toBe(false);
    expect(emptyCellValue(col({ type: 'switch' }))).toBe('N');
    expect(emptyCellValue(col({ type: 'switch', customValue: ['1', '0'] }))).toBe('0');
    expect(emptyCellValue(col({ type: 'checkbox_meta', customValue: ['on', 'off'] }))).toBe('off');
    expect(emptyCellValue(col({ type: 'checkbox_meta' }))).toBe(false); // the shared pair without customValue: true / false
    expect(emptyCellValue(col({ type: 'list_multi' }))).toBe('');
  });

  it('defaults: defaultValue first, then defaultChecked, then the empty value', () => {
    expect(defaultCellValue(col({ type: 'input', defaultValue: 'x' }))).toBe('x');
    expect(defaultCellValue(col({ type: 'checkbox', defaultChecked: true, defaultValue: false }))).toBe(false);
    expect(defaultCellValue(col({ type: 'checkbox', defaultChecked: true }))).toBe(true);
    expect(defaultCellValue(col({ type: 'switch', defaultChecked: true }))).toBe('Y');
    expect(defaultCellValue(col({ type: 'checkbox_meta', defaultChecked: true, customValue: ['1', '0'] }))).toBe('1');
    expect(defaultCellValue(col({ type: 'checkbox', defaultChecked: false }))).toBe(false);
    expect(defaultCellValue(col({ type: 'input', defaultChecked: true }))).toBe('');
  });

  it('disabledRows: every key must match, strictly; no rule or an empty rule disables nothing', () => {
    const row = { id: '1', status: 1, kind: 'A' };
    expect(matchesDisabledRows(row, { status: 1 })).toBe(true);
    expect(matchesDisabledRows(row, { status: '1' })).toBe(false);
    expect(matchesDisabledRows(row, { status: [0, 1], kind: 'A' })).toBe(true);
    expect(matchesDisabledRows(row, { status: [0, 1], kind: 'B' })).toBe(false);
    expect(matchesDisabledRows(row, {})).toBe(false);
    expect(matchesDisabledRows(row, undefined)).toBe(false);
  });
});
