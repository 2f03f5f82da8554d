/**
 * The query state of a server-paged list as pure transitions: the search form's filters, the page, the sort and
 * the advanced query (contract §1.5), and the request parameters they make. useServerTable holds it in React.
 */
import { PAGE_SIZE_DEFAULT } from '@houtai/shared/constants';
import { encodeSuperQuery, type SuperQueryMatchType, type SuperQueryRecord } from '@houtai/shared/super-query';

export type SortOrder = 'asc' | 'desc';

export interface TableSort {
  /** The API column (camelCase), from the list's allow-list of sortable columns. */
  column: string;
  order: SortOrder;
}

/** One condition of the advanced query as the builder emits it (packages/shared/src/super-query.ts). */
export type SuperQueryCondition = Pick<SuperQueryRecord, 'field' | 'rule' | 'val' | 'type' | 'dbType'>;

export interface SuperQuery {
  conditions: readonly SuperQueryCondition[];
  matchType: SuperQueryMatchType;
}

export interface TableState<F> {
  filters: F;
  pageNo: number;
  pageSize: number;
  sort: TableSort | null;
  superQuery: SuperQuery | null;
}

/** What every list request carries besides its filters. */
export interface PageParams {
  pageNo: number;
  pageSize: number;
  column?: string;
  order?: SortOrder;
  /** The advanced query's conditions as URI-encoded JSON (contract §1.5). */
  superQueryParams?: string;
  superQueryMatchType?: 'and' | 'or';
}

/** The request parameters of a list whose search form holds F: the filters that are set, and the page. */
export type TableParams<F> = Partial<F> & PageParams;

/** antd's sort order of a column header. */
export type ColumnSortOrder = 'ascend' | 'descend' | null;

/** Sortable columns of a list: the table's dataIndex → the API column. */
export type SortableColumns = Readonly<Record<string, string>>;

export function initialTableState<F>(filters: F, pageSize: number = PAGE_SIZE_DEFAULT): TableState<F> {
  return { filters, pageNo: 1, pageSize, sort: null, superQuery: null };
}

/** A new search starts on the first page and keeps the page size and the sort. */
export function withFilters<F>(state: TableState<F>, filters: F): TableState<F> {
  return { ...state, filters, pageNo: 1 };
}

/** A new page size starts again on the first page. */
export function withPaging<F>(state: TableState<F>, pageNo: number, pageSize: number): TableState<F> {
  return { ...state, pageNo: pageSize === state.pageSize ? pageNo : 1, pageSize };
}

/**
 * antd's sorter (a dataIndex and 'ascend' | 'descend' | null) → the API's column and order, back on page 1. A column
 * outside the allow-list, or no order, drops the sort; the same sort again leaves the state as it is.
 */
export function withSort<F>(
  state: TableState<F>,
  field: unknown,
  order: 'ascend' | 'descend' | null | undefined,
  sortable: SortableColumns,
): TableState<F> {
  const column = typeof field === 'string' ? sortable[field] : undefined;
  if (!column || !order) return { ...state, sort: null, pageNo: 1 };
  const next: SortOrder = order === 'ascend' ? 'asc' : 'desc';
  if (state.sort?.column === column && state.sort.order === next) return state;
  return { ...state, sort: { column, order: next }, pageNo: 1 };
}

/** A new advanced query (or none) starts on the first page. */
export function withSuperQuery<F>(state: TableState<F>, superQuery: SuperQuery | null): TableState<F> {
  const empty = !superQuery || superQuery.conditions.length === 0;
  return { ...state, superQuery: empty ? null : superQuery, pageNo: 1 };
}

/** antd's sortOrder for a column header from the state. */
export function sortOrderOf<F>(state: TableState<F>, dataIndex: string, sortable: SortableColumns): ColumnSortOrder {
  if (!state.sort || sortable[dataIndex] !== state.sort.column) return null;
  return state.sort.order === 'asc' ? 'ascend' : 'descend';
}

/** The filters that are set: strings trimmed, and blank, null or undefined values left out of the query. */
export function cleanFilters<F extends object>(filters: F): Partial<F> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filters) as [string, unknown][]) {
    if (value === undefined || value === null) continue;
    const v = typeof value === 'string' ? value.trim() : value;
    if (v !== '') out[key] = v;
  }
  return out as Partial<F>;
}

/** The advanced query's parameters (contract §1.5): the conditions as URI-encoded JSON and the match type. */
export function superQueryParams(
  superQuery: SuperQuery | null,
): Pick<PageParams, 'superQueryParams' | 'superQueryMatchType'> {
  if (!superQuery) return {};
  return encodeSuperQuery(superQuery.conditions, superQuery.matchType);
}

/** The request parameters of the state; parameters without a value are left out. */
export function tableParams<F extends object>(state: TableState<F>): TableParams<F> {
  return {
    ...cleanFilters(state.filters),
    pageNo: state.pageNo,
    pageSize: state.pageSize,
    ...(state.sort ? { column: state.sort.column, order: state.sort.order } : {}),
    ...superQueryParams(state.superQuery),
  };
}
