/**
 * Cell values the edit model writes by itself (spec widgets-accounting §2.2, §3, §4): a new row's defaults, the empty
 * value a cleared linked select gets, and the disabledRows match. Used by grid-store.ts and clipboard.ts.
 */
import { checkboxValues, switchValues } from '@houtai/shared/grid/cell-values';
import type { GridColumn, GridRow } from '@houtai/shared/grid/types';

/** The switch cell's value pair when the column gives none (§2.2: on = first, off = second): the shared rule's. */
export { SWITCH_DEFAULT_VALUES } from '@houtai/shared/grid/cell-values';

/**
 * `disabledRows` (§2.2): `{ key: value | value[] }`. A row is disabled when EVERY key matches: the row's value equals
 * the value (strict equality, so 1 and '1' differ), or is one of the array's values. An empty rule disables nothing.
 */
export type DisabledRowsRule = Readonly<Record<string, unknown>>;

export function matchesDisabledRows(row: GridRow, rule: DisabledRowsRule | undefined): boolean {
  if (!rule) return false;
  let keys = 0;
  for (const key of Object.keys(rule)) {
    keys += 1;
    const expected = rule[key];
    const actual = row[key];
    const match = Array.isArray(expected) ? expected.includes(actual) : expected === actual;
    if (!match) return false;
  }
  return keys > 0;
}

/**
 * The value of a cell with nothing in it: false for a checkbox, the "off" value of a switch or checkbox_meta (the
 * shared rules' pairs: customValue's second, else 'N' / false), '' for everything else (selects, list_multi's
 * comma-joined text, inputs).
 */
export function emptyCellValue(column: GridColumn): unknown {
  switch (column.type) {
    case 'checkbox':
      return false;
    case 'switch':
      return switchValues(column)[1];
    case 'checkbox_meta':
      return checkboxValues(column)[1];
    default:
      return '';
  }
}

/**
 * A new row's value for a column: `defaultValue` when given; for checkbox cells `defaultChecked` (true, or
 * customValue's first for checkbox_meta and switch); otherwise the empty value.
 */
export function defaultCellValue(column: GridColumn): unknown {
  if (column.defaultValue !== undefined) return column.defaultValue;
  if (column.defaultChecked === true) {
    if (column.type === 'checkbox') return true;
    if (column.type === 'checkbox_meta' || column.type === 'switch') {
      return column.type === 'switch' ? switchValues(column)[0] : checkboxValues(column)[0];
    }
  }
  return emptyCellValue(column);
}
