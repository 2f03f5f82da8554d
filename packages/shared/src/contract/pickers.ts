/**
 * The read calls of the organisation and people pickers (spec widgets-accounting §4, §7, §9): departments, users,
 * roles, positions, shifts and the demo accident rules. Request schemas with Chinese messages (the same on both
 * sides) and the shapes of the answers. Paging is lenient as the Jeecg clients are: a page size above 100 is cut to
 * 100 rather than refused (the Vue clients ask for large pages when they resolve a list of ids); a text filter
 * written as a Jeecg wildcard (`*张*`) means the same contains-match as the bare text.
 */
import { z } from 'zod';
import { COMMON_TEXT, TEXT } from '../constants.ts';
import './common.ts';
import { DEPART_TREE_DEFAULT_LEVELS, PICKER_PAGE_SIZE_MAX, PICKER_TEXT } from './pickers-rules.ts';
import { SuperQueryParamsQuery } from '../super-query.ts';

export * from './pickers-rules.ts';

const blank = (v: unknown): boolean => v === undefined || v === null || v === '';
const asText = (v: unknown): unknown =>
  blank(v) ? undefined : typeof v === 'number' || typeof v === 'boolean' ? String(v) : v;

/** An optional text filter: trimmed, a Jeecg `*x*` wildcard unwrapped, blank → undefined, at most `max`. */
export const filterText = (max = 64) =>
  z.preprocess(
    (v) => {
      const t = asText(v);
      return typeof t === 'string' ? t.replace(/^\*+|\*+$/g, '').trim() || undefined : t;
    },
    z.string({ error: PICKER_TEXT.filterTooLong }).max(max, PICKER_TEXT.filterTooLong).optional(),
  );

/** An optional exact value (an id, a code). */
const exact = (max = 64) =>
  z.preprocess(
    (v) => {
      const t = asText(v);
      return typeof t === 'string' ? t.trim() || undefined : t;
    },
    z.string({ error: PICKER_TEXT.filterTooLong }).max(max, PICKER_TEXT.filterTooLong).optional(),
  );

const pageNo = z.preprocess(
  (v) => (blank(v) ? 1 : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: COMMON_TEXT.pageInvalid })
    .int(COMMON_TEXT.pageInvalid)
    .min(1, COMMON_TEXT.pageInvalid)
    .max(1_000_000, COMMON_TEXT.pageInvalid),
);

const pageSize = (fallback: number) =>
  z.preprocess(
    (v) => (blank(v) ? fallback : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: COMMON_TEXT.pageSizeInvalid })
      .int(COMMON_TEXT.pageSizeInvalid)
      .min(1, COMMON_TEXT.pageSizeInvalid)
      .transform((n) => Math.min(n, PICKER_PAGE_SIZE_MAX)),
  );

/** pageNo, pageSize (default 10, cut to 100) and the sort pair; the column is resolved by the server's registry. */
export const PickerPageQuery = z.object({
  pageNo,
  pageSize: pageSize(10),
  column: z.preprocess(asText, z.string({ error: TEXT.sortInvalid }).max(200, TEXT.sortInvalid).optional()),
  order: z.preprocess(
    (v) => (typeof v === 'string' ? v.toLowerCase() || undefined : asText(v)),
    z.enum(['asc', 'desc'], { error: TEXT.sortInvalid }).optional(),
  ),
  ...SuperQueryParamsQuery,
});

// ---- Departments (/sys/sysDepart/...) ----

export const DepartTreeSyncQuery = z.object({
  /** Children of this department; blank → the roots (or the department of `orgCode`). */
  pid: exact(),
  /** Comma list of keys: those departments themselves (a picker showing stored values). */
  ids: exact(4000),
  primaryKey: z.preprocess(asText, z.enum(['id', 'orgCode'], { error: PICKER_TEXT.primaryKeyInvalid }).optional()),
  /** Limits the roots to the department with this org code (e.g. A03 for the user picker). */
  orgCode: exact(),
});
export type DepartTreeSyncQuery = z.infer<typeof DepartTreeSyncQuery>;

export const DepartTreeQuery = z.object({ orgCode: exact() });
export type DepartTreeQuery = z.infer<typeof DepartTreeQuery>;

export const DepartSearchQuery = z.object({
  keyWord: filterText(),
  /** '1': only the caller's own departments. */
  myDeptSearch: exact(8),
  orgCode: exact(),
});
export type DepartSearchQuery = z.infer<typeof DepartSearchQuery>;

export const DepartTreeByLengthQuery = z.object({
  len: z.preprocess(
    (v) => (blank(v) ? DEPART_TREE_DEFAULT_LEVELS : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: PICKER_TEXT.levelsInvalid })
      .int(PICKER_TEXT.levelsInvalid)
      .min(1, PICKER_TEXT.levelsInvalid)
      .max(10, PICKER_TEXT.levelsInvalid),
  ),
  orgCode: exact(),
});
export type DepartTreeByLengthQuery = z.infer<typeof DepartTreeByLengthQuery>;

// ---- Users (/sys/user/list, queryUserRealDeptData, getMultiUser) ----

export const UserListQuery = PickerPageQuery.extend({
  username: filterText(),
  realname: filterText(),
  /** 1 normal, 2 frozen; the pickers ask for 1. */
  status: z.preprocess(asText, z.enum(['1', '2'], { error: PICKER_TEXT.statusInvalid }).optional()),
  /** Users of this department and its sub-departments. */
  departId: exact(),
  /** Comma list of user ids (the Vue client resolves stored ids this way). */
  code: exact(4000),
});
export type UserListQuery = z.infer<typeof UserListQuery>;

export const UserRealDeptQuery = PickerPageQuery.extend({
  username: filterText(),
  realname: filterText(),
  departId: exact(),
  /** The columns the client shows; the server answers its fixed picker columns whatever is named. */
  field: z.preprocess(asText, z.string().max(500).optional()),
});
export type UserRealDeptQuery = z.infer<typeof UserRealDeptQuery>;

/** Comma list of values of one store field (default username) → those users. */
export const MultiUserQuery = z.object({
  username: exact(8000),
  id: exact(8000),
  /** Which field the values are (the picker's store field); default username. */
  store: z.preprocess(asText, z.enum(['id', 'username'], { error: PICKER_TEXT.storeFieldInvalid }).optional()),
});
export type MultiUserQuery = z.infer<typeof MultiUserQuery>;

/** A user as the pickers see it: never a password, salt or token; phone/email only for user administrators. */

// ---- Roles (/sys/role/list) ----

export const RoleListQuery = PickerPageQuery.extend({
  roleName: filterText(),
  roleCode: filterText(),
});
export type RoleListQuery = z.infer<typeof RoleListQuery>;

// ---- Positions (/hr/hrPosition/list) ----

export const PositionListQuery = PickerPageQuery.extend({
  /** The position picker's search box: a contains-match on the name. */
  postInfoName: filterText(),
  name: filterText(),
});
export type PositionListQuery = z.infer<typeof PositionListQuery>;

// ---- Shifts (/hr/attendance/hrAttendanceShift/list) ----

export const ShiftListQuery = PickerPageQuery.extend({ name: filterText() });
export type ShiftListQuery = z.infer<typeof ShiftListQuery>;

// ---- Demo accident rules (/demo/adverseAccidentRule/list) ----

export const AccidentRuleListQuery = PickerPageQuery.extend({
  title: filterText(),
  category: exact(),
  level: exact(),
});
export type AccidentRuleListQuery = z.infer<typeof AccidentRuleListQuery>;
