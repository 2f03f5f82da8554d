/** Copy and paste of cell ranges: TSV out, spreadsheet clipboards in, one-step paste into the store. */
import { describe, expect, it } from 'vitest';
import type { GridColumn, GridRow } from '@houtai/shared/grid/types';
import { cellText, parseTsv, pastedValue, pasteMatrix, quoteTsvCell, rangeToTsv } from './clipboard.ts';
import { createGridStore } from './grid-store.ts';

const COLUMNS: GridColumn[] = [
  { key: 'a', title: 'A', type: 'input' },
  { key: 'secret', title: '隐藏', type: 'hidden' },
  { key: 'b', title: 'B', type: 'input' },
  { key: 'label', title: '只读', type: 'normal' },
  { key: 'c', title: 'C', type: 'input', disabled: true },
  { key: 'd', title: 'D', type: 'select' },
  { key: 'e', title: 'E', type: 'select', linkageKey: 'd' },
];

function rows(n = 3): GridRow[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `r${i}`,
    a: `a${i}`,
    secret: `s${i}`,
    b: `b${i}`,
    label: `l${i}`,
    c: `c${i}`,
    d: `d${i}`,
    e: `e${i}`,
  }));
}

describe('copy as TSV', () => {
  it('joins cells by tabs and rows by \\n, quoting cells with tabs, line breaks or quotes', () => {
    const data: GridRow[] = [
      { id: '1', a: 'plain', b: 'tab\there' },
      { id: '2', a: 'two\nlines', b: 'say "hi"' },
      { id: '3', a: 'cr\r\nlf', b: '' },
    ];
    const columns = [COLUMNS[0], COLUMNS[2]] as GridColumn[];
    expect(rangeToTsv(data, columns, { top: 0, left: 0, bottom: 2, right: 1 })).toBe(
      'plain\t"tab\there"\n"two\nlines"\t"say ""hi"""\n"cr\r\nlf"\t',
    );
  });

  it('writes non-text values as text and clips the range to the data', () => {
    const data: GridRow[] = [{ id: '1', a: 12, b: true, c: ['x', 'y'], d: null, e: { k: 1 } }];
    const columns: GridColumn[] = ['a', 'b', 'c', 'd', 'e'].map((key) => ({ key, title: key, type: 'input' }));
    expect(rangeToTsv(data, columns, { top: 0, left: 0, bottom: 5, right: 9 })).toBe('12\ttrue\tx,y\t\t"{""k"":1}"');
    // A range given bottom-up and right-to-left is the same rectangle.
    expect(rangeToTsv(data, columns, { top: 0, left: 1, bottom: 0, right: 0 })).toBe('12\ttrue');
    expect(cellText(undefined)).toBe('');
    expect(quoteTsvCell('ok')).toBe('ok');
  });
});

describe('parse clipboard TSV', () => {
  it('reads Excel/WPS text: \\r\\n line breaks and a trailing line break', () => {
    expect(parseTsv('a\tb\r\nc\td\r\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('reads Google Sheets text: \\n and no trailing line break', () => {
    expect(parseTsv('a\tb\nc\td')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('reads quoted cells with tabs, embedded line breaks and doubled quotes', () => {
    expect(parseTsv('"multi\r\nline"\t"say ""hi"""\t"a\tb"\r\nx\ty\tz\r\n')).toEqual([
      ['multi\r\nline', 'say "hi"', 'a\tb'],
      ['x', 'y', 'z'],
    ]);
  });

  it('keeps quotes inside unquoted cells, empty cells and ragged rows', () => {
    expect(parseTsv('5" screen\t\t\nonly\n')).toEqual([['5" screen', '', ''], ['only']]);
    expect(parseTsv('')).toEqual([]);
    expect(parseTsv('\n')).toEqual([['']]);
    expect(parseTsv('a\n\nb')).toEqual([['a'], [''], ['b']]);
    expect(parseTsv('a\rb')).toEqual([['a'], ['b']]);
  });

  it('keeps text after a closing quote and an unterminated quote to the end', () => {
    expect(parseTsv('"ab"c\td')).toEqual([['abc', 'd']]);
    expect(parseTsv('"open\tcell')).toEqual([['open\tcell']]);
  });

  it('round-trips a range through TSV, quotes and line breaks included', () => {
    const data: GridRow[] = [
      { id: '1', a: 'x "q"', b: 'l1\nl2' },
      { id: '2', a: '', b: 'tab\t' },
      { id: '3', a: '"', b: 'end\r\n' },
    ];
    const columns = [COLUMNS[0], COLUMNS[2]] as GridColumn[];
    const text = rangeToTsv(data, columns, { top: 0, left: 0, bottom: 2, right: 1 });
    expect(parseTsv(text)).toEqual(data.map((r) => [r.a, r.b]));
    expect(parseTsv(`${text}\r\n`)).toEqual(data.map((r) => [r.a, r.b]));
  });
});

describe('paste', () => {
  it('writes from the anchor over displayed columns, skipping hidden, read-only and disabled ones', () => {
    const data = rows();
    const store = createGridStore({ rows: data, columns: COLUMNS });
    // Displayed: a, b, label, c, d, e. From b: b ← 1, label (read-only) skipped, c (disabled) skipped, d ← 4.
    const result = pasteMatrix(store, { row: 1, column: 'b' }, [['1', '2', '3', '4']]);
    expect(data[1]).toMatchObject({ a: 'a1', secret: 's1', b: '1', label: 'l1', c: 'c1', d: '4', e: '' });
    expect(result).toEqual({ changed: 3, range: { top: 1, left: 1, bottom: 1, right: 4 } });
  });

  it('is one undo step however many cells it writes', () => {
    const data = rows();
    const store = createGridStore({ rows: data, columns: COLUMNS });
    pasteMatrix(store, { row: 0, column: 'a' }, parseTsv('x\ty\r\nz\tw\r\n'));
    expect(data.map((r) => [r.a, r.b])).toEqual([
      ['x', 'y'],
      ['z', 'w'],
      ['a2', 'b2'],
    ]);
    store.undo();
    expect(data.map((r) => [r.a, r.b])).toEqual([
      ['a0', 'b0'],
      ['a1', 'b1'],
      ['a2', 'b2'],
    ]);
    expect(store.canUndo()).toBe(false);
  });

  it('clips at the last row and the last column: a paste never adds rows', () => {
    const data = rows(2);
    const store = createGridStore({ rows: data, columns: COLUMNS });
    const result = pasteMatrix(store, { row: 1, column: 'e' }, [
      ['E1', 'beyond'],
      ['E2', 'beyond'],
    ]);
    expect(data).toHaveLength(2);
    expect(data[1]?.e).toBe('E1');
    expect(result.range).toEqual({ top: 1, left: 5, bottom: 1, right: 5 });
  });

  it('a pasted linked parent clears its dependent unless the paste writes the dependent too', () => {
    const data = rows(2);
    const store = createGridStore({ rows: data, columns: COLUMNS });
    pasteMatrix(store, { row: 0, column: 'd' }, [['D0', 'E0'], ['D1']]);
    expect(data[0]).toMatchObject({ d: 'D0', e: 'E0' });
    expect(data[1]).toMatchObject({ d: 'D1', e: '' });
  });

  it('skips disabled rows', () => {
    const data = rows(3);
    data[1] = { ...data[1], id: 'r1', locked: 'Y' };
    const store = createGridStore({ rows: data, columns: COLUMNS, disabledRows: { locked: 'Y' } });
    pasteMatrix(store, { row: 0, column: 'a' }, [['x'], ['y'], ['z']]);
    expect(data.map((r) => r.a)).toEqual(['x', 'a1', 'z']);
  });

  it('does nothing for an unknown or hidden anchor column, a row outside the grid or an empty matrix', () => {
    const store = createGridStore({ rows: rows(), columns: COLUMNS });
    expect(pasteMatrix(store, { row: 0, column: 'secret' }, [['x']]).changed).toBe(0);
    expect(pasteMatrix(store, { row: 0, column: 'nope' }, [['x']]).changed).toBe(0);
    expect(pasteMatrix(store, { row: 9, column: 'a' }, [['x']]).changed).toBe(0);
    expect(pasteMatrix(store, { row: 0, column: 'a' }, []).changed).toBe(0);
    expect(pasteMatrix(store, { row: 0, column: 'a' }, [[]]).changed).toBe(0);
    expect(store.canUndo()).toBe(false);
  });

  it('turns text into checkbox, switch and checkbox_meta values', () => {
    const checkbox: GridColumn = { key: 'k', title: 'k', type: 'checkbox' };
    const sw: GridColumn = { key: 's', title: 's', type: 'switch' };
    const meta: GridColumn = { key: 'm', title: 'm', type: 'checkbox_meta', customValue: ['1', '0'] };
    const plainMeta: GridColumn = { key: 'p', title: 'p', type: 'checkbox_meta' };
    expect(['true', 'TRUE', '1', 'Y', '是'].map((t) => pastedValue(checkbox, t))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['false', '', 'no'].map((t) => pastedValue(checkbox, t))).toEqual([false, false, false]);
    expect(['Y', 'true', 'N', ''].map((t) => pastedValue(sw, t))).toEqual(['Y', 'Y', 'N', 'N']);
    expect(['1', '0', 'x'].map((t) => pastedValue(meta, t))).toEqual(['1', '0', '0']);
    expect(pastedValue(plainMeta, 'raw')).toBe('raw');
    expect(pastedValue(COLUMNS[0] as GridColumn, ' keep ')).toBe(' keep ');
  });
});
