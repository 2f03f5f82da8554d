import { describe, expect, it } from 'vitest';
import {
  cleanFilters,
  initialTableState,
  sortOrderOf,
  tableParams,
  withFilters,
  withPaging,
  withSort,
  withSuperQuery,
  type SuperQuery,
} from './table-state.ts';

interface Search {
  title?: string;
  status?: string;
  level?: number;
  mine?: boolean | null;
}

const SORTABLE = { orderNo: 'orderNo', createTime: 'createTime' };
const START = initialTableState<Search>({});
const AGE_OVER_30: SuperQuery = {
  conditions: [{ field: 'age', rule: 'gt', val: '30', type: 'int' }],
  matchType: 'or',
};

describe('list state', () => {
  it('starts on page 1 of 10 without filters, sort or advanced query', () => {
    expect(tableParams(START)).toEqual({ pageNo: 1, pageSize: 10 });
    expect(Object.keys(tableParams(initialTableState<Search>({}, 7)))).toEqual(['pageNo', 'pageSize']);
    expect(tableParams(initialTableState<Search>({}, 7)).pageSize).toBe(7);
  });

  it('sends the filters that are set: strings trimmed, blank or empty ones left out', () => {
    const s = withFilters(START, { title: '  报表 ', status: '', level: 0, mine: null });
    expect(tableParams(s)).toEqual({ title: '报表', level: 0, pageNo: 1, pageSize: 10 });
    expect(cleanFilters({ title: '   ', mine: false })).toEqual({ mine: false });
  });

  it('goes back to page 1 on a new search, a new page size, a new sort or a new advanced query', () => {
    const onPage3 = withPaging(START, 3, 10);
    expect(onPage3.pageNo).toBe(3);
    expect(withFilters(onPage3, { title: 'x' }).pageNo).toBe(1);
    expect(withPaging(onPage3, 3, 20)).toMatchObject({ pageNo: 1, pageSize: 20 });
    expect(withSort(onPage3, 'orderNo', 'descend', SORTABLE).pageNo).toBe(1);
    expect(withSuperQuery(onPage3, AGE_OVER_30).pageNo).toBe(1);
  });

  it('sorts only on allow-listed columns and keeps the state when the same sort comes again', () => {
    const s = withSort(START, 'createTime', 'descend', SORTABLE);
    expect(tableParams(s)).toMatchObject({ column: 'createTime', order: 'desc' });
    expect(sortOrderOf(s, 'createTime', SORTABLE)).toBe('descend');
    expect(sortOrderOf(s, 'orderNo', SORTABLE)).toBeNull();
    expect(withSort(s, 'createTime', 'descend', SORTABLE)).toBe(s);
    expect(tableParams(withSort(s, 'realname', 'ascend', SORTABLE))).toEqual({ pageNo: 1, pageSize: 10 });
    expect(tableParams(withSort(s, 'createTime', null, SORTABLE))).toEqual({ pageNo: 1, pageSize: 10 });
  });

  it('keeps the sort across a new search and the filters across paging', () => {
    const sorted = withSort(withFilters(START, { status: '1' }), 'orderNo', 'ascend', SORTABLE);
    expect(tableParams(withPaging(withFilters(sorted, { status: '2' }), 2, 10))).toEqual({
      status: '2',
      pageNo: 2,
      pageSize: 10,
      column: 'orderNo',
      order: 'asc',
    });
  });

  it('sends the advanced query as URI-encoded JSON with its match type (contract §1.5); none or empty sends nothing', () => {
    const params = tableParams(withSuperQuery(START, AGE_OVER_30));
    expect(params.superQueryMatchType).toBe('or');
    expect(params.superQueryParams).toBe(encodeURI('[{"field":"age","rule":"gt","val":"30","type":"int"}]'));
    expect(JSON.parse(decodeURI(params.superQueryParams!))).toEqual(AGE_OVER_30.conditions);
    expect(tableParams(withSuperQuery(START, { conditions: [], matchType: 'and' }))).toEqual({
      pageNo: 1,
      pageSize: 10,
    });
    expect(withSuperQuery(withSuperQuery(START, AGE_OVER_30), null).superQuery).toBeNull();
  });

  it('encodes Chinese values of the advanced query', () => {
    const params = tableParams(
      withSuperQuery(START, { conditions: [{ field: 'name', rule: 'like', val: '张三' }], matchType: 'and' }),
    );
    expect(params.superQueryParams).not.toContain('张');
    expect(params.superQueryParams).toContain('%E5%BC%A0');
  });
});
