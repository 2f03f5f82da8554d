/**
 * Attendance shifts (考勤班次) edited in the editable grid (issue 13 item 8): the grid's columns with their rules —
 * the ONE definition the page (apps/web/src/features/attendance) shows and the server
 * (apps/server/src/modules/shift) re-checks on save with packages/shared/src/grid/validate.ts — the save body
 * schema, the answer's shape, the permission codes and the texts.
 */
import { z } from 'zod';
import './common.ts';
import type { GridColumn } from '../grid/types.ts';

/** Permission codes: the grid's authPre, the save, and the toolbar buttons (hidden when the user lacks them). */
export const SHIFT_PERMISSIONS = {
  /** The grid's authPre: the toolbar hides 新增 / 批量删除 for excluded `add` / `batch_delete`. */
  authPre: 'hr:shift',
  edit: 'hr:shift:edit',
  add: 'hr:shift:add',
  batchDelete: 'hr:shift:batch_delete',
} as const;

/** The page's id on the grid socket (/vxeSocket/{userId}/{pageId}). */
export const SHIFT_PAGE_ID = 'hr-attendance-shift';

export const SHIFT_LIMITS = {
  /** Rows (inserted + updated) and removed ids per save. */
  rowsPerSave: 500,
  nameMax: 50,
  /** Shifts the page loads at once (the list endpoint's largest page). */
  pageSize: 100,
} as const;

/** 'HH:mm', 00:00 to 23:59. */
export const SHIFT_TIME_PATTERN = '^([01]\\d|2[0-3]):[0-5]\\d$';

export const SHIFT_TEXT = {
  timeFormat: '${title}须为HH:mm格式的时间（如 09:00）',
  nameTooLong: `最大长度${SHIFT_LIMITS.nameMax}位字符`,
  tooManyRows: `每次最多保存${SHIFT_LIMITS.rowsPerSave}行`,
  badRow: '班次数据格式不正确',
  duplicateId: '同一班次不能在一次保存中出现两次',
  notFound: '班次不存在或已被删除，请刷新',
  /** Another save wrote the same name first (the database's live-name unique index). */
  nameTaken: '班次名称已被使用，请刷新后重试',
  /** A failing row of the request: N counts the request's rows, inserted first, then updated (1-based). */
  rowFailure: (row: number, message: string) => `第 ${row} 行：${message}`,
  /** A failing stored shift the request did not send. */
  storedFailure: (name: string, message: string) => `班次“${name}”：${message}`,
  save: '保存',
  saved: '保存成功',
  nothingToSave: '没有需要保存的修改',
  loadFailed: '班次加载失败',
  empty: '暂无班次，点击“新增”添加',
  gridLabel: '考勤班次',
} as const;

const timeColumn = (key: string, title: string, defaultValue: string): GridColumn => ({
  key,
  title,
  type: 'input',
  width: 120,
  placeholder: 'HH:mm',
  defaultValue,
  validateRules: [{ required: true }, { pattern: SHIFT_TIME_PATTERN, message: SHIFT_TEXT.timeFormat }],
});

/** The shift grid's columns and rules, shown by the page and re-checked by the server. */
export const SHIFT_GRID_COLUMNS: readonly GridColumn[] = [
  {
    key: 'name',
    title: '班次名称',
    type: 'input',
    width: 200,
    validateRules: [
      { required: true, unique: true },
      { pattern: `^[\\s\\S]{1,${SHIFT_LIMITS.nameMax}}$`, message: SHIFT_TEXT.nameTooLong },
    ],
  },
  // A new row starts as the standard shift's times.
  timeColumn('amStart', '上午上班', '09:00'),
  timeColumn('amEnd', '上午下班', '12:00'),
  timeColumn('pmStart', '下午上班', '13:30'),
  timeColumn('pmEnd', '下午下班', '18:00'),
  // Renumbered from 1 by the grid's drag-sort column; 'z': a whole number.
  { key: 'sortOrder', title: '排序', type: 'inputNumber', width: 90, isOrder: true, validateRules: [{ pattern: 'z' }] },
];

/** A shift as the grid and the save answer hold it. */
export interface ShiftRecord {
  id: string;
  name: string;
  /** HH:mm */
  amStart: string;
  amEnd: string;
  pmStart: string;
  pmEnd: string;
  sortOrder: number;
  /** Optimistic lock: sent back with an update; a stale one is refused (409). */
  version: number;
}

const blank = (v: unknown): boolean => v === undefined || v === null;

/**
 * A cell's text: the rules (required, pattern, unique) are the shared validator's, so that a refusal names the row
 * in the grid's words; here only the type and a hard bound (four times the name's limit) are checked.
 */
const cellText = z.preprocess(
  (v) => (blank(v) ? '' : typeof v === 'number' ? String(v) : v),
  z
    .string({ error: SHIFT_TEXT.badRow })
    .trim()
    .max(SHIFT_LIMITS.nameMax * 4, SHIFT_TEXT.nameTooLong),
);

const sortOrder = z.preprocess(
  (v) => (blank(v) || v === '' ? 0 : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: SHIFT_TEXT.badRow })
    .int(SHIFT_TEXT.badRow)
    .min(0, SHIFT_TEXT.badRow)
    .max(1_000_000, SHIFT_TEXT.badRow),
);

const shiftId = z.string({ error: SHIFT_TEXT.badRow }).trim().min(1, SHIFT_TEXT.badRow).max(64, SHIFT_TEXT.badRow);

const rowFields = {
  name: cellText,
  amStart: cellText,
  amEnd: cellText,
  pmStart: cellText,
  pmEnd: cellText,
  sortOrder,
};

/** A new row: its id (a temporary one of the grid) is ignored; the server makes one. */
export const ShiftInsertRow = z.object({ id: z.string().max(64).optional(), ...rowFields });
export type ShiftInsertRow = z.infer<typeof ShiftInsertRow>;

/** A changed stored row: with its id and the version it was read at. */
export const ShiftUpdateRow = z.object({
  id: shiftId,
  ...rowFields,
  version: z.preprocess(
    (v) => (typeof v === 'string' && v !== '' ? Number(v) : v),
    z.number({ error: SHIFT_TEXT.badRow }).int(SHIFT_TEXT.badRow).min(0, SHIFT_TEXT.badRow),
  ),
});
export type ShiftUpdateRow = z.infer<typeof ShiftUpdateRow>;

/** POST /hr/attendance/hrAttendanceShift/saveBatch: the grid's changes. */
export const ShiftSaveBody = z
  .object({
    inserted: z.array(ShiftInsertRow).default([]),
    updated: z.array(ShiftUpdateRow).default([]),
    removedIds: z.array(shiftId).max(SHIFT_LIMITS.rowsPerSave, SHIFT_TEXT.tooManyRows).default([]),
  })
  .refine((b) => b.inserted.length + b.updated.length <= SHIFT_LIMITS.rowsPerSave, { error: SHIFT_TEXT.tooManyRows })
  .refine(
    (b) => {
      const ids = [...b.updated.map((r) => r.id), ...b.removedIds];
      return new Set(ids).size === ids.length;
    },
    { error: SHIFT_TEXT.duplicateId },
  );
export type ShiftSaveBody = z.infer<typeof ShiftSaveBody>;
/** What the web sends (before defaults and coercion). */
export type ShiftSaveInput = z.input<typeof ShiftSaveBody>;

/** The save's answer: every stored shift after the save, and the ids of the rows this save wrote. */
export interface ShiftSaveResult {
  records: ShiftRecord[];
  savedIds: string[];
}
