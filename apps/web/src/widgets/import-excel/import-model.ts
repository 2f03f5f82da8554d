/**
 * The import dialog's model (spec widgets §2.4, §4, §5.4): the chosen files and their states, as pure
 * transitions. Dialog: wait → uploading → done. File: wait → uploading → done, or filed (failed; Jeecg's word)
 * with a retry that re-sends only the task registration when the file is already uploaded.
 */
import { EXPORT_TEXT } from '@houtai/shared/constants';
import { IMPORT_FILE_TEXT, IMPORT_MAX_BYTES } from '@houtai/shared/upload';

export const IMPORT_ACCEPT = '.xls,.xlsx';
export const IMPORT_DIALOG_WIDTH = 600;

export const IMPORT_TEXT = {
  title: '导入',
  choose: '选择文件',
  start: '开始上传',
  uploading: '上传中',
  close: '关闭',
  retry: '重试',
  remove: '删除',
  notice: '数据量较大时请分批导入，导入结果请到任务中心查看。',
  /** Title of the business-key rule the list passes (how rows that already exist are treated). */
  ruleTitle: '已有数据如何处理',
  empty: '请选择要导入的文件（.xls、.xlsx）',
  urlRequired: IMPORT_FILE_TEXT.urlRequired,
  tooLarge: IMPORT_FILE_TEXT.tooLarge,
  wrongType: (file: string) => `${file}不是Excel文件（.xls、.xlsx）`,
  uploadFailed: (file: string) => `${file} 上传失败.`,
  addTaskFailed: EXPORT_TEXT.addTaskFailed,
  taskAdded: EXPORT_TEXT.taskAdded,
  importFailed: (file: string, message: string) => `${file} ${message}.`,
  detailTitle: '导入结果',
  detailLink: '下载错误明细',
  status: { wait: '待上传', uploading: '上传中', done: '完成', filed: '失败' },
} as const;

export type ImportFileStatus = 'wait' | 'uploading' | 'done' | 'filed';
export type ImportDialogState = 'wait' | 'uploading' | 'done';

export interface ImportFileItem {
  uid: string;
  name: string;
  size: number;
  status: ImportFileStatus;
  /** The stored path once uploaded (a retry then only registers the task again). */
  url?: string | undefined;
  /** Why it failed, for the row's tooltip. */
  message?: string | undefined;
  percent?: number | undefined;
}

export interface ChosenFile {
  uid: string;
  name: string;
  size: number;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/**
 * Adds chosen files: each must be under 21 MB and of an accepted type, else it is left out with its message.
 * A file already in the list (same name and size) is not added twice.
 */
export function addFiles(
  items: readonly ImportFileItem[],
  chosen: readonly ChosenFile[],
  accept: string = IMPORT_ACCEPT,
): { items: ImportFileItem[]; refused: string[] } {
  const allowed = accept
    .split(',')
    .map((a) => a.trim().toLowerCase())
    .filter(Boolean);
  const next = [...items];
  const refused: string[] = [];
  for (const f of chosen) {
    if (f.size >= IMPORT_MAX_BYTES) {
      refused.push(IMPORT_TEXT.tooLarge(f.name));
      continue;
    }
    if (allowed.length > 0 && !allowed.includes(extensionOf(f.name))) {
      refused.push(IMPORT_TEXT.wrongType(f.name));
      continue;
    }
    if (next.some((i) => i.name === f.name && i.size === f.size)) continue;
    next.push({ uid: f.uid, name: f.name, size: f.size, status: 'wait' });
  }
  return { items: next, refused };
}

/** Removes a file unless it is being uploaded. */
export function removeFile(items: readonly ImportFileItem[], uid: string): ImportFileItem[] {
  return items.filter((i) => i.uid !== uid || i.status === 'uploading');
}

export function patchFile(
  items: readonly ImportFileItem[],
  uid: string,
  patch: Partial<Omit<ImportFileItem, 'uid'>>,
): ImportFileItem[] {
  return items.map((i) => (i.uid === uid ? { ...i, ...patch } : i));
}

/** The files a start sends: those waiting (failed ones go through their own retry). */
export function pendingFiles(items: readonly ImportFileItem[]): ImportFileItem[] {
  return items.filter((i) => i.status === 'wait');
}

export function dialogState(items: readonly ImportFileItem[]): ImportDialogState {
  if (items.some((i) => i.status === 'uploading')) return 'uploading';
  if (items.length > 0 && items.every((i) => i.status === 'done')) return 'done';
  return 'wait';
}

/** What a retry of a failed file does: upload again, or (already uploaded) only register the task again. */
export function retryStep(item: ImportFileItem): 'upload' | 'register' {
  return item.url ? 'register' : 'upload';
}
