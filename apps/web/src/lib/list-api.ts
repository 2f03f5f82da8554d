/**
 * The calls of a generic list page (spec widgets §7 "generic list pages"), made from its urls as JeecgBoot's list
 * mixin names them: `list` (GET, paged, with superQueryParams), `delete` (DELETE ?id), `deleteBatch` (DELETE ?ids,
 * comma-joined), `exportXls`, `importExcel`. The list-page widget takes the result as its `api` prop.
 */
import type { ImportAnswer, ImportTaskBody } from '@houtai/shared/contract/async-task';
import type { Page } from '@houtai/shared/contract/common';
import { commonUpload } from './common-upload.ts';
import { http, unwrap, unwrapResult } from './http.ts';
import type { TableLoader, TablePage } from './server-table/use-server-table.ts';

export interface ListUrls {
  list?: string;
  delete?: string;
  deleteBatch?: string;
  exportXls?: string;
  importExcel?: string;
}

export interface ListApi<Row, F extends object> {
  urls: ListUrls;
  /** Absent without `urls.list`: the page says '请设置url.list属性!'. */
  load?: TableLoader<Row, F>;
  /** Resolves the server's message. */
  deleteOne?: (id: string) => Promise<string>;
  deleteBatch?: (ids: readonly string[]) => Promise<string>;
}

export interface ListApiOptions {
  /** The failure text of a list call the server answered without a message. */
  loadFailed?: string;
  /** Sort applied when the user chose none (e.g. createTime desc). */
  defaultSort?: { column: string; order: 'asc' | 'desc' };
}

export function listApi<Row, F extends object = Record<string, never>>(
  urls: ListUrls,
  options: ListApiOptions = {},
): ListApi<Row, F> {
  const { loadFailed = '获取列表失败', defaultSort } = options;
  const api: ListApi<Row, F> = { urls };
  const { list, delete: deleteUrl, deleteBatch } = urls;
  if (list) {
    api.load = async (params): Promise<TablePage<Row>> => {
      const sort = params.column ? {} : defaultSort ? { column: defaultSort.column, order: defaultSort.order } : {};
      const res = await http.get<Page<Row>>(list, { ...params, ...sort });
      const page = unwrapResult(res, loadFailed, (p) => Array.isArray(p.records));
      return { records: page.records, total: page.total };
    };
  }
  if (deleteUrl) {
    api.deleteOne = async (id) => {
      const res = await http.delete<unknown>(deleteUrl, { id });
      unwrap(res, '删除失败');
      return res.message;
    };
  }
  if (deleteBatch) {
    api.deleteBatch = async (ids) => {
      const res = await http.delete<unknown>(deleteBatch, { ids: ids.join(',') });
      unwrap(res, '删除失败');
      return res.message;
    };
  }
  return api;
}

/** Stores an import file in the import folder, with progress; answers its path (the import dialog's `upload`). */
export async function uploadImportFile(
  file: File,
  opts: { onProgress: (percent: number) => void; signal: AbortSignal },
): Promise<string> {
  return (await commonUpload(file, { ...opts, biz: 'import' })).path;
}

/** POST /task/asyncTask/add: the import as a task of the task centre (the import dialog's `registerTask`). */
export async function registerImportTask(body: ImportTaskBody): Promise<ImportAnswer> {
  const res = await http.post<string>('/task/asyncTask/add', body);
  return { success: res.success, message: res.message, code: res.code, result: res.result };
}
