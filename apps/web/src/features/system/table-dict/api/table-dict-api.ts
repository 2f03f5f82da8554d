/**
 * The calls of 表字典登记: GET /sys/tableDict/list (paged, filters tableName / status), queryById, tables (the
 * registry's business tables), columns?table (a table's registered columns), POST add, PUT edit, DELETE delete.
 * A save invalidates the list.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TableDictAddBody,
  TableDictColumnOption,
  TableDictEditBody,
  TableDictRecord,
  TableDictTableOption,
} from '@houtai/shared/contract/table-dict';
import { http, unwrap, unwrapResult } from '../../../../lib/http.ts';
import { listApi, type ListApi } from '../../../../lib/list-api.ts';
import { useListPage } from '../../../../widgets/list-page/use-list-page.ts';

export const TABLE_DICT_KEYS = {
  all: ['system', 'tableDict'] as const,
  list: ['system', 'tableDict', 'list'] as const,
  tables: ['system', 'tableDict', 'tables'] as const,
  columns: (table: string) => ['system', 'tableDict', 'columns', table] as const,
};

/** The list's route: its key in the user's column settings. */
export const TABLE_DICT_LIST_PATH = '/isystem/tableDict';

export interface TableDictFilters {
  tableName?: string;
  /** '1' 启用, '0' 停用. */
  status?: string;
}

const TABLE_DICT_API: ListApi<TableDictRecord, TableDictFilters> = listApi<TableDictRecord, TableDictFilters>(
  { list: '/sys/tableDict/list', delete: '/sys/tableDict/delete' },
  { loadFailed: '获取表字典登记失败' },
);

export function useTableDictTable() {
  return useListPage<TableDictRecord, TableDictFilters>({ api: TABLE_DICT_API, queryKey: TABLE_DICT_KEYS.list });
}

export async function getTableDict(id: string): Promise<TableDictRecord> {
  return unwrapResult(await http.get<TableDictRecord>('/sys/tableDict/queryById', { id }), '获取表字典登记失败');
}

export function useTableDictTables(enabled: boolean) {
  return useQuery({
    queryKey: TABLE_DICT_KEYS.tables,
    enabled,
    queryFn: async () =>
      unwrapResult(await http.get<TableDictTableOption[]>('/sys/tableDict/tables'), '获取表列表失败', Array.isArray),
  });
}

export function useTableDictColumns(table: string | undefined) {
  return useQuery({
    queryKey: TABLE_DICT_KEYS.columns(table ?? ''),
    enabled: !!table,
    queryFn: async () =>
      unwrapResult(
        await http.get<TableDictColumnOption[]>('/sys/tableDict/columns', { table: table ?? '' }),
        '获取字段列表失败',
        Array.isArray,
      ),
  });
}

async function saveTableDict(body: TableDictAddBody | TableDictEditBody): Promise<string> {
  const res =
    'id' in body
      ? await http.put<unknown>('/sys/tableDict/edit', body)
      : await http.post<unknown>('/sys/tableDict/add', body);
  unwrap(res, '保存失败');
  return res.message;
}

export function useSaveTableDict() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveTableDict,
    onSuccess: () => void client.invalidateQueries({ queryKey: TABLE_DICT_KEYS.list }),
  });
}
