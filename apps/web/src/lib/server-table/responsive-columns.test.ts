import { describe, expect, it } from 'vitest';
import { neededWidth, SELECTION_COLUMN_WIDTH, visibleColumns, type FitColumn } from './responsive-columns.ts';

interface Row {
  id: string;
}

const COLUMNS: FitColumn<Row>[] = [
  { title: '编号', key: 'no', width: 150 },
  { title: '标题', key: 'title', minWidth: 200 },
  { title: '提交人', key: 'reporter', width: 90, from: 'xl' },
  { title: '撤销时间', key: 'cancel', width: 170, from: 'xxl' },
  { title: '操作', key: 'actions', width: 160, fixed: 'right' },
];

describe('responsive columns', () => {
  it('shows a `from` column only from its breakpoint up, and drops the marker antd does not know', () => {
    const lg = visibleColumns(COLUMNS, { md: true, lg: true, xl: false, xxl: false });
    expect(lg.map((c) => c.key)).toEqual(['no', 'title', 'actions']);
    const xl = visibleColumns(COLUMNS, { md: true, lg: true, xl: true, xxl: false });
    expect(xl.map((c) => c.key)).toEqual(['no', 'title', 'reporter', 'actions']);
    expect(xl.some((c) => 'from' in c)).toBe(false);
  });

  it('shows every column while the screen is not measured yet', () => {
    expect(visibleColumns(COLUMNS, {})).toHaveLength(COLUMNS.length);
  });

  it('needs the fixed widths plus the flexible column minimum and the selection column', () => {
    const lg = visibleColumns(COLUMNS, { xl: false, xxl: false });
    expect(neededWidth(lg, false)).toBe(150 + 200 + 160);
    expect(neededWidth(lg, true)).toBe(150 + 200 + 160 + SELECTION_COLUMN_WIDTH);
  });
});
