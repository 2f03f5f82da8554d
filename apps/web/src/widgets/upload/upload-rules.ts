/**
 * The uploaders' pure rules (spec widgets §2.4, §3 uploaded file value, §4 upload states, §5.4, §8): what may be
 * sent, the item list ⇄ field value, keeping the last N, the texts shown while uploading.
 */
import { checkUpload, UPLOAD_LIMITS, UPLOAD_TEXT, type UploadBiz } from '@houtai/shared/upload';

export type UploadStatus = 'uploading' | 'done' | 'error' | 'removed';

export interface UploadItem {
  uid: string;
  name: string;
  status: UploadStatus;
  percent?: number | undefined;
  /** The stored path once done. */
  path?: string | undefined;
  size?: number | undefined;
  /** Why it failed. */
  message?: string | undefined;
}

/** The field value when the return-URL option is off: one record per file. */
export interface UploadedFileRecord {
  fileName: string;
  filePath: string;
  fileSize: number;
}

export type UploadValue = string | UploadedFileRecord[];

export type UploadKind = 'file' | 'image';

/**
 * Why a chosen file may not be sent, or null: the image uploader takes only files whose type contains 'image';
 * everything takes the shared type and size rules (videos 50 MB, others 20 MB, markup and programs never).
 */
export function refusalOf(
  file: { name: string; size: number; type?: string },
  kind: UploadKind,
  biz: UploadBiz = 'temp',
): string | null {
  if (kind === 'image' && !(file.type ?? '').includes('image')) return UPLOAD_TEXT.imageOnly;
  return checkUpload(file.name, file.size, biz);
}

/** The last segment of a stored path (generated names keep the extension). */
export function nameOfPath(path: string): string {
  const clean = path.split(/[?#]/)[0] ?? '';
  return decodeURIComponent(clean.split('/').filter(Boolean).pop() ?? path);
}

/** Items for a field value: comma-joined paths, or file records. */
export function itemsFromValue(value: UploadValue | null | undefined): UploadItem[] {
  if (!value) return [];
  if (typeof value === 'string') {
    return value
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)
      .map((path, i) => ({ uid: `v-${i}-${path}`, name: nameOfPath(path), status: 'done' as const, path }));
  }
  return value.map((r, i) => ({
    uid: `v-${i}-${r.filePath}`,
    name: r.fileName || nameOfPath(r.filePath),
    status: 'done' as const,
    path: r.filePath,
    size: r.fileSize,
  }));
}

/**
 * The field value of the items, or undefined while any is not done (the value changes only when every file is
 * done). Removed and failed items are left out.
 */
export function valueFromItems(items: readonly UploadItem[], returnUrl = true): UploadValue | undefined {
  const kept = items.filter((i) => i.status !== 'removed' && i.status !== 'error');
  if (kept.some((i) => i.status !== 'done' || !i.path)) return undefined;
  if (returnUrl) return kept.map((i) => i.path!).join(',');
  return kept.map((i) => ({ fileName: i.name, filePath: i.path!, fileSize: i.size ?? 0 }));
}

/** With several files and a limit, only the last N are kept. */
export function keepLast<T>(items: readonly T[], max: number = UPLOAD_LIMITS.maxFiles): T[] {
  return max > 0 && items.length > max ? items.slice(items.length - max) : [...items];
}

/** Cell uploads show a file name cut at 5 characters. */
export function cellName(name: string, length: number = UPLOAD_LIMITS.cellNameLength): string {
  const chars = [...name];
  return chars.length > length ? `${chars.slice(0, length).join('')}…` : name;
}

/** The tooltip of an item: 上传中(percent%), 上传完成, or the failure (上传失败 with the reason). */
export function statusText(item: Pick<UploadItem, 'status' | 'percent' | 'message'>): string {
  switch (item.status) {
    case 'uploading':
      return UPLOAD_TEXT.uploading(Math.round(item.percent ?? 0));
    case 'done':
      return UPLOAD_TEXT.uploaded;
    case 'error':
      return `${UPLOAD_TEXT.failedTip}：${item.message || UPLOAD_TEXT.unknownError}`;
    default:
      return '';
  }
}
