/**
 * The users' recycle bin (issue 14 item 2, contract §2.7): GET /sys/user/recycleBin (the logically deleted
 * accounts), PUT /sys/user/putRecycleBin (restore) and DELETE /sys/user/deleteRecycleBin (remove for good). The
 * request schemas with their Chinese messages, the bin's row shape and the texts, the same on both sides.
 */
import { z } from 'zod';
import { COMMON_TEXT, TEXT } from '../constants.ts';
import { ADMIN_LIMITS, ADMIN_TEXT } from './admin.ts';
import { idList } from './id-list.ts';
import './common.ts';
import { filterText, PICKER_PAGE_SIZE_MAX } from './pickers.ts';

/** The plain-list answer (no paging asked) holds at most this many accounts, the most recently deleted first. */
export const USER_RECYCLE_LIST_MAX = 5000;

/** The field of a value a restore would take from a live account, as the refusal names it. */
export const USER_RECYCLE_FIELD_LABEL = {
  username: '用户账号',
  phone: '手机号',
  email: '邮箱',
  workNo: '工号',
} as const;
export type UserRecycleField = keyof typeof USER_RECYCLE_FIELD_LABEL;

export const USER_RECYCLE_TEXT = {
  restored: '还原成功',
  purged: ADMIN_TEXT.deleted,
  idsRequired: '请选择回收站中的用户',
  notInBin: '所选用户不在回收站中（可能已被还原或彻底删除），请刷新后重试',
  /** A value of the account is now held by a live account: nothing is restored. */
  taken: (who: string, field: UserRecycleField) =>
    `用户「${who}」的${USER_RECYCLE_FIELD_LABEL[field]}已被其他用户使用，不能还原，请先修改该用户的${USER_RECYCLE_FIELD_LABEL[field]}`,
  /** Two accounts of one restore share a value. */
  takenInBatch: (a: string, b: string, field: UserRecycleField) =>
    `用户「${a}」与「${b}」的${USER_RECYCLE_FIELD_LABEL[field]}相同，不能同时还原`,
} as const;

const blank = (v: unknown): boolean => v === undefined || v === null || v === '';
const asNumber = (v: unknown): unknown => (blank(v) ? undefined : typeof v === 'string' ? Number(v) : v);

/**
 * GET /sys/user/recycleBin. JeecgBoot answers every deleted account as a plain list; a client that pages (pageNo or
 * pageSize given) gets the IPage shape instead. username and realname filter (contains) in both forms.
 */
export const UserRecycleBinQuery = z.object({
  pageNo: z.preprocess(
    asNumber,
    z
      .number({ error: COMMON_TEXT.pageInvalid })
      .int(COMMON_TEXT.pageInvalid)
      .min(1, COMMON_TEXT.pageInvalid)
      .max(1_000_000, COMMON_TEXT.pageInvalid)
      .optional(),
  ),
  pageSize: z.preprocess(
    asNumber,
    z
      .number({ error: COMMON_TEXT.pageSizeInvalid })
      .int(COMMON_TEXT.pageSizeInvalid)
      .min(1, COMMON_TEXT.pageSizeInvalid)
      .transform((n) => Math.min(n, PICKER_PAGE_SIZE_MAX))
      .optional(),
  ),
  username: filterText(),
  realname: filterText(),
});
export type UserRecycleBinQuery = z.infer<typeof UserRecycleBinQuery>;

const userIds = idList({
  invalid: TEXT.badRequest,
  max: ADMIN_LIMITS.idsPerBatch,
  tooMany: ADMIN_TEXT.tooManyIds,
  required: USER_RECYCLE_TEXT.idsRequired,
});

/** PUT /sys/user/putRecycleBin: B `{userIds: "a,b"}` (an array is accepted too). */
export const UserRecycleRestoreBody = z.object({ userIds });
export type UserRecycleRestoreBody = z.infer<typeof UserRecycleRestoreBody>;

/** DELETE /sys/user/deleteRecycleBin?userIds=a,b. */
export const UserRecyclePurgeQuery = z.object({ userIds });
export type UserRecyclePurgeQuery = z.infer<typeof UserRecyclePurgeQuery>;

/**
 * A row of the bin: the account as the user list shows it; `orgCode` carries the department names as JeecgBoot's
 * recycleBin does (also in `orgCodeTxt`); updateBy / updateTime are who deleted it and when (the delete is the
 * account's last change: a deleted account cannot be edited).
 */
export interface UserRecycleRecord {
  id: string;
  username: string;
  realname: string;
  avatar: string | null;
  sex: number | null;
  sex_dictText: string | null;
  birthday: string | null;
  phone: string | null;
  email: string | null;
  workNo: string | null;
  post: string | null;
  status: number;
  status_dictText: string | null;
  orgCode: string | null;
  orgCodeTxt: string | null;
  delFlag: number;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}
