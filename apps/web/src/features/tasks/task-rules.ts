/** The task list's pure rules (spec §4 Async task status, §9): how a status cell looks, how long a task took. */

export const TASK_LIST_WIDTH = 1000;
export const TASK_STATUS_DICT = 'async_task_status';

export const TASK_TEXT = {
  title: '任务列表',
  close: '关闭',
  search: '查询',
  reset: '重置',
  titleLabel: '标题',
  statusLabel: '状态',
  titlePlaceholder: '请输入标题',
  statusPlaceholder: '请选择状态',
  download: '点击下载',
  retry: '重试',
  start: '开始',
  end: '结束',
  loadFailed: '任务列表加载失败',
  downloadFailed: '文件下载失败',
  unknownFile: '未知的文件',
} as const;

export interface TaskStatusCell {
  color: 'orange' | 'green' | 'red' | 'default';
  /** In progress shows the colour alone (spec §4). */
  showLabel: boolean;
  download: boolean;
  retry: boolean;
}

/** '1' orange (in progress, no label), '2' green (a 点击下载 link with a file), '3' red with 重试, else grey. */
export function taskStatusCell(status: string | null | undefined, downloadUrl?: string | null): TaskStatusCell {
  switch (status) {
    case '1':
      return { color: 'orange', showLabel: false, download: false, retry: false };
    case '2':
      return { color: 'green', showLabel: true, download: Boolean(downloadUrl), retry: false };
    case '3':
      return { color: 'red', showLabel: true, download: false, retry: true };
    default:
      return { color: 'default', showLabel: true, download: false, retry: false };
  }
}

/** Milliseconds as people read them: '850 毫秒', '1.2 秒', '3 分 5 秒', '2 小时 0 分 3 秒'; empty when unknown. */
export function formatDuration(ms: number | string | null | undefined): string {
  const n = typeof ms === 'string' ? Number(ms) : ms;
  if (n === null || n === undefined || !Number.isFinite(n) || n < 0) return '';
  if (n < 1000) return `${Math.round(n)} 毫秒`;
  if (n < 60_000) {
    const s = Math.round(n / 100) / 10;
    return s >= 60 ? '1 分 0 秒' : `${s} 秒`;
  }
  const total = Math.round(n / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h} 小时 ${m} 分 ${s} 秒` : `${m} 分 ${s} 秒`;
}

/** A running task's percent as shown beside its spinner ('' before the first progress). */
export function progressText(progress: number | null | undefined): string {
  if (progress === null || progress === undefined || !Number.isFinite(progress) || progress <= 0) return '';
  return `${Math.min(100, Math.round(progress))}%`;
}
