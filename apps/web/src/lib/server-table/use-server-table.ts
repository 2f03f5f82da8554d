/**
 * A server-paged list as one hook: the search form's filters, paging, sort, row selection and the advanced query
 * (contract §1.5) held as TableState, loaded through react-query with the caller's loader, and handed back as ready
 * props — `tableProps` for antd's Table (or `tableProps.pagination` for a bare Pagination) and `searchProps` for the
 * search form. The previous page stays on screen under the spinner while the next one loads.
 */
import { useCallback, useMemo, useState } from 'react';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import type { TablePaginationConfig, TableProps } from 'antd';
import { LIST_PAGE_SIZES, LIST_TEXT } from '@houtai/shared/constants';
import {
  initialTableState,
  sortOrderOf,
  tableParams,
  withFilters,
  withPaging,
  withSort,
  withSuperQuery,
  type ColumnSortOrder,
  type SortableColumns,
  type SuperQuery,
  type TableParams,
  type TableState,
} from './table-state.ts';

/** One page of a list as the loaders answer it. */
export interface TablePage<Row> {
  records: Row[];
  total: number;
  /** False when the server answered a remembered total of a big list ('约 N 条'). */
  totalExact?: false;
}

export type TableLoader<Row, F extends object> = (params: TableParams<F>) => Promise<TablePage<Row>>;

export interface UseServerTableOptions<Row, F extends object> {
  /**
   * The list's query key; the request parameters are appended. Invalidating it reloads the list. Without one, the
   * key is the loader's identity (widgets, which know no business keys): pass a stable loader.
   */
  queryKey?: QueryKey;
  load: TableLoader<Row, F>;
  /** The search form's values at the start and after 重置 (default: none). */
  initialFilters?: F;
  /** Default PAGE_SIZE_DEFAULT (10). */
  pageSize?: number;
  /** The size changer's options; default LIST_PAGE_SIZES (10–100). */
  pageSizeOptions?: readonly number[];
  /** Columns that sort on the server: the table's dataIndex → the API column. Others do not sort. */
  sortable?: SortableColumns;
  /** The total's text; default 'a-b 共 N 条' (LIST_TEXT.range). */
  showTotal?: TablePaginationConfig['showTotal'];
  /** Rows can be ticked: on this page, or kept across pages (antd's preserveSelectedRowKeys). Default: none. */
  selection?: 'page' | 'across-pages';
  /** False holds the request back (a closed dialog). */
  enabled?: boolean;
  /** react-query's cache time; 0 drops the pages once the list unmounts. */
  gcTime?: number;
}

export interface ServerTableProps<Row> {
  dataSource: Row[];
  loading: boolean;
  pagination: TablePaginationConfig;
  onChange: NonNullable<TableProps<Row>['onChange']>;
  /** Only with the `selection` option. */
  rowSelection?: TableProps<Row>['rowSelection'];
}

export interface SearchProps<F> {
  /** The filters in force. */
  values: F;
  /** A new search, back on page 1. */
  onSearch: (values: F) => void;
  /** Back to the initial filters, on page 1. */
  onReset: () => void;
}

export interface ServerTable<Row, F extends object> {
  tableProps: ServerTableProps<Row>;
  searchProps: SearchProps<F>;
  state: TableState<F>;
  /** The parameters of the current request (an export sends them without the page). */
  params: TableParams<F>;
  query: UseQueryResult<TablePage<Row>>;
  records: Row[];
  total: number;
  /** The last load's failure once no load is on its way (a 重试 hides it at once). */
  error: Error | null;
  /** Loads the same page again (stable: fit for effect dependencies). */
  refetch: () => Promise<unknown>;
  selection: { keys: string[]; set: (keys: string[]) => void; clear: () => void };
  setSuperQuery: (superQuery: SuperQuery | null) => void;
  /** antd's sortOrder for a sortable column header. */
  sortOrderOf: (dataIndex: string) => ColumnSortOrder;
}

// Loaders without a query key get one of their own: identity → number.
const loaderIds = new WeakMap<object, number>();
let lastLoaderId = 0;

function loaderKey(load: object): QueryKey {
  let id = loaderIds.get(load);
  if (id === undefined) {
    id = ++lastLoaderId;
    loaderIds.set(load, id);
  }
  return ['server-table', id];
}

const NO_SORT: SortableColumns = {};
const rangeText: TablePaginationConfig['showTotal'] = (total, range) => LIST_TEXT.range(total, range);
const approxRangeText: TablePaginationConfig['showTotal'] = (total, range) => LIST_TEXT.rangeApprox(total, range);

export function useServerTable<Row, F extends object = Record<string, never>>(
  options: UseServerTableOptions<Row, F>,
): ServerTable<Row, F> {
  const {
    load,
    initialFilters = {} as F,
    pageSize,
    pageSizeOptions = LIST_PAGE_SIZES,
    sortable = NO_SORT,
    showTotal = rangeText,
    selection,
    enabled = true,
    gcTime,
  } = options;
  const [initial] = useState(() => initialFilters);
  const [state, setState] = useState<TableState<F>>(() => initialTableState(initial, pageSize));
  const [keys, setKeys] = useState<string[]>([]);
  const params = useMemo(() => tableParams(state), [state]);

  const query = useQuery({
    queryKey: [...(options.queryKey ?? loaderKey(load)), params],
    queryFn: () => load(params),
    placeholderData: keepPreviousData,
    staleTime: 0,
    // A failed list shows its error with 重试; it is not asked again behind the user's back.
    retry: false,
    enabled,
    ...(gcTime === undefined ? {} : { gcTime }),
  });

  const onSearch = useCallback((values: F) => setState((old) => withFilters(old, values)), []);
  const onReset = useCallback(() => setState((old) => withFilters(old, initial)), [initial]);
  const setSuperQuery = useCallback(
    (superQuery: SuperQuery | null) => setState((old) => withSuperQuery(old, superQuery)),
    [],
  );
  const clearSelection = useCallback(() => setKeys([]), []);

  const total = query.data?.total ?? 0;
  const tableProps: ServerTableProps<Row> = {
    dataSource: query.data?.records ?? [],
    loading: query.isFetching,
    pagination: {
      current: state.pageNo,
      pageSize: state.pageSize,
      total,
      pageSizeOptions: pageSizeOptions.map(String),
      showSizeChanger: true,
      showQuickJumper: true,
      // A remembered total of a big list says so, under the default text.
      showTotal: query.data?.totalExact === false && showTotal === rangeText ? approxRangeText : showTotal,
      // Paging goes here (a bare Pagination has no table onChange); the table's onChange takes the sort.
      onChange: (page, size) => setState((old) => withPaging(old, page, size)),
    },
    onChange: (_pagination, _filters, sorter, extra) => {
      if (extra.action !== 'sort') return;
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      setState((old) => withSort(old, s?.field, s?.order, sortable));
    },
  };
  if (selection) {
    tableProps.rowSelection = {
      selectedRowKeys: keys,
      onChange: (selected) => setKeys(selected.map(String)),
      ...(selection === 'across-pages' ? { preserveSelectedRowKeys: true } : {}),
    };
  }

  return {
    tableProps,
    searchProps: { values: state.filters, onSearch, onReset },
    state,
    params,
    query,
    records: tableProps.dataSource,
    total,
    error: query.isError && !query.isFetching ? query.error : null,
    refetch: query.refetch,
    selection: { keys, set: setKeys, clear: clearSelection },
    setSuperQuery,
    sortOrderOf: (dataIndex) => sortOrderOf(state, dataIndex, sortable),
  };
}
