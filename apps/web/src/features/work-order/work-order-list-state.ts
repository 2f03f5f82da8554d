/** The list screen's query state (search, page, sort) as pure transitions, and its paging texts. */
import type { WorkOrderListParams, WorkOrderSearch } from './api/list-work-orders.ts';

export const WORK_ORDER_PAGE_SIZE = 10;
export const WORK_ORDER_PAGE_SIZES = ['10', '20', '30', '50', '100'];

export interface ListState {
  search: WorkOrderSearch;
  pageNo: number;
  pageSize: number;
  /** API sort column (createTime desc when none). */
  column?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
}

export const INITIAL_LIST_STATE: ListState = { search: {}, pageNo: 1, pageSize: WORK_ORDER_PAGE_SIZE };

/** Table columns that sort on the server, by dataIndex → API column. */
export const SORTABLE_COLUMNS: Readonly<Record<string, string>> = {
  orderNo: 'orderNo',
  priority: 'priority',
  status: 'status',
  createTime: 'createTime',
};

/** A new search starts on the first page. */
export function withSearch(state: ListState, search: WorkOrderSearch): ListState {
  return { ...state, search, pageNo: 1 };
}

/** A new page size starts again on the first page. */
export function withPaging(state: ListState, pageNo: number, pageSize: number): ListState {
  return { ...state, pageNo: pageSize === state.pageSize ? pageNo : 1, pageSize };
}

/** antd's sorter ('ascend' | 'descend' | null on a dataIndex) → the API's column and order. */
export function withSort(state: ListState, field: unknown, order: 'ascend' | 'descend' | null | undefined): ListState {
  const column = typeof field === 'string' ? SORTABLE_COLUMNS[field] : undefined;
  if (!column || !order) return { ...state, column: undefined, order: undefined, pageNo: 1 };
  const next = order === 'ascend' ? 'asc' : 'desc';
  if (state.column === column && state.order === next) return state;
  return { ...state, column, order: next, pageNo: 1 };
}

export function toParams(state: ListState): WorkOrderListParams {
  return {
    ...state.search,
    pageNo: state.pageNo,
    pageSize: state.pageSize,
    ...(state.column ? { column: state.column, order: state.order } : {}),
  };
}

/** 'a-b 共 N 条' (spec §9, as the task list and operate log show it). */
export function totalText(total: number, [from, to]: [number, number]): string {
  return `${from}-${to} 共 ${total} 条`;
}

/** antd's sortOrder for a column from the state. */
export function sortOrderOf(state: ListState, dataIndex: string): 'ascend' | 'descend' | null {
  if (!state.column || SORTABLE_COLUMNS[dataIndex] !== state.column) return null;
  return state.order === 'asc' ? 'ascend' : 'descend';
}
