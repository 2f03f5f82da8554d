/**
 * Administration of departments (issue 14, contract §2.9): the department tree and its writes (/sys/sysDepart),
 * department permissions (/sys/permission/queryDepartPermission, saveDepartPermission), department roles
 * (/sys/sysDepartRole) and their grants (/sys/sysDepartPermission). Request schemas with Chinese messages, the
 * answers' shapes and the texts. Unknown body fields are dropped by the schemas (never reach SQL); org_code and
 * org_type are the server's, whatever a client sends.
 */
import { z } from 'zod';
import './common.ts';
import { ADMIN_LIMITS, ADMIN_TEXT } from './admin.ts';
import { idList as sharedIdList } from './id-list.ts';

export const DEPART_LIMITS = {
  departName: 100,
  departNameEn: 500,
  departNameAbbr: 500,
  description: 500,
  mobile: 32,
  fax: 32,
  address: 100,
  memo: 500,
  roleName: 100,
  roleCode: 100,
  roleDescription: 255,
  /** An id (departments, roles, users, permissions). */
  id: 64,
} as const;

export const DEPART_TEXT = {
  departNameRequired: '部门名称不能为空',
  departNameTooLong: `部门名称最多${DEPART_LIMITS.departName}个字符`,
  fieldTooLong: (title: string, max: number) => `${title}最多${max}个字符`,
  fieldInvalid: (title: string) => `${title}格式不正确`,
  orderInvalid: '排序须为 0 到 999999 之间的整数',
  orgCategoryInvalid: '机构类别只能是 1（公司）、2（部门）或 3（岗位）',
  statusInvalid: '状态只能是 1（启用）或 0（停用）',
  idRequired: '部门ID不能为空',
  idsRequired: '请选择要删除的记录',
  idInvalid: 'ID格式不正确',
  parentNotFound: '上级部门不存在或已被删除',
  /** The level's codes ran past the column's 64 characters. */
  orgCodeTooLong: '部门层级过深，无法生成机构编码',
  orgCodeBusy: '机构编码生成冲突，请重试',
  hasChildren: (name: string) => `部门“${name}”下还有下级部门，不能删除`,
  hasUsers: (name: string, count: number) => `部门“${name}”下还有 ${count} 名用户，不能删除`,
  parentQueryRequired: 'departId 和 orgCode 不能都为空！',
  orgCodeRequired: '机构编码不能为空',
  departRequired: '请选择部门',
  roleIdRequired: '部门角色ID不能为空',
  roleNameRequired: '部门角色名称不能为空',
  roleCodeRequired: '部门角色编码不能为空',
  roleCodeInvalid: '部门角色编码只能包含字母、数字、下划线、短横线和点',
  roleCodeTaken: '该部门下已存在相同编码的部门角色',
  roleNotFound: '部门角色不存在或已被删除，请刷新',
  roleDepartChange: '部门角色不能改到其他部门',
  userRequired: '用户ID不能为空',
  userNotFound: '用户不存在或已被删除',
  userNotMember: (name: string) => `该用户不属于部门“${name}”，不能授予其部门角色`,
  /** saveDeptRolePermission naming a permission its department does not hold. */
  permissionNotHeld: '只能授予本部门已拥有的权限，请先在部门权限中授权',
  tooManyPermissions: `一次最多提交 ${ADMIN_LIMITS.permissionIds} 个权限`,
  tooManyIds: ADMIN_TEXT.tooManyIds,
  saved: '保存成功！',
} as const;

const blank = (v: unknown): boolean => v === undefined || v === null || v === '';
const asText = (v: unknown): unknown =>
  blank(v) ? undefined : typeof v === 'number' || typeof v === 'boolean' ? String(v) : v;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const ID_PATTERN = /^[A-Za-z0-9_-]+$/;

/**
 * An optional text field: trimmed, at most `max`, no control characters. Absent → undefined (an edit keeps the
 * stored value, as JeecgBoot's updateById skips nulls); null or blank → null (cleared).
 */
const text = (title: string, max: number) =>
  z.preprocess(
    (v) => {
      if (v === undefined) return undefined;
      const t = asText(v);
      return typeof t === 'string' ? t.trim() || null : (t ?? null);
    },
    z
      .string({ error: DEPART_TEXT.fieldInvalid(title) })
      .max(max, DEPART_TEXT.fieldTooLong(title, max))
      .refine((s) => !CONTROL_CHARS.test(s), DEPART_TEXT.fieldInvalid(title))
      .nullable()
      .optional(),
  );

/** A required id. */
const id = (required: string) =>
  z.preprocess(
    (v) => {
      const t = asText(v);
      return typeof t === 'string' ? t.trim() : t;
    },
    z
      .string({ error: required })
      .min(1, required)
      .max(DEPART_LIMITS.id, DEPART_TEXT.idInvalid)
      .regex(ID_PATTERN, DEPART_TEXT.idInvalid),
  );

/** An optional id: blank → undefined. */
const optionalId = () =>
  z.preprocess(
    (v) => {
      const t = asText(v);
      return typeof t === 'string' ? t.trim() || undefined : t;
    },
    z
      .string({ error: DEPART_TEXT.idInvalid })
      .max(DEPART_LIMITS.id, DEPART_TEXT.idInvalid)
      .regex(ID_PATTERN, DEPART_TEXT.idInvalid)
      .optional(),
  );

/** A comma list of ids (or an array): deduplicated, blanks dropped; more than `max` → `tooMany` (contract/id-list.ts). */
export const idList = (max: number, tooMany: string, required?: string) =>
  sharedIdList({ invalid: DEPART_TEXT.idInvalid, max, tooMany, required });

// ---- departments ----------------------------------------------------------------------------------------

/** GET /sys/sysDepart/queryTreeList: the whole tree, or the departments named by `ids` nested among themselves. */
export const DepartTreeListQuery = z.object({ ids: idList(ADMIN_LIMITS.idsPerBatch, ADMIN_TEXT.tooManyIds) });
export type DepartTreeListQuery = z.infer<typeof DepartTreeListQuery>;

/** Absent → undefined (kept on edit, 0 on add); blank → 0. */
const departOrder = z.preprocess(
  (v) => (v === undefined ? undefined : blank(v) ? 0 : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: DEPART_TEXT.orderInvalid })
    .int(DEPART_TEXT.orderInvalid)
    .min(0, DEPART_TEXT.orderInvalid)
    .max(999_999, DEPART_TEXT.orderInvalid)
    .optional(),
);

/** The fields of a department an administrator writes (SysDepart); the rest is the server's. */
const departFields = {
  departName: z.preprocess(
    (v) => (typeof asText(v) === 'string' ? (asText(v) as string).trim() : asText(v)),
    z
      .string({ error: DEPART_TEXT.departNameRequired })
      .min(1, DEPART_TEXT.departNameRequired)
      .max(DEPART_LIMITS.departName, DEPART_TEXT.departNameTooLong)
      .refine((s) => !CONTROL_CHARS.test(s), DEPART_TEXT.fieldInvalid('部门名称')),
  ),
  /** Blank → a top-level department. */
  parentId: optionalId(),
  departNameEn: text('英文名', DEPART_LIMITS.departNameEn),
  departNameAbbr: text('缩写', DEPART_LIMITS.departNameAbbr),
  departOrder,
  description: text('描述', DEPART_LIMITS.description),
  /** 1 company, 2 department, 3 post; blank → 1 at the top level, 2 below. */
  orgCategory: z.preprocess(asText, z.enum(['1', '2', '3'], { error: DEPART_TEXT.orgCategoryInvalid }).optional()),
  mobile: text('手机号', DEPART_LIMITS.mobile),
  fax: text('传真', DEPART_LIMITS.fax),
  address: text('地址', DEPART_LIMITS.address),
  memo: text('备注', DEPART_LIMITS.memo),
  status: z.preprocess(asText, z.enum(['1', '0'], { error: DEPART_TEXT.statusInvalid }).optional()),
};

export const DepartAddBody = z.object(departFields);
export type DepartAddBody = z.infer<typeof DepartAddBody>;

export const DepartEditBody = z.object({
  ...departFields,
  id: id(DEPART_TEXT.idRequired),
  /** Absent → the parent stays; blank or null → the top level; an id → moved under it. */
  parentId: z.preprocess(
    (v) => (v === undefined ? undefined : blank(v) ? null : typeof v === 'string' ? v.trim() || null : v),
    z
      .string({ error: DEPART_TEXT.idInvalid })
      .max(DEPART_LIMITS.id, DEPART_TEXT.idInvalid)
      .regex(ID_PATTERN, DEPART_TEXT.idInvalid)
      .nullable()
      .optional(),
  ),
});
export type DepartEditBody = z.infer<typeof DepartEditBody>;

export const DepartIdQuery = z.object({ id: id(DEPART_TEXT.idRequired) });
export type DepartIdQuery = z.infer<typeof DepartIdQuery>;

export const DepartIdsQuery = z.object({
  ids: idList(ADMIN_LIMITS.idsPerBatch, ADMIN_TEXT.tooManyIds, DEPART_TEXT.idsRequired),
});
export type DepartIdsQuery = z.infer<typeof DepartIdsQuery>;

/** GET queryAllParentId: departId (comma list) or orgCode (comma list). */
export const DepartParentQuery = z.object({
  departId: idList(ADMIN_LIMITS.idsPerBatch, ADMIN_TEXT.tooManyIds),
  orgCode: idList(ADMIN_LIMITS.idsPerBatch, ADMIN_TEXT.tooManyIds),
});
export type DepartParentQuery = z.infer<typeof DepartParentQuery>;

export const DepartNameQuery = z.object({
  orgCode: z.preprocess(
    (v) => (typeof asText(v) === 'string' ? (asText(v) as string).trim() : asText(v)),
    z
      .string({ error: DEPART_TEXT.orgCodeRequired })
      .min(1, DEPART_TEXT.orgCodeRequired)
      .max(64, DEPART_TEXT.fieldInvalid('机构编码')),
  ),
});
export type DepartNameQuery = z.infer<typeof DepartNameQuery>;

/** A department as the administration tree answers it (SysDepartTreeModel). */
export interface DepartTreeModel {
  key: string;
  value: string;
  title: string;
  isLeaf: boolean;
  id: string;
  parentId: string | null;
  departName: string;
  departNameEn: string | null;
  departNameAbbr: string | null;
  departOrder: number;
  description: string | null;
  orgCategory: string;
  orgType: string | null;
  orgCode: string;
  mobile: string | null;
  fax: string | null;
  address: string | null;
  memo: string | null;
  status: string;
  delFlag: string;
  qywxIdentifier: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  directorUserIds: string | null;
  children: DepartTreeModel[] | null;
}

/** A department record (SysDepart): the tree node's fields without the tree's. */
export type DepartRecord = Omit<DepartTreeModel, 'key' | 'value' | 'title' | 'isLeaf' | 'children'>;

// ---- department permissions -------------------------------------------------------------------------------

const permissionIds = idList(ADMIN_LIMITS.permissionIds, DEPART_TEXT.tooManyPermissions);

export const DepartPermissionQuery = z.object({ departId: id(DEPART_TEXT.departRequired) });
export type DepartPermissionQuery = z.infer<typeof DepartPermissionQuery>;

/** POST /sys/permission/saveDepartPermission: added = permissionIds − lastpermissionIds, removed the reverse. */
export const SaveDepartPermissionBody = z.object({
  departId: id(DEPART_TEXT.departRequired),
  permissionIds,
  lastpermissionIds: permissionIds,
});
export type SaveDepartPermissionBody = z.infer<typeof SaveDepartPermissionBody>;

// ---- department roles -----------------------------------------------------------------------------------

const roleFields = {
  roleName: z.preprocess(
    (v) => (typeof asText(v) === 'string' ? (asText(v) as string).trim() : asText(v)),
    z
      .string({ error: DEPART_TEXT.roleNameRequired })
      .min(1, DEPART_TEXT.roleNameRequired)
      .max(DEPART_LIMITS.roleName, DEPART_TEXT.fieldTooLong('部门角色名称', DEPART_LIMITS.roleName))
      .refine((s) => !CONTROL_CHARS.test(s), DEPART_TEXT.fieldInvalid('部门角色名称')),
  ),
  roleCode: z.preprocess(
    (v) => (typeof asText(v) === 'string' ? (asText(v) as string).trim() : asText(v)),
    z
      .string({ error: DEPART_TEXT.roleCodeRequired })
      .min(1, DEPART_TEXT.roleCodeRequired)
      .max(DEPART_LIMITS.roleCode, DEPART_TEXT.fieldTooLong('部门角色编码', DEPART_LIMITS.roleCode))
      .regex(/^[A-Za-z0-9_.-]+$/, DEPART_TEXT.roleCodeInvalid),
  ),
  description: text('描述', DEPART_LIMITS.roleDescription),
};

export const DepartRoleListQuery = z.object({
  deptId: optionalId(),
  roleName: z.preprocess(
    (v) => {
      const t = asText(v);
      return typeof t === 'string' ? t.replace(/^\*+|\*+$/g, '').trim() || undefined : t;
    },
    z
      .string({ error: DEPART_TEXT.fieldInvalid('部门角色名称') })
      .max(64, DEPART_TEXT.fieldTooLong('查询条件', 64))
      .optional(),
  ),
  roleCode: z.preprocess(
    (v) => {
      const t = asText(v);
      return typeof t === 'string' ? t.replace(/^\*+|\*+$/g, '').trim() || undefined : t;
    },
    z
      .string({ error: DEPART_TEXT.fieldInvalid('部门角色编码') })
      .max(64, DEPART_TEXT.fieldTooLong('查询条件', 64))
      .optional(),
  ),
  pageNo: z.preprocess(
    (v) => (blank(v) ? 1 : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: '页码须为正整数' })
      .int('页码须为正整数')
      .min(1, '页码须为正整数')
      .max(1_000_000, '页码须为正整数'),
  ),
  pageSize: z.preprocess(
    (v) => (blank(v) ? 10 : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: '每页条数须为正整数' })
      .int('每页条数须为正整数')
      .min(1, '每页条数须为正整数')
      .transform((n) => Math.min(n, 100)),
  ),
});
export type DepartRoleListQuery = z.infer<typeof DepartRoleListQuery>;

export const DepartRoleAddBody = z.object({ ...roleFields, departId: id(DEPART_TEXT.departRequired) });
export type DepartRoleAddBody = z.infer<typeof DepartRoleAddBody>;

export const DepartRoleEditBody = z.object({
  ...roleFields,
  id: id(DEPART_TEXT.roleIdRequired),
  /** Optional: when sent it must be the role's own department (a role never moves). */
  departId: optionalId(),
});
export type DepartRoleEditBody = z.infer<typeof DepartRoleEditBody>;

export const DepartRoleIdQuery = z.object({ id: id(DEPART_TEXT.roleIdRequired) });
export type DepartRoleIdQuery = z.infer<typeof DepartRoleIdQuery>;

export const DepartRoleIdsQuery = z.object({
  ids: idList(ADMIN_LIMITS.idsPerBatch, ADMIN_TEXT.tooManyIds, DEPART_TEXT.idsRequired),
});
export type DepartRoleIdsQuery = z.infer<typeof DepartRoleIdsQuery>;

export const DeptRoleListQuery = z.object({
  departId: id(DEPART_TEXT.departRequired),
  userId: optionalId(),
});
export type DeptRoleListQuery = z.infer<typeof DeptRoleListQuery>;

export const DeptRoleByUserQuery = z.object({
  departId: id(DEPART_TEXT.departRequired),
  userId: id(DEPART_TEXT.userRequired),
});
export type DeptRoleByUserQuery = z.infer<typeof DeptRoleByUserQuery>;

/** POST /sys/sysDepartRole/deptRoleUserAdd: the user's department roles become newRoleId (diff against oldRoleId). */
export const DeptRoleUserAddBody = z.object({
  userId: id(DEPART_TEXT.userRequired),
  newRoleId: idList(ADMIN_LIMITS.idsPerBatch, ADMIN_TEXT.tooManyIds),
  oldRoleId: idList(ADMIN_LIMITS.idsPerBatch, ADMIN_TEXT.tooManyIds),
});
export type DeptRoleUserAddBody = z.infer<typeof DeptRoleUserAddBody>;

export const DeptRoleTreeQuery = z.object({ departId: id(DEPART_TEXT.departRequired) });
export type DeptRoleTreeQuery = z.infer<typeof DeptRoleTreeQuery>;

export const DeptRolePermissionQuery = z.object({ roleId: id(DEPART_TEXT.roleIdRequired) });
export type DeptRolePermissionQuery = z.infer<typeof DeptRolePermissionQuery>;

export const SaveDeptRolePermissionBody = z.object({
  roleId: id(DEPART_TEXT.roleIdRequired),
  permissionIds,
  lastpermissionIds: permissionIds,
});
export type SaveDeptRolePermissionBody = z.infer<typeof SaveDeptRolePermissionBody>;

/** A department role (SysDepartRole). */
export interface DepartRoleRecord {
  id: string;
  departId: string;
  roleName: string;
  roleCode: string;
  description: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

/** A user's link to a department role (SysDepartRoleUser). */
export interface DepartRoleUserRecord {
  id: string;
  userId: string;
  droleId: string;
}

/** A node of the permission tree a department's roles are granted from (TreeModel, as /sys/permission/queryTreeList). */
export interface PermissionTreeModel {
  key: string;
  value: string;
  title: string;
  slotTitle: string;
  label: string;
  icon: string | null;
  parentId: string | null;
  isLeaf: boolean;
  ruleFlag: number;
  scopedSlots: { title: string } | null;
  /** 0 top menu, 1 sub menu, 2 button or field rule (as PermissionTreeNode of admin-role.ts). */
  menuType: number;
  /** Of a button: '1' 显示, '2' 禁用; null on menus. */
  permsType: string | null;
  children?: PermissionTreeModel[];
}
