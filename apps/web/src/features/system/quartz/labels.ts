/** Option lists, tag colours and formats of the 定时任务 screens (dictionary quartz_status, run results). */
import {
  QUARTZ_MISFIRE_POLICIES,
  QUARTZ_MISFIRE_TEXT,
  QUARTZ_STATUS,
  QUARTZ_STATUS_TEXT,
  type QuartzRunResult,
} from '@houtai/shared/contract/quartz';

/** The list filter's options (the query string carries the dictionary's text values). */
export const STATUS_FILTER_OPTIONS = Object.entries(QUARTZ_STATUS_TEXT).map(([value, label]) => ({ value, label }));

/** The form's options (the body carries numbers). */
export const STATUS_OPTIONS = [
  { value: QUARTZ_STATUS.normal, label: QUARTZ_STATUS_TEXT[String(QUARTZ_STATUS.normal)] ?? '正常' },
  { value: QUARTZ_STATUS.stopped, label: QUARTZ_STATUS_TEXT[String(QUARTZ_STATUS.stopped)] ?? '停止' },
];

export const MISFIRE_OPTIONS = QUARTZ_MISFIRE_POLICIES.map((value) => ({ value, label: QUARTZ_MISFIRE_TEXT[value] }));

export const STATUS_COLOR: Readonly<Record<string, string>> = { '0': 'green', '-1': 'default' };

export const RESULT_COLOR: Readonly<Record<QuartzRunResult, string>> = {
  running: 'processing',
  success: 'success',
  failure: 'error',
  skipped: 'default',
};

/** A run's duration for people: '350 毫秒', '2.4 秒', '3 分 5 秒'. */
export function durationText(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms) || ms < 0) return '-';
  if (ms < 1000) return `${Math.round(ms)} 毫秒`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1).replace(/\.0$/, '')} 秒`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return seconds ? `${minutes} 分 ${seconds} 秒` : `${minutes} 分`;
}

/** JSON text as the form shows it: indented when it parses, else as it is. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** JSON text as it is sent: without the indentation the form added, when it parses (the length limit counts it). */
export function compactJson(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text;
  }
}
