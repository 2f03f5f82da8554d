import { describe, expect, it } from 'vitest';
import {
  columnWidth,
  GRID_DEFAULT_MAX_HEIGHT,
  GRID_INSERT_THROTTLE_MS,
  GRID_RELOAD_HIGHLIGHT_MS,
  GRID_ROW_HEIGHT,
  GRID_TEXT,
} from './constants.ts';

describe('grid constants', () => {
  it('holds the spec’s numbers', () => {
    expect([GRID_ROW_HEIGHT, GRID_DEFAULT_MAX_HEIGHT, GRID_INSERT_THROTTLE_MS, GRID_RELOAD_HIGHLIGHT_MS]).toEqual([
      61, 400, 1500, 1400,
    ]);
  });
  it('holds the spec’s texts', () => {
    expect(GRID_TEXT.deleteConfirm(3)).toBe('确定要删除这 3 项吗?');
    expect(GRID_TEXT.insertTooFast).toBe('你点击的太快了，请慢点点击!');
    expect(GRID_TEXT.subTableFailed).toBe('打开子表失败');
    expect([GRID_TEXT.sum, GRID_TEXT.average]).toEqual(['合计', '平均']);
  });
});

describe('columnWidth', () => {
  it('gives the fixed columns: row number 60, checkbox 40 or 60 with statistics', () => {
    expect(columnWidth('rowNumber')).toBe(60);
    expect(columnWidth('checkbox')).toBe(40);
    expect(columnWidth('checkbox', true)).toBe(60);
    expect(columnWidth('rowNumber', true)).toBe(60);
  });
  it('raises a data column to its type’s minimum', () => {
    expect(columnWidth({ type: 'datetime', width: 100 })).toBe(190);
    expect(columnWidth({ type: 'sel_user', width: 150 })).toBe(190);
    expect(columnWidth({ type: 'sel_depart' })).toBe(190);
    expect(columnWidth({ type: 'date', width: 120 })).toBe(135);
    expect(columnWidth({ type: 'date', width: 200 })).toBe(200);
  });
  it('keeps other types as given, undefined without a width', () => {
    expect(columnWidth({ type: 'input', width: 80 })).toBe(80);
    expect(columnWidth({ type: 'input' })).toBeUndefined();
    expect(columnWidth({ type: 'time', width: 50 })).toBe(50);
  });
});
