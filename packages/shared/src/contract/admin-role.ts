/**
 * Administration of roles (issue 14, contract §2.8): the role form (/sys/role/add, edit, checkRoleCode), the role's
 * permission tree (queryTreeList, queryRolePermission, saveRolePermission) and the users of a role
 * (/sys/user/userRoleList, addSysUserRole, deleteUserRole, deleteUserRoleBatch). Request schemas with their Chinese
 * messages (the web's role form validates with the same rules) and the wire shapes of the answers. Unknown fields
 * of a body are dropped by the schemas (JeecgBoot ignores unknown JSON properties).
 */
import { z } from 'zod';
// Chinese default messages for every schema (common.ts configures zod once).
import './common.ts';
import { ADMIN_LIMITS, ADMIN_TEXT } from './admin.ts';
import { idList as sharedIdList, splitIds } from './id-list.ts';
import { PickerPageQuery, filterText } from './pickers.ts';

export const ROLE_NAME_MAX = 100;
export const ROLE_CODE_MAX = 100;
export const ROLE_DESCRIPTION_MAX = 500;
/** A role code: letters, digits and underscore (JeecgBoot's codes: admin, test, hr_manager …). */
export const ROLE_CODE_PATTERN = /^[A-Za-z0-9_]+$/;

export const ROLE_TEXT = {
  roleNameRequired: '请输入角色名称',
  roleNameTooLong: `角色名称最多 ${ROLE_NAME_MAX} 个字符`,
  roleNameControl: '角色名称不能包含换行或控制字符',
  roleCodeRequired: '请输入角色编码',
  roleCodeTooLong: `角色编码最多 ${ROLE_CODE_MAX} 个字符`,
  roleCodeFormat: '角色编码只能由字母、数字和下划线组成',
  /** JeecgBoot's checkRoleCode message. */
  roleCodeTaken: '角色编码已存在',
  descriptionTooLong: `描述最多 ${ROLE_DESCRIPTION_MAX} 个字符`,
  idRequired: '请传入角色ID',
  idInvalid: '角色ID不正确',
  idsRequired: '请选择要删除的角色',
  versionInvalid: '版本号不正确',
  /** The built-in roles admin and guest. */
  builtInDelete: '内置角色（管理员 admin、访客 guest）不能删除',
  builtInCode: '内置角色（管理员 admin、访客 guest）的角色编码不能修改',
  permissionIdsInvalid: '权限ID列表不正确',
  tooManyPermissions: `一次最多提交 ${ADMIN_LIMITS.permissionIds} 个权限`,
  permissionUnknown: '包含不存在的菜单或权限，请刷新后重试',
  /** saveRolePermission on the admin role without what administering roles needs. */
  adminKeepsRoleAdmin: '不能取消管理员角色的角色管理权限（角色管理菜单、角色查询、角色授权）',
  saved: '保存成功！',
  userIdsRequired: '请选择用户',
  userIdRequired: '请传入用户ID',
  userIdsInvalid: '用户ID列表不正确',
  userUnknown: '包含不存在或已删除的用户，请刷新后重试',
} as const;

const blank = (v: unknown): boolean => v === undefined || v === null || v === '';
const asText = (v: unknown): unknown =>
  blank(v) ? undefined : typeof v === 'number' || typeof v === 'boolean' ? String(v) : v;

/** A record id: a plain identifier (snowflake, 32-hex, or a seed's readable id). */
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Split a comma list or take an array (contract/id-list.ts). */
export const splitRoleIds = splitIds;

const requiredId = (required: string, invalid: string) =>
  z.preprocess(
    (v) => (typeof asText(v) === 'string' ? (asText(v) as string).trim() || undefined : asText(v)),
    z.string({ error: required }).regex(ID, invalid),
  );

/** An id list (comma text or array), each a plain identifier, min..max entries (contract/id-list.ts). */
const idList = (required: string, invalid: string, max: number, tooMany: string, min = 1) =>
  sharedIdList({ invalid, max, tooMany, required: min > 0 ? required : undefined });

const roleName = z.preprocess(
  (v) => (typeof asText(v) === 'string' ? (asText(v) as string).trim() || undefined : asText(v)),
  z
    .string({ error: ROLE_TEXT.roleNameRequired })
    .max(ROLE_NAME_MAX, ROLE_TEXT.roleNameTooLong)
    // eslint-disable-next-line no-control-regex
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), ROLE_TEXT.roleNameControl),
);

const roleCode = z.preprocess(
  (v) => (typeof asText(v) === 'string' ? (asText(v) as string).trim() || undefined : asText(v)),
  z
    .string({ error: ROLE_TEXT.roleCodeRequired })
    .max(ROLE_CODE_MAX, ROLE_TEXT.roleCodeTooLong)
    .regex(ROLE_CODE_PATTERN, ROLE_TEXT.roleCodeFormat),
);

/** Left out → undefined (kept on edit); null or blank → null (cleared). */
const description = z.preprocess(
  (v) => (v === undefined ? undefined : v === null || v === '' ? null : asText(v)),
  z
    .string({ error: ROLE_TEXT.descriptionTooLong })
    .max(ROLE_DESCRIPTION_MAX, ROLE_TEXT.descriptionTooLong)
    .nullable()
    .optional(),
);

/** POST /sys/role/add. */
export const RoleAddBody = z.object({ roleName, roleCode, description });
export type RoleAddBody = z.infer<typeof RoleAddBody>;

/** PUT|POST /sys/role/edit: the role code may be left out (kept); `version` (optional) is checked when sent. */
export const RoleEditBody = z.object({
  id: requiredId(ROLE_TEXT.idRequired, ROLE_TEXT.idInvalid),
  roleName,
  roleCode: roleCode.optional(),
  description,
  version: z.preprocess(
    (v) => (blank(v) ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ error: ROLE_TEXT.versionInvalid }).int(ROLE_TEXT.versionInvalid).optional(),
  ),
});
export type RoleEditBody = z.infer<typeof RoleEditBody>;

export const RoleIdQuery = z.object({ id: requiredId(ROLE_TEXT.idRequired, ROLE_TEXT.idInvalid) });
export type RoleIdQuery = z.infer<typeof RoleIdQuery>;

export const RoleIdsQuery = z.object({
  ids: idList(ROLE_TEXT.idsRequired, ROLE_TEXT.idInvalid, ADMIN_LIMITS.idsPerBatch, ADMIN_TEXT.tooManyIds),
});
export type RoleIdsQuery = z.infer<typeof RoleIdsQuery>;

/** GET /sys/role/checkRoleCode?id&roleCode: the id (when editing) is the role whose own code does not count. */
export const CheckRoleCodeQuery = z.object({
  id: z.preprocess(asText, z.string().regex(ID, ROLE_TEXT.idInvalid).optional()),
  roleCode,
});
export type CheckRoleCodeQuery = z.infer<typeof CheckRoleCodeQuery>;

/** A role as queryById, queryall and the administration list answer it (SysRole). */
export interface RoleRecord {
  id: string;
  roleName: string;
  roleCode: string;
  description: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  version: number;
}

// ---- The permission tree ---------------------------------------------------------------------------------

/** A node of the permission picker (JeecgBoot TreeModel): `children` only on a node that has some. */
export interface PermissionTreeNode {
  key: string;
  title: string;
  slotTitle: string;
  isLeaf: boolean;
  icon: string | null;
  parentId: string | null;
  value: string;
  label: string;
  /** 1 when the menu has data rules (the tree shows a data-rule link). */
  ruleFlag: number;
  scopedSlots: { title: string } | null;
  /** 0 top menu, 1 sub menu, 2 button or field rule (our web shows the kind; Jeecg clients ignore it). */
  menuType: number;
  /** Of a button (menuType 2): '1' a button or field rule (显示), '2' a disable rule (禁用); null on menus. */
  permsType: string | null;
  children?: PermissionTreeNode[];
}

export interface PermissionTreeResult {
  treeList: PermissionTreeNode[];
  /** Every id of the tree (the "select all" of the picker). */
  ids: string[];
}

export const RolePermissionQuery = z.object({ roleId: requiredId(ROLE_TEXT.idRequired, ROLE_TEXT.idInvalid) });
export type RolePermissionQuery = z.infer<typeof RolePermissionQuery>;

const permissionIds = idList(
  ROLE_TEXT.permissionIdsInvalid,
  ROLE_TEXT.permissionIdsInvalid,
  ADMIN_LIMITS.permissionIds,
  ROLE_TEXT.tooManyPermissions,
  0,
);

/**
 * POST /sys/permission/saveRolePermission: the ids ticked now and those ticked when the tree was read; the server
 * adds what was ticked and removes what was unticked. Without `lastpermissionIds` the ticked ids are the whole new set.
 */
export const SaveRolePermissionBody = z.object({
  roleId: requiredId(ROLE_TEXT.idRequired, ROLE_TEXT.idInvalid),
  permissionIds,
  lastpermissionIds: permissionIds.optional(),
});
export type SaveRolePermissionBody = z.infer<typeof SaveRolePermissionBody>;

// ---- Users of a role ----------------------------------------------------------------------------------------

export const UserRoleListQuery = PickerPageQuery.extend({
  roleId: requiredId(ROLE_TEXT.idRequired, ROLE_TEXT.idInvalid),
  username: filterText(),
  realname: filterText(),
});
export type UserRoleListQuery = z.infer<typeof UserRoleListQuery>;

export const AddUserRoleBody = z.object({
  roleId: requiredId(ROLE_TEXT.idRequired, ROLE_TEXT.idInvalid),
  userIdList: idList(
    ROLE_TEXT.userIdsRequired,
    ROLE_TEXT.userIdsInvalid,
    ADMIN_LIMITS.idsPerBatch,
    ADMIN_TEXT.tooManyIds,
  ),
});
export type AddUserRoleBody = z.infer<typeof AddUserRoleBody>;

export const DeleteUserRoleQuery = z.object({
  roleId: requiredId(ROLE_TEXT.idRequired, ROLE_TEXT.idInvalid),
  userId: requiredId(ROLE_TEXT.userIdRequired, ROLE_TEXT.userIdsInvalid),
});
export type DeleteUserRoleQuery = z.infer<typeof DeleteUserRoleQuery>;

export const DeleteUserRoleBatchQuery = z.object({
  roleId: requiredId(ROLE_TEXT.idRequired, ROLE_TEXT.idInvalid),
  userIds: idList(ROLE_TEXT.userIdsRequired, ROLE_TEXT.userIdsInvalid, ADMIN_LIMITS.idsPerBatch, ADMIN_TEXT.tooManyIds),
});
export type DeleteUserRoleBatchQuery = z.infer<typeof DeleteUserRoleBatchQuery>;
