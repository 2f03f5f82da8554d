/**
 * The paged lists of the workspace (单据, 凭证, 同步日志): GET with ledgerId and period (YYYY-MM), 10/20/30 a page.
 * A view is mounted per ledger and period, so its filters are fixed for its life and a change starts on page 1.
 */
import type { QueryKey } from '@tanstack/react-query';
import type { Page } from '@houtai/shared/contract/common';
import { LIST_PAGE_SIZES_GENERIC } from '@houtai/shared/contract/list-page';
import { http, unwrapResult } from '../../../../lib/http.ts';
import type { TableParams } from '../../../../lib/server-table/table-state.ts';
import { useServerTable, type TablePage, type TableLoader } from '../../../../lib/server-table/use-server-table.ts';

export interface WorkspaceFilters {
  ledgerId: string;
  /** 'YYYY-MM' */
  period: string;
}

/** One page of `path` as the table wants it; a refusal rejects with the server's message (or `loadFailed`). */
export function workspaceLoader<Row>(path: string, loadFailed: string): TableLoader<Row, WorkspaceFilters> {
  return async (params: TableParams<WorkspaceFilters>): Promise<TablePage<Row>> => {
    const page = unwrapResult(await http.get<Page<Row>>(path, { ...params }), loadFailed, (p) =>
      Array.isArray(p.records),
    );
    return { records: page.records, total: page.total };
  };
}

export function useWorkspaceTable<Row>(
  queryKey: QueryKey,
  load: TableLoader<Row, WorkspaceFilters>,
  filters: WorkspaceFilters,
) {
  return useServerTable<Row, WorkspaceFilters>({
    queryKey,
    load,
    initialFilters: filters,
    pageSizeOptions: LIST_PAGE_SIZES_GENERIC,
  });
}
