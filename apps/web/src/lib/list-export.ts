/**
 * Exporting a list (spec widgets §7 generic list pages, §8): the list's filters (and optionally the selected rows)
 * as an xlsx downloaded at once, or — past EXPORT_DIRECT_MAX_ROWS rows, after '当前导出数据量过大，是否确定导出？' —
 * as a task of the task centre. A JSON answer instead of a file is shown as its message; an empty answer is
 * '文件下载失败', something that is no spreadsheet '未知的文件'.
 */
import { useMutation } from '@tanstack/react-query';
import { EXPORT_DIRECT_MAX_ROWS, EXPORT_TEXT } from '@houtai/shared/constants';
import { failureText } from './failure-text.ts';
import { getFeedback, type Feedback } from './feedback.ts';
import { http, HttpError, unwrap } from './http.ts';
import { saveBlob } from './save-file.ts';

export type ExportParams = Record<string, string | number | undefined>;

export interface ListExportOptions {
  /** The list's export url (GET, an xlsx), e.g. '/bi/workOrder/exportXls'; it also names the task's resource. */
  url: string;
  /** The file's and the task's name. */
  name: string;
  /** The list's filters. */
  params: ExportParams;
  /** Ids of the rows selected on the list: only they are exported (always at once). */
  selections?: readonly string[];
  /** How many rows the filters give (the list's total). */
  total: number;
  /** The task centre's resource, when the url alone does not name it. */
  module?: string;
  method?: string;
  /** Asks the user; resolves true to go on. */
  confirm: (text: string) => Promise<boolean>;
  threshold?: number;
}

export type ExportOutcome = 'downloaded' | 'task' | 'cancelled' | 'failed';

/** Selected rows, or a list small enough, download at once; anything larger goes to the task centre. */
export function exportRoute(
  total: number,
  selections: readonly string[] | undefined,
  threshold: number = EXPORT_DIRECT_MAX_ROWS,
): 'download' | 'task' {
  if (selections && selections.length > 0) return 'download';
  return total > threshold ? 'task' : 'download';
}

const SPREADSHEET = /spreadsheetml|ms-excel|octet-stream/i;

function definedParams(params: ExportParams): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') out[k] = v;
  return out;
}

async function download(opts: ListExportOptions, feedback: Feedback): Promise<ExportOutcome> {
  const params = definedParams(opts.params);
  if (opts.selections?.length) params.selections = opts.selections.join(',');
  let file: { blob: Blob; filename: string | null };
  try {
    file = await http.download(opts.url, params);
  } catch (err) {
    // A JSON answer has been shown as its message by the http client already (spec §8).
    if (!(err instanceof HttpError && err.body)) void feedback.message.error(EXPORT_TEXT.downloadFailed);
    return 'failed';
  }
  if (file.blob.size === 0) {
    void feedback.message.error(EXPORT_TEXT.downloadFailed);
    return 'failed';
  }
  if (file.blob.type && !SPREADSHEET.test(file.blob.type)) {
    void feedback.message.warning(EXPORT_TEXT.unknownFile);
    return 'failed';
  }
  saveBlob(file.blob, file.filename ?? `${opts.name}.xlsx`);
  return 'downloaded';
}

async function toTaskCentre(opts: ListExportOptions, feedback: Feedback): Promise<ExportOutcome> {
  let text: string;
  try {
    const res = await http.post<string>('/task/asyncTask/add', {
      url: opts.url,
      name: opts.name,
      params: definedParams(opts.params),
      ...(opts.module ? { module: opts.module } : {}),
      ...(opts.method ? { method: opts.method } : {}),
    });
    unwrap(res, EXPORT_TEXT.addTaskFailed);
    text = res.message;
  } catch (e) {
    // HTTP failures were shown by the http client's catalogue; a refusal is the server's message.
    const failure = failureText(e);
    if (failure) void feedback.message.warning(failure);
    return 'failed';
  }
  void feedback.message.success(EXPORT_TEXT.taskAdded(text || opts.name));
  return 'task';
}

export async function exportList(opts: ListExportOptions, feedback: Feedback = getFeedback()): Promise<ExportOutcome> {
  if (!opts.url) {
    void feedback.message.warning(EXPORT_TEXT.urlRequired);
    return 'failed';
  }
  if (exportRoute(opts.total, opts.selections, opts.threshold) === 'download') return download(opts, feedback);
  if (!(await opts.confirm(EXPORT_TEXT.tooLarge))) return 'cancelled';
  return toTaskCentre(opts, feedback);
}

/** exportList as a mutation: `isPending` is the export button's loading. */
export function useListExport() {
  return useMutation({ mutationFn: (opts: ListExportOptions) => exportList(opts) });
}
