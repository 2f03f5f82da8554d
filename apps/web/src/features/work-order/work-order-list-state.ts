/** The work-order list's query rules beyond the generic list state (lib/server-table): which columns sort. */
import type { SortableColumns } from '../../lib/server-table/table-state.ts';

/** Table columns that sort on the server, by dataIndex → API column (createTime desc when none). */
export const SORTABLE_COLUMNS: SortableColumns = {
  orderNo: 'orderNo',
  priority: 'priority',
  status: 'status',
  createTime: 'createTime',
};
