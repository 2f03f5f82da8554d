/**
 * Menu and permission administration (issue 14, contract §2.8 /sys/permission/*): the menu tree editor's calls, the
 * data rules of a menu, and a role's data rules on a menu. Field names and shapes are JeecgBoot's (SysPermission,
 * SysPermissionTree, SysPermissionDataRule) so that the unmodified Vue 2 / Vue 3 pages work; every free-text field
 * is checked against a safe character set and a length limit, and a url is only an internal route, an http(s)
 * address or the seed's `{{ window._CONFIG['domianURL'] }}/…` placeholder.
 */
import { z } from 'zod';
import { ADMIN_LIMITS, ADMIN_TEXT } from './admin.ts';
import { idList as sharedIdList } from './id-list.ts';

export const MENU_TEXT = {
  nameRequired: '请输入菜单名称',
  nameTooLong: '菜单名称最长100个字符',
  nameInvalid: '菜单名称不能包含控制字符',
  menuTypeInvalid: '菜单类型只能是 0（一级菜单）、1（子菜单）或 2（按钮/权限）',
  urlRequired: '请输入菜单路径',
  urlInvalid: "菜单路径只能是以 / 开头的站内路由、http(s) 地址或 {{ window._CONFIG['domianURL'] }}/… 形式",
  componentInvalid: '前端组件只能包含字母、数字及 / _ - .，最长255个字符',
  componentNameInvalid: '组件名称只能包含字母、数字及 _ -，最长100个字符',
  redirectInvalid: '默认跳转地址只能是以 / 开头的站内路由',
  iconInvalid: '图标只能包含字母、数字及 _ - :，最长100个字符',
  permsInvalid: '授权标识只能包含字母、数字及 : _ - .（多个用逗号分隔），最长255个字符',
  permsTypeInvalid: '授权策略只能是 1（显示）或 2（可编辑/禁用）',
  statusInvalid: '状态只能是 1（有效）或 0（无效）',
  sortNoInvalid: '排序号必须是 0 到 1000000 之间的数字',
  flagInvalid: '开关字段只能是 true/false',
  descriptionTooLong: '描述最长500个字符',
  idRequired: '请提供菜单ID',
  idInvalid: 'ID格式不正确',
  idsRequired: '请选择要删除的菜单',
  parentRequired: '请选择上级菜单',
  parentNotFound: '上级菜单不存在或已被删除',
  parentIsButton: '上级不能是按钮',
  permsTaken: '授权标识已存在，请更换',
  urlTaken: '访问路径不允许重复，请重定义！',
  available: '该值可用！',
  protectedEntry: '该菜单或其下级包含系统管理的关键权限（菜单管理、角色授权），删除后管理员将无法再管理权限，已拒绝',
  protectedCode: '该按钮是系统管理的关键权限，不能修改授权标识或停用',
  ruleNameRequired: '请输入规则名称',
  ruleNameTooLong: '规则名称最长100个字符',
  ruleColumnRequired: '请输入规则字段',
  ruleColumnInvalid: '规则字段只能是字母、数字和下划线组成的字段名',
  ruleConditionInvalid: '条件规则只能是 =、!=、>、>=、<、<=、IN、LIKE、LEFT_LIKE、RIGHT_LIKE 之一',
  ruleSqlRefused: '不支持自定义SQL规则（USE_SQL_RULES），请使用字段条件',
  ruleValueRequired: '请输入规则值',
  ruleValueTooLong: '规则值最长300个字符',
  ruleVariableInvalid: '规则值只能使用变量 #{sys_user_code}、#{sys_org_code}、#{sys_date}',
  ruleMenuNotListed: '该菜单没有登记可设置数据规则的列表，不能添加数据规则',
  ruleColumnNotAllowed: (column: string) => `字段“${column}”不是该列表可用于数据规则的字段`,
  ruleNotFound: '数据规则不存在或已被删除，请刷新',
  ruleNotOfMenu: '所选数据规则不属于该菜单',
  ruleBroken: '数据规则配置有误，请联系管理员',
  permissionIdRequired: '请提供菜单ID',
  roleIdRequired: '请提供角色ID',
  /** JeecgBoot's texts of GET/POST /sys/role/datarule. */
  menuHasNoRules: '未找到权限配置信息',
  roleNoMenu: '请先保存角色菜单权限!',
  /** JeecgBoot's text of POST /sys/sysDepartPermission/datarule: the department does not hold the menu. */
  departNoMenu: '请先保存部门菜单权限!',
  departIdRequired: '请提供部门ID',
  deptRoleIdRequired: '请提供部门角色ID',
  deptRoleNotOfDepart: '该部门角色不属于所选部门',
  /** A department role may choose only among the rules its department was given on the menu. */
  departRulesNone: '该部门没有这个菜单的数据规则，请先在部门权限中为部门选择',
  departRuleNotHeld: '只能选择部门已拥有的数据规则，请先在部门权限中为部门选择',
  dataRuleSaved: '保存成功!',
} as const;

export const MENU_LIMITS = {
  name: 100,
  url: 255,
  component: 255,
  componentName: 100,
  icon: 100,
  perms: 255,
  description: 500,
  ruleName: 100,
  ruleColumn: 64,
  ruleValue: 300,
  /** Data rules one role may hold on one menu. */
  dataRuleIds: 100,
} as const;

/** JeecgBoot's rule conditions we evaluate; USE_SQL_RULES (typed SQL) is refused. */
export const DATA_RULE_CONDITIONS = ['=', '!=', '>', '>=', '<', '<=', 'IN', 'LIKE', 'LEFT_LIKE', 'RIGHT_LIKE'] as const;
export type DataRuleCondition = (typeof DATA_RULE_CONDITIONS)[number];

/** The variables a rule value may name (replaced on the server by the caller's username, org code, today). */
export const DATA_RULE_VARIABLES = ['sys_user_code', 'sys_org_code', 'sys_date'] as const;

// ---------------------------------------------------------------------------------------------------------
// Field checks

/** Numbers and booleans from form-encoded or JSON bodies as text. */
const asText = (v: unknown) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : v);
/** '' and null mean "not given". */
const blankAsAbsent = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

const ID = /^[A-Za-z0-9_-]{1,64}$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** An internal route: '/' then path characters, route params (':id'), a query string; never '//host'. */
const INTERNAL_ROUTE = /^\/(?!\/)[A-Za-z0-9_\-./:@?=&%~+]*$/;
/** An http(s) address with a host; no quotes, spaces, angle brackets or backslashes. */
const HTTP_URL = /^https?:\/\/[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*(?::\d{1,5})?(?:[/?#][^\s"'<>\\`]*)?$/;
/** The seed's placeholder for the server's own address (the Vue 2 client substitutes it). */
const DOMAIN_PLACEHOLDER = /^\{\{ window\._CONFIG\['domianURL'\] \}\}(?:\/[A-Za-z0-9_\-./?=&%~+]*)?$/;

export function isSafeMenuUrl(url: string): boolean {
  if (url.length > MENU_LIMITS.url) return false;
  if (url.includes('..')) return false;
  return INTERNAL_ROUTE.test(url) || HTTP_URL.test(url) || DOMAIN_PLACEHOLDER.test(url);
}

const COMPONENT = /^[A-Za-z0-9_\-.]+(?:\/[A-Za-z0-9_\-.]+)*$/;
const COMPONENT_NAME = /^[A-Za-z0-9_-]+$/;
const ICON = /^[A-Za-z0-9_\-:]+$/;
/** One code or a comma list of codes (findPermissionCodes splits them). */
const PERMS = /^[A-Za-z0-9_:\-.]+(?:,[A-Za-z0-9_:\-.]+)*$/;

export const optionalId = z.preprocess(
  (v) => blankAsAbsent(trimmed(asText(v))),
  z.string({ error: MENU_TEXT.idInvalid }).regex(ID, MENU_TEXT.idInvalid).optional(),
);
export const requiredId = (message: string) =>
  z.preprocess(
    (v) => trimmed(asText(v)) ?? '',
    z.string({ error: message }).min(1, message).regex(ID, MENU_TEXT.idInvalid),
  );

const optionalPattern = (re: RegExp, max: number, message: string) =>
  z.preprocess(
    (v) => blankAsAbsent(trimmed(asText(v))),
    z
      .string({ error: message })
      .max(max, message)
      .refine((s) => re.test(s) && !s.includes('..'), message)
      .optional(),
  );

/** true/false as switches send them ('1'/'0', 1/0 and 'true'/'false' too); absent → undefined. */
const optionalFlag = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return undefined;
    if (v === true || v === 'true' || v === '1' || v === 1) return true;
    if (v === false || v === 'false' || v === '0' || v === 0) return false;
    return v;
  },
  z.boolean({ error: MENU_TEXT.flagInvalid }).optional(),
);

const menuFields = {
  name: z.preprocess(
    (v) => trimmed(asText(v)) ?? '',
    z
      .string({ error: MENU_TEXT.nameRequired })
      .min(1, MENU_TEXT.nameRequired)
      .max(MENU_LIMITS.name, MENU_TEXT.nameTooLong)
      .refine((s) => !CONTROL.test(s), MENU_TEXT.nameInvalid),
  ),
  menuType: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.union([z.literal(0), z.literal(1), z.literal(2)], { error: MENU_TEXT.menuTypeInvalid }),
  ),
  parentId: optionalId,
  url: z.preprocess(
    (v) => blankAsAbsent(trimmed(asText(v))),
    z.string({ error: MENU_TEXT.urlInvalid }).refine(isSafeMenuUrl, MENU_TEXT.urlInvalid).optional(),
  ),
  component: optionalPattern(COMPONENT, MENU_LIMITS.component, MENU_TEXT.componentInvalid),
  componentName: optionalPattern(COMPONENT_NAME, MENU_LIMITS.componentName, MENU_TEXT.componentNameInvalid),
  redirect: optionalPattern(INTERNAL_ROUTE, MENU_LIMITS.url, MENU_TEXT.redirectInvalid),
  icon: optionalPattern(ICON, MENU_LIMITS.icon, MENU_TEXT.iconInvalid),
  perms: optionalPattern(PERMS, MENU_LIMITS.perms, MENU_TEXT.permsInvalid),
  permsType: z.preprocess(
    (v) => blankAsAbsent(asText(v)),
    z.enum(['1', '2'], { error: MENU_TEXT.permsTypeInvalid }).optional(),
  ),
  status: z.preprocess(
    (v) => blankAsAbsent(asText(v)),
    z.enum(['0', '1'], { error: MENU_TEXT.statusInvalid }).optional(),
  ),
  sortNo: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v === null ? undefined : v),
    z
      .number({ error: MENU_TEXT.sortNoInvalid })
      .min(0, MENU_TEXT.sortNoInvalid)
      .max(1_000_000, MENU_TEXT.sortNoInvalid)
      .optional(),
  ),
  route: optionalFlag,
  keepAlive: optionalFlag,
  hidden: optionalFlag,
  hideTab: optionalFlag,
  alwaysShow: optionalFlag,
  internalOrExternal: optionalFlag,
  description: z.preprocess(
    (v) => blankAsAbsent(asText(v)),
    z
      .string({ error: MENU_TEXT.descriptionTooLong })
      .max(MENU_LIMITS.description, MENU_TEXT.descriptionTooLong)
      .optional(),
  ),
};

/** A type 0/1 menu needs a url; a sub menu (type 1) a parent. */
function checkMenu(
  v: { menuType: 0 | 1 | 2; url?: string | undefined; parentId?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (v.menuType !== 2 && !v.url) ctx.addIssue({ code: 'custom', message: MENU_TEXT.urlRequired, path: ['url'] });
  if (v.menuType === 1 && !v.parentId)
    ctx.addIssue({ code: 'custom', message: MENU_TEXT.parentRequired, path: ['parentId'] });
}

/** POST /sys/permission/add. Unknown keys (key, title, children, isLeaf…) are dropped. */
export const MenuAddBody = z.object(menuFields).superRefine(checkMenu);
export type MenuAddBody = z.infer<typeof MenuAddBody>;

/** PUT|POST /sys/permission/edit; `version`, when sent, is checked (optimistic lock). */
export const MenuEditBody = z
  .object({
    ...menuFields,
    id: requiredId(MENU_TEXT.idRequired),
    version: z.preprocess(
      (v) => (v === null || v === '' ? undefined : v),
      z.coerce.number({ error: ADMIN_TEXT.stale }).int(ADMIN_TEXT.stale).optional(),
    ),
  })
  .superRefine(checkMenu);
export type MenuEditBody = z.infer<typeof MenuEditBody>;

/** 'a,b,c,' or an array of plain ids, at least one, at most ADMIN_LIMITS.idsPerBatch (contract/id-list.ts). */
export const idList = (
  required: string,
  max: number = ADMIN_LIMITS.idsPerBatch,
  tooMany: string = ADMIN_TEXT.tooManyIds,
) => sharedIdList({ invalid: MENU_TEXT.idInvalid, required, max, tooMany });

export const MenuListQuery = z.object({
  name: z.preprocess(
    (v) => blankAsAbsent(trimmed(asText(v))),
    z.string().max(MENU_LIMITS.name, MENU_TEXT.nameTooLong).optional(),
  ),
});
export type MenuListQuery = z.infer<typeof MenuListQuery>;

export const MenuIdQuery = z.object({ id: requiredId(MENU_TEXT.idRequired) });
export const MenuIdsQuery = z.object({ ids: idList(MENU_TEXT.idsRequired) });
export const SubmenuQuery = z.object({ parentId: requiredId(MENU_TEXT.idRequired) });
export const SubmenuBatchQuery = z.object({ parentIds: idList(MENU_TEXT.idRequired) });

/** GET checkPermDuplication: is this code (or url) free for the node `id` (absent for a new node)? */
export const CheckPermQuery = z.object({
  id: optionalId,
  perms: optionalPattern(PERMS, MENU_LIMITS.perms, MENU_TEXT.permsInvalid),
  url: z.preprocess(
    (v) => blankAsAbsent(trimmed(asText(v))),
    z.string({ error: MENU_TEXT.urlInvalid }).refine(isSafeMenuUrl, MENU_TEXT.urlInvalid).optional(),
  ),
});
export type CheckPermQuery = z.infer<typeof CheckPermQuery>;

/** SysPermissionTree (JeecgBoot): one node of the menu editor's tree; `children` null on a leaf, `[]` on a parent not loaded. */
export interface SysPermissionTree {
  id: string;
  key: string;
  title: string;
  parentId: string | null;
  name: string;
  perms: string | null;
  permsType: string;
  icon: string | null;
  component: string | null;
  componentName: string | null;
  url: string | null;
  redirect: string | null;
  sortNo: number;
  menuType: number;
  isLeaf: boolean;
  route: boolean;
  keepAlive: boolean;
  description: string | null;
  delFlag: number;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  alwaysShow: boolean;
  hidden: boolean;
  hideTab: boolean;
  status: string;
  internalOrExternal: boolean;
  ruleFlag: number;
  version: number;
  children: SysPermissionTree[] | null;
}

// ---------------------------------------------------------------------------------------------------------
// Data rules

const ruleFields = {
  permissionId: requiredId(MENU_TEXT.permissionIdRequired),
  ruleName: z.preprocess(
    (v) => trimmed(asText(v)) ?? '',
    z
      .string({ error: MENU_TEXT.ruleNameRequired })
      .min(1, MENU_TEXT.ruleNameRequired)
      .max(MENU_LIMITS.ruleName, MENU_TEXT.ruleNameTooLong)
      .refine((s) => !CONTROL.test(s), MENU_TEXT.ruleNameRequired),
  ),
  ruleColumn: z.preprocess(
    (v) => trimmed(asText(v)) ?? '',
    z
      .string({ error: MENU_TEXT.ruleColumnRequired })
      .min(1, MENU_TEXT.ruleColumnRequired)
      .regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, MENU_TEXT.ruleColumnInvalid),
  ),
  ruleConditions: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z
      .string({ error: MENU_TEXT.ruleConditionInvalid })
      .refine((s) => s !== 'USE_SQL_RULES', MENU_TEXT.ruleSqlRefused)
      .pipe(z.enum(DATA_RULE_CONDITIONS, { error: MENU_TEXT.ruleConditionInvalid })),
  ),
  ruleValue: z.preprocess(
    (v) => trimmed(asText(v)) ?? '',
    z
      .string({ error: MENU_TEXT.ruleValueRequired })
      .min(1, MENU_TEXT.ruleValueRequired)
      .max(MENU_LIMITS.ruleValue, MENU_TEXT.ruleValueTooLong)
      .refine((s) => !CONTROL.test(s), MENU_TEXT.ruleValueRequired)
      .refine(onlyKnownVariables, MENU_TEXT.ruleVariableInvalid),
  ),
  status: z.preprocess(
    (v) => blankAsAbsent(asText(v)),
    z.enum(['0', '1'], { error: MENU_TEXT.statusInvalid }).optional(),
  ),
};

/** Every `#{…}` in a rule value is one of DATA_RULE_VARIABLES. */
export function onlyKnownVariables(value: string): boolean {
  const names = [...value.matchAll(/#\{([^}]*)\}/g)].map((m) => m[1]);
  if (names.some((n) => !(DATA_RULE_VARIABLES as readonly string[]).includes(n ?? ''))) return false;
  // An unclosed '#{' is not a variable either.
  return !value.replace(/#\{[^}]*\}/g, '').includes('#{');
}

export const DataRuleAddBody = z.object(ruleFields);
export type DataRuleAddBody = z.infer<typeof DataRuleAddBody>;
export const DataRuleEditBody = z.object({ ...ruleFields, id: requiredId(MENU_TEXT.idRequired) });
export type DataRuleEditBody = z.infer<typeof DataRuleEditBody>;

export const DataRuleListQuery = z.object({ permissionId: requiredId(MENU_TEXT.permissionIdRequired) });
export const DataRuleIdQuery = z.object({ id: requiredId(MENU_TEXT.idRequired) });
export const DataRuleSearchQuery = z.object({
  permissionId: requiredId(MENU_TEXT.permissionIdRequired),
  ruleName: z.preprocess(
    (v) => blankAsAbsent(trimmed(asText(v))),
    z.string().max(MENU_LIMITS.ruleName, MENU_TEXT.ruleNameTooLong).optional(),
  ),
  ruleValue: z.preprocess(
    (v) => blankAsAbsent(trimmed(asText(v))),
    z.string().max(MENU_LIMITS.ruleValue, MENU_TEXT.ruleValueTooLong).optional(),
  ),
});
export type DataRuleSearchQuery = z.infer<typeof DataRuleSearchQuery>;

/** GET /sys/role/datarule/{permissionId}/{roleId}. */
export const RoleDataRuleParams = z.object({
  permissionId: requiredId(MENU_TEXT.permissionIdRequired),
  roleId: requiredId(MENU_TEXT.roleIdRequired),
});
/** POST /sys/role/datarule: dataRuleIds 'a,b' (or an array; empty clears the role's rules on the menu). */
/** The chosen rules of a data-rule save: 'a,b' or an array; empty clears them. */
const dataRuleIds = () =>
  z.preprocess(
    (v) => {
      const b = blankAsAbsent(v);
      if (b === undefined) return [];
      const parts = typeof b === 'string' ? b.split(',') : Array.isArray(b) ? b.map((x) => String(asText(x))) : b;
      if (!Array.isArray(parts)) return parts;
      return [...new Set(parts.map((p: string) => p.trim()).filter((p: string) => p !== ''))];
    },
    z
      .array(z.string().regex(ID, MENU_TEXT.idInvalid), { error: MENU_TEXT.idInvalid })
      .max(MENU_LIMITS.dataRuleIds, ADMIN_TEXT.tooManyIds),
  );

export const RoleDataRuleBody = z.object({
  permissionId: requiredId(MENU_TEXT.permissionIdRequired),
  roleId: requiredId(MENU_TEXT.roleIdRequired),
  dataRuleIds: dataRuleIds(),
});
export type RoleDataRuleBody = z.infer<typeof RoleDataRuleBody>;

/** GET /sys/sysDepartPermission/datarule/{permissionId}/{departId}: a department's rules on a menu. */
export const DepartDataRuleParams = z.object({
  permissionId: requiredId(MENU_TEXT.permissionIdRequired),
  departId: requiredId(MENU_TEXT.departIdRequired),
});
/** POST /sys/sysDepartPermission/datarule. */
export const DepartDataRuleBody = DepartDataRuleParams.extend({ dataRuleIds: dataRuleIds() });
export type DepartDataRuleBody = z.infer<typeof DepartDataRuleBody>;

/** GET /sys/sysDepartRole/datarule/{permissionId}/{departId}/{roleId}: a department role's rules on a menu. */
export const DeptRoleDataRuleParams = DepartDataRuleParams.extend({
  roleId: requiredId(MENU_TEXT.deptRoleIdRequired),
});
/** POST /sys/sysDepartRole/datarule ({permissionId, roleId, dataRuleIds}; departId, when sent, must be the role's). */
export const DeptRoleDataRuleBody = z.object({
  permissionId: requiredId(MENU_TEXT.permissionIdRequired),
  roleId: requiredId(MENU_TEXT.deptRoleIdRequired),
  departId: z.preprocess(blankAsAbsent, z.string().regex(ID, MENU_TEXT.idInvalid).optional()),
  dataRuleIds: dataRuleIds(),
});
export type DeptRoleDataRuleBody = z.infer<typeof DeptRoleDataRuleBody>;

/** SysPermissionDataRule as the pages read it. */
export interface SysPermissionDataRule {
  id: string;
  permissionId: string;
  ruleName: string;
  ruleColumn: string;
  ruleConditions: string;
  ruleValue: string;
  status: string;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

/** GET /sys/role/datarule/{permissionId}/{roleId}: the menu's rules and the ids the role holds ('a,b'). */
export interface RoleDataRuleResult {
  datarule: SysPermissionDataRule[];
  drChecked: string;
}
