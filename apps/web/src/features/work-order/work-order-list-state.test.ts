import { describe, expect, it } from 'vitest';
import { LIST_TEXT } from '@houtai/shared/constants';
import {
  initialTableState,
  sortOrderOf,
  tableParams as toParams,
  withFilters as withSearch,
  withPaging,
  withSort,
} from '../../lib/server-table/table-state.ts';
import type { WorkOrderSearch } from './api/list-work-orders.ts';
import { SORTABLE_COLUMNS } from './work-order-list-state.ts';

const INITIAL_LIST_STATE = initialTableState<WorkOrderSearch>({});
const totalText = LIST_TEXT.range;

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
    const s = withSort(withPaging(INITIAL_LIST_STATE, 2, 10), 'createTime', 'ascend', SORTABLE_COLUMNS);
    expect(toParams(s)).toEqual({ pageNo: 1, pageSize: 10, column: 'createTime', order: 'asc' });
    expect(sortOrderOf(s, 'createTime', SORTABLE_COLUMNS)).toBe('ascend');
    expect(sortOrderOf(s, 'status', SORTABLE_COLUMNS)).toBeNull();
    expect(toParams(withSort(s, 'status', 'descend', SORTABLE_COLUMNS))).toMatchObject({
      column: 'status',
      order: 'desc',
    });
    expect(toParams(withSort(s, 'createTime', null, SORTABLE_COLUMNS))).toEqual({ pageNo: 1, pageSize: 10 });
    expect(toParams(withSort(s, 'reporterId_dictText', 'ascend', SORTABLE_COLUMNS))).toEqual({
      pageNo: 1,
      pageSize: 10,
    });
  });

  it("shows the total as 'a-b 共 N 条'", () => {
    expect(totalText(25, [11, 20])).toBe('11-20 共 25 条');
  });
});
