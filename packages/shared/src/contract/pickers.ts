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

/** Largest page any picker list answers (security design: no unbounded reads). */
export const PICKER_PAGE_SIZE_MAX = 100;
/** Business-record picker: page size 5, the size changer offers 5 to 30 (spec §9). */
export const BUSINESS_PICKER_PAGE_SIZE = 5;
export const BUSINESS_PICKER_PAGE_SIZES = [5, 10, 20, 30] as const;
/** Table cells of the business-record picker are cut at 12 characters, the rest in a tooltip (spec §9). */
export const BUSINESS_PICKER_ELLIPSIS = 12;
/** Depth queryTreeListByLength answers when no `len` is given (a group and its departments). */
export const DEPART_TREE_DEFAULT_LEVELS = 2;
/** Values getMultiUser resolves at most in one call. */
export const MULTI_USER_MAX = 200;

export const PICKER_TEXT = {
  departTitle: '选择部门',
  departRequired: '您尚未设置部门信息!',
  userTitle: '选择用户',
  roleTitle: '选择角色',
  positionTitle: '选择职务',
  shiftTitle: '选择班次',
  accountTitle: '结算组织选择',
  accountRequired: '您尚未设置结算组织信息!',
  recordRequired: '请选择一条记录',
  filterTooLong: '查询条件过长',
  levelsInvalid: '层级参数不正确',
  primaryKeyInvalid: '主键参数只能是id或orgCode',
  storeFieldInvalid: '存储字段只能是id或username',
  statusInvalid: '状态参数不正确',
  tooManyValues: `一次最多查询${MULTI_USER_MAX}个用户`,
} as const;

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

/** A department node as the trees answer it (SysDepartTreeModel, the columns a picker uses). */
export interface DepartNode {
  id: string;
  key: string;
  value: string;
  title: string;
  parentId: string | null;
  departName: string;
  orgCode: string;
  orgCategory: string;
  orgType: string | null;
  departOrder: number;
  status: string;
  /** '0' active, '1' deleted. */
  delFlag: string;
  isLeaf: boolean;
  children: DepartNode[] | null;
}

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
export interface PickerUser {
  id: string;
  username: string;
  realname: string;
  workNo: string | null;
  sex: number | null;
  sex_dictText: string | null;
  orgCode: string | null;
  orgCodeTxt: string | null;
  departIds: string | null;
  departIds_dictText: string | null;
  post: string | null;
  post_dictText: string | null;
  status: number;
  status_dictText: string | null;
  createTime: string | null;
  phone?: string | null;
  email?: string | null;
}

// ---- Roles (/sys/role/list) ----

export const RoleListQuery = PickerPageQuery.extend({
  roleName: filterText(),
  roleCode: filterText(),
});
export type RoleListQuery = z.infer<typeof RoleListQuery>;

export interface PickerRole {
  id: string;
  roleCode: string;
  roleName: string;
  description: string | null;
  createTime: string | null;
}

// ---- Positions (/hr/hrPosition/list) ----

export const PositionListQuery = PickerPageQuery.extend({
  /** The position picker's search box: a contains-match on the name. */
  postInfoName: filterText(),
  name: filterText(),
});
export type PositionListQuery = z.infer<typeof PositionListQuery>;

export interface PickerPosition {
  id: string;
  code: string;
  name: string;
  name_dictText: string;
  postRank: string | null;
  postLevel: string | null;
  postLevel_dictText: string | null;
  sequenceId: string | null;
  sequenceId_dictText: string | null;
  postTitleId: string | null;
  postTitleId_dictText: string | null;
}

// ---- Shifts (/hr/attendance/hrAttendanceShift/list) ----

export const ShiftListQuery = PickerPageQuery.extend({ name: filterText() });
export type ShiftListQuery = z.infer<typeof ShiftListQuery>;

export interface PickerShift {
  id: string;
  name: string;
  /** HH:mm */
  amStart: string;
  amEnd: string;
  pmStart: string;
  pmEnd: string;
}

// ---- Demo accident rules (/demo/adverseAccidentRule/list) ----

export const AccidentRuleListQuery = PickerPageQuery.extend({
  title: filterText(),
  category: exact(),
  level: exact(),
});
export type AccidentRuleListQuery = z.infer<typeof AccidentRuleListQuery>;

export interface AccidentRule {
  id: string;
  category: string;
  category_dictText: string | null;
  level: string;
  level_dictText: string | null;
  title: string;
  ruleDesc: string;
}

/** Dictionaries the accident rules use. */
export const ACCIDENT_CATEGORY_DICT = 'adverse_accident_category';
export const ACCIDENT_LEVEL_DICT = 'adverse_accident_level';

/**
 * Permission codes of the picker reads. `read`: the people, department, position, shift and rule lists a staff
 * member picks from (every staff role holds it; the self-registered guest does not). `roleList`: the role list,
 * an administration read. `userContact`: phone and email in user rows (user administrators).
 */
export const PICKER_PERMISSIONS = {
  read: 'system:picker:read',
  roleList: 'system:role:list',
  userContact: 'user:edit',
} as const;
