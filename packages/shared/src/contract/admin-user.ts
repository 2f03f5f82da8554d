/**
 * User administration (issue 14, contract §2.7): the request schemas of /sys/user/{list, add, edit, queryById,
 * queryUserRole, checkOnlyUser, queryUserByDepId, userDepartList, delete, deleteBatch, frozenBatch, resignBatch,
 * changePassword} with Chinese messages (the same on both sides), the account states and the texts. Unknown body
 * fields are dropped by the schemas (JeecgBoot ignores them too); every list is bounded by ADMIN_LIMITS.
 */
import { z } from 'zod';
import { TEXT } from '../constants.ts';
import {
  checkEmail,
  checkMobile,
  checkUsername,
  CONFIRM_PASSWORD_REQUIRED,
  isValidPassword,
  maxLengthMessage,
  NEW_PASSWORD_REQUIRED,
  PASSWORD_RULE_MESSAGE,
  PASSWORDS_DIFFER,
} from '../validation.ts';
import { ADMIN_LIMITS, ADMIN_TEXT } from './admin.ts';
import { optionalIdList } from './id-list.ts';
import './common.ts';
import { filterText, PICKER_TEXT, UserListQuery } from './pickers.ts';

/** sys_user.status: 1 正常, 2 冻结 (dictionary user_status), 3 离职 (resignBatch; see decisions-user.md). */
export const USER_STATUS = { normal: 1, frozen: 2, resigned: 3 } as const;

/** sys_user.user_identity: 1 普通成员, 2 上级 (manages the departments of `departIds`). */
export const USER_IDENTITY = { member: 1, manager: 2 } as const;

export const ADMIN_USER_TEXT = {
  realnameRequired: '请输入用户名称!',
  passwordRequired: '请输入密码!',
  confirmRequired: CONFIRM_PASSWORD_REQUIRED,
  passwordsDiffer: PASSWORDS_DIFFER,
  passwordRule: PASSWORD_RULE_MESSAGE,
  usernameTaken: TEXT.usernameTaken,
  phoneTaken: '该手机号已存在',
  emailTaken: '该邮箱已存在',
  workNoTaken: '该工号已存在',
  roleUnknown: '所选角色不存在或已被删除',
  departUnknown: '所选部门不存在或已被删除',
  managedDepartUnknown: '负责部门不存在或已被删除',
  positionUnknown: '所选职务不存在',
  settlementUnknown: '所选结算组织不存在或已停用',
  avatarInvalid: '头像文件不存在，请重新上传',
  identityInvalid: '用户身份不正确',
  sexInvalid: '性别不正确',
  birthdayInvalid: '生日格式不正确，应为yyyy-MM-dd',
  telephoneInvalid: '请输入正确的座机号',
  idRequired: '请选择用户',
  idsRequired: '请选择要操作的用户',
  tooManyIds: ADMIN_TEXT.tooManyIds,
  tooManyValues: `一次最多选择${ADMIN_LIMITS.idsPerBatch}项`,
  frozenStatusInvalid: '冻结状态不正确',
  // The pickers' message: the list is one call for both.
  statusInvalid: PICKER_TEXT.statusInvalid,
  userNotFound: '该用户不存在',
  noRole: '未找到用户相关角色信息',
  departRequired: '请选择部门',
  resigned: '离职成功!',
  passwordReset: '密码修改成功!',
  checkOnlyEmpty: '请输入要校验的值',
} as const;

const blank = (v: unknown): boolean => v === undefined || v === null || v === '';
const asText = (v: unknown): unknown =>
  blank(v) ? undefined : typeof v === 'number' || typeof v === 'boolean' ? String(v) : v;
const trimmed = (v: unknown): unknown => {
  const t = asText(v);
  return typeof t === 'string' ? t.trim() || undefined : t;
};

/** An optional text field (blank → undefined), at most `max` characters. */
const text = (max: number) =>
  z.preprocess(
    trimmed,
    z
      .string({ error: maxLengthMessage(max) })
      .max(max, maxLengthMessage(max))
      .optional(),
  );

/** A required id of a query or body. */
const requiredId = (message: string) =>
  z.preprocess(trimmed, z.string({ error: message }).min(1, message).max(64, message));

/**
 * A comma list of ids or codes ("a,b,c," as the Jeecg clients send them; an array is accepted too), trimmed,
 * deduplicated, at most ADMIN_LIMITS.idsPerBatch entries of ≤ 64 characters. Missing → undefined (leave as is);
 * blank → [] (none). contract/id-list.ts.
 */
export const idList = (tooMany: string = ADMIN_USER_TEXT.tooManyIds) =>
  optionalIdList({
    invalid: TEXT.badRequest,
    max: ADMIN_LIMITS.idsPerBatch,
    tooMany,
    element: z.string({ error: TEXT.badRequest }).max(64, TEXT.badRequest),
  });

// ---- the list (/sys/user/list; also the pickers') ----

const numberChoice = (values: readonly number[], message: string) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
    z
      .number({ error: message })
      .refine((n) => values.includes(n), message)
      .optional(),
  );

/** The pickers' filters plus the administration screen's: phone, sex, workNo; status also 3 (离职). */
export const AdminUserListQuery = UserListQuery.extend({
  status: z.preprocess(asText, z.enum(['1', '2', '3'], { error: ADMIN_USER_TEXT.statusInvalid }).optional()),
  phone: filterText(),
  workNo: filterText(),
  sex: numberChoice([0, 1, 2], ADMIN_USER_TEXT.sexInvalid),
  /** The columns the client shows (ignored: the server answers its fixed columns). */
  field: z.preprocess(asText, z.string().max(2000).optional()),
  /** Only holders of this role (sys_user_role). */
  roleId: z.preprocess(trimmed, z.string({ error: TEXT.badRequest }).max(64, TEXT.badRequest).optional()),
});
export type AdminUserListQuery = z.infer<typeof AdminUserListQuery>;

// ---- add / edit ----

const BIRTHDAY = /^\d{4}-\d{2}-\d{2}$/;
const LANDLINE = /^(0\d{2,3}-?)?\d{7,8}(-\d{1,6})?$/;

const userFields = {
  realname: z.preprocess(
    trimmed,
    z
      .string({ error: ADMIN_USER_TEXT.realnameRequired })
      .min(1, ADMIN_USER_TEXT.realnameRequired)
      .max(100, maxLengthMessage(100)),
  ),
  nickname: text(100),
  workNo: text(64),
  phone: z.preprocess(trimmed, z.string().optional()).superRefine((v, ctx) => {
    const m = checkMobile(v);
    if (m) ctx.addIssue({ code: 'custom', message: m });
  }),
  email: z.preprocess(trimmed, z.string().max(100, maxLengthMessage(100)).optional()).superRefine((v, ctx) => {
    const m = checkEmail(v);
    if (m) ctx.addIssue({ code: 'custom', message: m });
  }),
  telephone: z.preprocess(
    trimmed,
    z.string({ error: ADMIN_USER_TEXT.telephoneInvalid }).regex(LANDLINE, ADMIN_USER_TEXT.telephoneInvalid).optional(),
  ),
  sex: numberChoice([0, 1, 2], ADMIN_USER_TEXT.sexInvalid),
  birthday: z.preprocess(
    (v) => {
      const t = trimmed(v);
      // The Vue clients may send 'yyyy-MM-dd HH:mm:ss'; only the date is kept.
      return typeof t === 'string' ? t.slice(0, 10) : t;
    },
    z
      .string({ error: ADMIN_USER_TEXT.birthdayInvalid })
      .regex(BIRTHDAY, ADMIN_USER_TEXT.birthdayInvalid)
      .refine((s) => !Number.isNaN(Date.parse(s)), ADMIN_USER_TEXT.birthdayInvalid)
      .optional(),
  ),
  /** A stored file's path (from /sys/common/upload) or an http(s) URL of the object store. */
  avatar: text(500),
  userIdentity: numberChoice([USER_IDENTITY.member, USER_IDENTITY.manager], ADMIN_USER_TEXT.identityInvalid),
  /** Role ids ("id,id"); missing on edit: the roles stay as they are. */
  selectedroles: idList(ADMIN_USER_TEXT.tooManyValues),
  /** Department ids the user belongs to; missing on edit: unchanged. */
  selecteddeparts: idList(ADMIN_USER_TEXT.tooManyValues),
  /** Departments the user manages (userIdentity 2). */
  departIds: idList(ADMIN_USER_TEXT.tooManyValues),
  /** Position codes (sys_position.code), comma list. */
  post: idList(ADMIN_USER_TEXT.tooManyValues),
  /** Settlement organisation ids (settlement_org.id) the user may switch to; missing on edit: unchanged. */
  settlementOrgIds: idList(ADMIN_USER_TEXT.tooManyValues),
  /** Optimistic lock (edit): the row version the form was read at. */
  version: z.preprocess(
    (v) => (blank(v) ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ error: TEXT.badRequest }).int(TEXT.badRequest).optional(),
  ),
};

const username = z
  .preprocess(trimmed, z.string().optional())
  .superRefine((v, ctx) => {
    const m = checkUsername(v);
    if (m) ctx.addIssue({ code: 'custom', message: m });
  })
  // checkUsername refuses a missing name: what passes is a string.
  .transform((v) => v ?? '');

export const UserAddBody = z
  .object({
    username,
    password: z.preprocess(
      asText,
      z
        .string({ error: ADMIN_USER_TEXT.passwordRequired })
        .min(1, ADMIN_USER_TEXT.passwordRequired)
        .max(64, PASSWORD_RULE_MESSAGE),
    ),
    confirmpassword: z.preprocess(
      asText,
      z
        .string({ error: ADMIN_USER_TEXT.confirmRequired })
        .min(1, ADMIN_USER_TEXT.confirmRequired)
        .max(64, PASSWORDS_DIFFER),
    ),
    ...userFields,
  })
  .superRefine((b, ctx) => {
    if (!isValidPassword(b.password))
      ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_RULE_MESSAGE });
    else if (b.password !== b.confirmpassword)
      ctx.addIssue({ code: 'custom', path: ['confirmpassword'], message: PASSWORDS_DIFFER });
  });
export type UserAddBody = z.infer<typeof UserAddBody>;

// ---- import (用户导入, a task-centre kind: apps/server/src/modules/user/user.tasks.ts) ----

export const USER_TRANSFER_TEXT = {
  importRule:
    '每行新建一个账号；登录账号、手机号码、电子邮件或工号已被占用的行不导入、不覆盖已有用户，原因见错误明细。导入的账号首次登录须修改密码。',
  duplicateInFile: (what: string, value: string) => `文件中有多行的${what}都是“${value}”`,
  departUnknown: (name: string) => `部门“${name}”不存在或已被删除`,
  departAmbiguous: (name: string) => `有多个部门名为“${name}”，请填写机构编码`,
  positionUnknown: (name: string) => `职务“${name}”不存在`,
  positionAmbiguous: (name: string) => `有多个职务名为“${name}”，请填写职务编码`,
  tooManyNames: `一个单元格最多填写${ADMIN_LIMITS.idsPerBatch}项`,
  postTooLong: '职务过多，超出了可保存的长度',
  /** Another request took a value of the batch between its check and its write (the unique indexes refused it). */
  raced: '导入期间另有操作占用了本批中的登录账号、手机号码、电子邮件或工号，本批未导入，请重新导入',
} as const;

/** A cell listing names or codes ('研发部,财务部', also '，' '、' '；'), trimmed and deduplicated. */
const nameList = z.preprocess(
  (v) => {
    const t = asText(v);
    if (typeof t !== 'string') return t;
    const names = [...new Set(t.split(/[,，、;；]/).map((s) => s.trim()))].filter(Boolean);
    return names.length ? names : undefined;
  },
  z
    .array(z.string().max(100, maxLengthMessage(100)))
    .max(ADMIN_LIMITS.idsPerBatch, USER_TRANSFER_TEXT.tooManyNames)
    .optional(),
);

const IDENTITY_TEXT: Readonly<Record<string, number>> = { 普通成员: USER_IDENTITY.member, 上级: USER_IDENTITY.manager };

/**
 * One row of 用户导入: the add form's rules for the account's own fields, positions and departments by name (or
 * code), 身份 by its text, and an optional 初始密码 under the password rule. Never roles: an import grants nothing.
 */
export const UserImportRow = z.object({
  username,
  realname: userFields.realname,
  sex: userFields.sex,
  birthday: userFields.birthday,
  phone: userFields.phone,
  email: userFields.email,
  telephone: userFields.telephone,
  workNo: userFields.workNo,
  post: nameList,
  departNames: nameList,
  userIdentity: z.preprocess((v) => {
    const t = trimmed(v);
    return typeof t === 'string' && Object.hasOwn(IDENTITY_TEXT, t) ? IDENTITY_TEXT[t] : t;
  }, userFields.userIdentity),
  initialPassword: z
    .preprocess(asText, z.string({ error: PASSWORD_RULE_MESSAGE }).max(64, PASSWORD_RULE_MESSAGE).optional())
    .refine((v) => v === undefined || isValidPassword(v), PASSWORD_RULE_MESSAGE),
});
export type UserImportRow = z.infer<typeof UserImportRow>;

/** The edit: the add's fields but the username and password, which are not changed here. */
export const UserEditBody = z.object({ id: requiredId(ADMIN_USER_TEXT.idRequired), ...userFields });
export type UserEditBody = z.infer<typeof UserEditBody>;

// ---- reads ----

export const UserIdQuery = z.object({ id: requiredId(ADMIN_USER_TEXT.idRequired) });
export type UserIdQuery = z.infer<typeof UserIdQuery>;

export const QueryUserRoleQuery = z.object({ userid: requiredId(ADMIN_USER_TEXT.idRequired) });
export type QueryUserRoleQuery = z.infer<typeof QueryUserRoleQuery>;

export const UserDepartListQuery = z.object({ userId: requiredId(ADMIN_USER_TEXT.idRequired) });
export type UserDepartListQuery = z.infer<typeof UserDepartListQuery>;

export const QueryUserByDepIdQuery = z.object({
  id: requiredId(ADMIN_USER_TEXT.departRequired),
  realname: filterText(),
});
export type QueryUserByDepIdQuery = z.infer<typeof QueryUserByDepIdQuery>;

/** Any of the unique fields; all given ones must match one row for the name to count as taken. */
export const CheckOnlyUserQuery = z.object({
  username: text(64),
  phone: text(32),
  email: text(100),
  workNo: text(64),
});
export type CheckOnlyUserQuery = z.infer<typeof CheckOnlyUserQuery>;

// ---- deletes and batches ----

const requiredIds = idList(ADMIN_USER_TEXT.tooManyIds)
  .refine((ids) => ids !== undefined && ids.length > 0, ADMIN_USER_TEXT.idsRequired)
  .transform((ids) => ids ?? []);

export const UserIdsQuery = z.object({ ids: requiredIds });
export type UserIdsQuery = z.infer<typeof UserIdsQuery>;

export const FrozenBatchBody = z.object({
  ids: requiredIds,
  status: z.preprocess(asText, z.enum(['1', '2'], { error: ADMIN_USER_TEXT.frozenStatusInvalid })),
});
export type FrozenBatchBody = z.infer<typeof FrozenBatchBody>;

export const ResignBatchBody = z.object({ ids: requiredIds });
export type ResignBatchBody = z.infer<typeof ResignBatchBody>;

export const AdminChangePasswordBody = z
  .object({
    username: z.preprocess(
      trimmed,
      z
        .string({ error: ADMIN_USER_TEXT.userNotFound })
        .min(1, ADMIN_USER_TEXT.userNotFound)
        .max(64, ADMIN_USER_TEXT.userNotFound),
    ),
    password: z.preprocess(
      asText,
      z.string({ error: NEW_PASSWORD_REQUIRED }).min(1, NEW_PASSWORD_REQUIRED).max(64, PASSWORD_RULE_MESSAGE),
    ),
    confirmpassword: z.preprocess(
      asText,
      z.string({ error: CONFIRM_PASSWORD_REQUIRED }).min(1, CONFIRM_PASSWORD_REQUIRED).max(64, PASSWORDS_DIFFER),
    ),
  })
  .superRefine((b, ctx) => {
    if (!isValidPassword(b.password))
      ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_RULE_MESSAGE });
    else if (b.password !== b.confirmpassword)
      ctx.addIssue({ code: 'custom', path: ['confirmpassword'], message: PASSWORDS_DIFFER });
  });
export type AdminChangePasswordBody = z.infer<typeof AdminChangePasswordBody>;

// ---- answers ----

/** A department of a user as userDepartList answers it. */
export interface UserDepartOption {
  key: string;
  value: string;
  title: string;
}
