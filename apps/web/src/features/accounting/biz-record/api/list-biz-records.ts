/** GET /voucher/bizRecord/list: the business records, a page at a time, with the search form's filters. */
import { ACCOUNTING_PATHS, type BizRecordRecord } from '@houtai/shared/contract/accounting';
import { listApi, type ListApi } from '../../../../lib/list-api.ts';
import { useListPage } from '../../../../widgets/list-page/use-list-page.ts';
import { BIZ_RECORD_KEYS } from './biz-record-keys.ts';

/** The filters as /voucher/bizRecord/list names them (BizRecordListQuery). */
export interface BizRecordFilters {
  /** 'YYYY-MM' */
  period?: string;
  orgId?: string;
  /** A category code under A01, any level. */
  dataSource?: string;
  /** '0' 未生成, '1' 已生成 */
  status?: string;
  counterparty?: string;
  summary?: string;
}

/** The list's route: its key in the user's column settings. */
export const BIZ_RECORD_LIST_PATH = '/accounting/bizRecord';

/** Table columns that sort on the server (dataIndex → column). */
export const BIZ_RECORD_SORTABLE = { bizDate: 'bizDate', amount: 'amount' } as const;

const BIZ_RECORD_API: ListApi<BizRecordRecord, BizRecordFilters> = listApi<BizRecordRecord, BizRecordFilters>(
  {
    list: ACCOUNTING_PATHS.bizRecordList,
    delete: ACCOUNTING_PATHS.bizRecordDelete,
    deleteBatch: ACCOUNTING_PATHS.bizRecordDeleteBatch,
    exportXls: ACCOUNTING_PATHS.bizRecordExport,
    importExcel: ACCOUNTING_PATHS.bizRecordImport,
  },
  { loadFailed: '获取业务数据失败' },
);

/** Rows can be ticked (批量删除, 导出选中) by those who may edit or export. */
export function useBizRecordTable(selectable: boolean) {
  return useListPage<BizRecordRecord, BizRecordFilters>({
    api: BIZ_RECORD_API,
    queryKey: BIZ_RECORD_KEYS.list,
    sortable: BIZ_RECORD_SORTABLE,
    selection: selectable ? 'across-pages' : undefined,
  });
}
