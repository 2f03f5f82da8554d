import { describe, expect, it } from 'vitest';
import { checkPopupConfig, popupFieldList, popupValues } from './popup.ts';

describe('popup picker rules (spec §5.5)', () => {
  it('splits comma lists and arrays, dropping blanks', () => {
    expect(popupFieldList(' a, b ,,c')).toEqual(['a', 'b', 'c']);
    expect(popupFieldList(['x', ' '])).toEqual(['x']);
    expect(popupFieldList(undefined)).toEqual([]);
  });

  it('needs code, origin and destination fields, in equal numbers', () => {
    expect(checkPopupConfig('r', 'a,b', 'x,y')).toBeNull();
    expect(checkPopupConfig('', 'a', 'x')).toBe('popup参数未正确配置!');
    expect(checkPopupConfig('r', '', 'x')).toBe('popup参数未正确配置!');
    expect(checkPopupConfig('r', 'a', [])).toBe('popup参数未正确配置!');
    expect(checkPopupConfig('r', 'a,b', 'x')).toBe('popup参数未正确配置,原始值和目标值数量不一致!');
  });

  it('copies origin values into destination fields; several rows are joined by commas in multi mode', () => {
    const rows = [
      { id: 1, name: '甲' },
      { id: 2, name: null },
    ];
    expect(popupValues(rows.slice(0, 1), 'id,name', 'userId,userName', false)).toEqual({
      ok: true,
      values: { userId: '1', userName: '甲' },
    });
    expect(popupValues(rows, ['id', 'name'], ['ids', 'names'], true)).toEqual({
      ok: true,
      values: { ids: '1,2', names: '甲,' },
    });
  });

  it("refuses no row, and several rows in single mode, with '请选择一条记录'", () => {
    expect(popupValues([], 'id', 'x', true)).toEqual({ ok: false, message: '请选择一条记录' });
    expect(popupValues([{ id: 1 }, { id: 2 }], 'id', 'x', false)).toEqual({ ok: false, message: '请选择一条记录' });
    expect(popupValues([{ id: 1 }], 'id,a', 'x', false)).toEqual({
      ok: false,
      message: 'popup参数未正确配置,原始值和目标值数量不一致!',
    });
  });
});
