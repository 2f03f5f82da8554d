/** The shift grid's shared definition: its rules through the grid validator, and the save body's bounds. */
import { describe, expect, it } from 'vitest';
import { compileGridRules, validateGridRows } from '../grid/validate.ts';
import { SHIFT_GRID_COLUMNS, SHIFT_LIMITS, SHIFT_TEXT, ShiftSaveBody } from './shift.ts';

const rules = compileGridRules(SHIFT_GRID_COLUMNS);
const shift = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `班次${id}`,
  amStart: '09:00',
  amEnd: '12:00',
  pmStart: '13:30',
  pmEnd: '18:00',
  sortOrder: 1,
  ...extra,
});
const messages = (rows: ReturnType<typeof shift>[]) => validateGridRows(rows, rules).errors.map((e) => e.message);

describe('SHIFT_GRID_COLUMNS', () => {
  it('passes well-formed shifts and has one order column', () => {
    expect(messages([shift('1'), shift('2', { amStart: '00:00', pmEnd: '23:59' })])).toEqual([]);
    expect(SHIFT_GRID_COLUMNS.filter((c) => c.isOrder).map((c) => c.key)).toEqual(['sortOrder']);
  });

  it('names are required, unique and at most 50 characters', () => {
    expect(messages([shift('1', { name: '' })])).toEqual(['班次名称不能为空']);
    expect(messages([shift('1', { name: '早班' }), shift('2', { name: '早班' })])).toEqual([
      '班次名称不能重复',
      '班次名称不能重复',
    ]);
    expect(messages([shift('1', { name: '班'.repeat(50) })])).toEqual([]);
    expect(messages([shift('1', { name: '班'.repeat(51) })])).toEqual([SHIFT_TEXT.nameTooLong]);
  });

  it.each(['9:00', '24:00', '12:60', '0900', '09:00 ', ''])('refuses the time %j', (bad) => {
    const expected = bad === '' ? '上午上班不能为空' : '上午上班须为HH:mm格式的时间（如 09:00）';
    expect(messages([shift('1', { amStart: bad })])).toEqual([expected]);
  });
});

describe('ShiftSaveBody', () => {
  it('defaults missing lists, coerces blank cells to empty text and numbers from text', () => {
    const parsed = ShiftSaveBody.parse({ inserted: [{ id: 'tmp', name: ' 早班 ', sortOrder: '3' }] });
    expect(parsed).toEqual({
      inserted: [{ id: 'tmp', name: '早班', amStart: '', amEnd: '', pmStart: '', pmEnd: '', sortOrder: 3 }],
      updated: [],
      removedIds: [],
    });
  });

  it(`refuses more than ${SHIFT_LIMITS.rowsPerSave} rows, an id both updated and removed, and a bad version`, () => {
    const many = Array.from({ length: SHIFT_LIMITS.rowsPerSave + 1 }, (_, i) => shift(String(i)));
    expect(ShiftSaveBody.safeParse({ inserted: many }).error?.issues[0]?.message).toBe(SHIFT_TEXT.tooManyRows);
    expect(ShiftSaveBody.safeParse({ inserted: many.slice(1) }).success).toBe(true);
    const twice = { updated: [{ ...shift('a'), version: 1 }], removedIds: ['a'] };
    expect(ShiftSaveBody.safeParse(twice).error?.issues[0]?.message).toBe(SHIFT_TEXT.duplicateId);
    expect(ShiftSaveBody.safeParse({ updated: [{ ...shift('a'), version: 'x' }] }).success).toBe(false);
  });
});
