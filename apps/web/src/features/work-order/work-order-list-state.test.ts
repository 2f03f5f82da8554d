import { describe, expect, it } from 'vitest';
import {
  INITIAL_LIST_STATE,
  sortOrderOf,
  toParams,
  totalText,
  withPaging,
  withSearch,
  withSort,
} from './work-order-list-state.ts';

describe('work-order list state', () => {
  it('starts on page 1 of 10, newest first (no sort sent)', () => {
    expect(toParams(INITIAL_LIST_STATE)).toEqual({ pageNo: 1, pageSize: 10 });
  });

  it('a new search goes back to page 1 and keeps the page size', () => {
    const onPage3 = withPaging(withPaging(INITIAL_LIST_STATE, 1, 20), 3, 20);
    expect(toParams(withSearch(onPage3, { status: '1', mine: 'assigned' }))).toEqual({
      status: '1',
      mine: 'assigned',
      pageNo: 1,
      pageSize: 20,
    });
  });

  it('changing the page size starts again on page 1', () => {
    const s = withPaging(INITIAL_LIST_STATE, 4, 10);
    expect(s.pageNo).toBe(4);
    expect(withPaging(s, 4, 50)).toMatchObject({ pageNo: 1, pageSize: 50 });
  });

  it('maps antd sorting to allow-listed API columns; clearing or an unknown column drops it', () => {
    const s = withSort(withPaging(INITIAL_LIST_STATE, 2, 10), 'createTime', 'ascend');
    expect(toParams(s)).toEqual({ pageNo: 1, pageSize: 10, column: 'createTime', order: 'asc' });
    expect(sortOrderOf(s, 'createTime')).toBe('ascend');
    expect(sortOrderOf(s, 'status')).toBeNull();
    expect(toParams(withSort(s, 'status', 'descend'))).toMatchObject({ column: 'status', order: 'desc' });
    expect(toParams(withSort(s, 'createTime', null))).toEqual({ pageNo: 1, pageSize: 10 });
    expect(toParams(withSort(s, 'reporterId_dictText', 'ascend'))).toEqual({ pageNo: 1, pageSize: 10 });
  });

  it("shows the total as 'a-b 共 N 条'", () => {
    expect(totalText(25, [11, 20])).toBe('11-20 共 25 条');
  });
});
