/**
 * Constants, texts, permission codes and answer shapes of the picker reads (no zod, for light client chunks); the
 * request schemas are in pickers.ts, which re-exports these.
 */

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

export interface PickerUser {
  id: string;
  username: string;
  realname: string;
  workNo: string | null;
  sex: number | null;
  sex_dictText: string | null;
  orgCode: string | null;
  /** The names of the user's departments (memberships). */
  orgCodeTxt: string | null;
  /** The departments a manager (userIdentity 2) is in charge of, comma-joined ids (sys_user.depart_ids), and names. */
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

export interface PickerRole {
  id: string;
  roleCode: string;
  roleName: string;
  description: string | null;
  createTime: string | null;
}

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

export interface PickerShift {
  id: string;
  name: string;
  /** HH:mm */
  amStart: string;
  amEnd: string;
  pmStart: string;
  pmEnd: string;
  /** The list's order (the shift grid's 排序); the list answers it, a picker's own rows may leave it out. */
  sortOrder?: number;
  /** Optimistic lock of the shift grid's save (contract/shift.ts); the list answers it. */
  version?: number;
}

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
