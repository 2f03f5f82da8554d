/** The signed-in user: user info, departments, settlement organisations, own password and profile (contract §2.1, §2.7). */
import { z } from 'zod';
import {
  CATALOGUE,
  checkEmail,
  checkMobile,
  CONFIRM_PASSWORD_REQUIRED,
  EMAIL,
  MOBILE,
  NEW_PASSWORD_REQUIRED,
  OLD_PASSWORD_REQUIRED,
} from '../validation.ts';
import { optionalStr, requiredStr, str } from './common.ts';
import type { DictModel } from './dict.ts';
import { COMMON_TEXT, SHELL_TEXT } from '../constants.ts';

export const SelectDepartBody = z.object({
  orgCode: requiredStr(64, SHELL_TEXT.departRequired),
  username: optionalStr(64),
});
export type SelectDepartBody = z.infer<typeof SelectDepartBody>;

export const SelectAccountBody = z.object({
  accountId: requiredStr(64, SHELL_TEXT.accountRequired),
  username: optionalStr(64),
});
export type SelectAccountBody = z.infer<typeof SelectAccountBody>;

export const UpdatePasswordBody = z.object({
  username: optionalStr(64),
  oldpassword: requiredStr(128, OLD_PASSWORD_REQUIRED),
  password: requiredStr(128, NEW_PASSWORD_REQUIRED),
  confirmpassword: requiredStr(128, CONFIRM_PASSWORD_REQUIRED),
});
export type UpdatePasswordBody = z.infer<typeof UpdatePasswordBody>;

// ---- The caller's own profile (POST/PUT /sys/user/editSelf, our name; the contract has no self-edit) ----

/** '' (or blanks) from a cleared form field means "clear it" (null); an absent key means "leave it". */
const clearable = <T extends z.ZodType>(inner: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), inner.nullable()).optional();

const PROFILE_TEXT = {
  realname: '请输入真实姓名',
  sex: '性别只能是0、1或2',
  birthday: '生日格式应为yyyy-MM-dd',
  avatar: '头像地址不正确',
  version: COMMON_TEXT.versionInvalid,
} as const;

/** A real calendar date written yyyy-MM-dd (no 2023-02-30). */
function isCalendarDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** An uploaded file's relative path (no scheme, no '//' host, no '..') or an http(s) URL. */
const AVATAR = /^(?:https?:\/\/[^\s"'<>\\]+|(?!\/\/)(?!.*\.\.)[A-Za-z0-9_\-./]+)$/;

/**
 * The only fields a user may change on their own row. Every other key (id, username, status, orgCode,
 * workNo, password, roles ...) is dropped by the schema, so it can never reach the update.
 */
export const EditSelfBody = z.object({
  realname: str(100, PROFILE_TEXT.realname).pipe(z.string().trim().min(1, PROFILE_TEXT.realname)).optional(),
  nickname: clearable(str(100).pipe(z.string().trim())),
  email: clearable(
    str(100).pipe(
      z
        .string()
        .trim()
        .refine((v) => !checkEmail(v), EMAIL.message),
    ),
  ),
  phone: clearable(
    str(20).pipe(
      z
        .string()
        .trim()
        .refine((v) => !checkMobile(v), MOBILE.message),
    ),
  ),
  sex: clearable(
    z.preprocess(
      (v) => (typeof v === 'string' && /^\d$/.test(v) ? Number(v) : v),
      z.union([z.literal(0), z.literal(1), z.literal(2)], { error: PROFILE_TEXT.sex }),
    ),
  ),
  birthday: clearable(str(10, PROFILE_TEXT.birthday).pipe(z.string().refine(isCalendarDate, PROFILE_TEXT.birthday))),
  telephone: clearable(str(45).pipe(z.string().trim().regex(CATALOGUE.landline.pattern, CATALOGUE.landline.message))),
  avatar: clearable(str(255).pipe(z.string().trim().regex(AVATAR, PROFILE_TEXT.avatar))),
  /** The version the client last read; when sent, a newer row on the server means 409. */
  version: z
    .preprocess(
      (v) => (v === null || v === '' ? undefined : v),
      z.coerce
        .number({ error: PROFILE_TEXT.version })
        .int(PROFILE_TEXT.version)
        .min(0, PROFILE_TEXT.version)
        .optional(),
    )
    .optional(),
});
export type EditSelfBody = z.infer<typeof EditSelfBody>;

export interface UserInfo {
  id: string;
  username: string;
  realname: string;
  avatar: string | null;
  nickname: string | null;
  birthday: string | null;
  sex: number | null;
  email: string | null;
  phone: string | null;
  orgCode: string | null;
  orgCodeTxt: string | null;
  status: number;
  delFlag: number;
  workNo: string | null;
  post: string | null;
  telephone: string | null;
  thirdOrgCode: string | null;
  realDepart: string | null;
  accountId: string | null;
  userIdentity: number | null;
  departIds: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  homePath: string | null;
  /** Houtai: an administrator reset the password; the holder must pick a new one first (JeecgBoot clients ignore it). */
  mustChangePassword?: boolean;
}

/** The caller's own user info with the row version an editSelf may send back for the optimistic check. */
export interface ProfileUserInfo extends UserInfo {
  version: number;
}

/** GET /sys/user/getUserInfo (the Vue3 contract name). */
export interface UserInfoResult {
  userInfo: ProfileUserInfo;
  sysAllDictItems: Record<string, DictModel[]>;
}

export interface Depart {
  id: string;
  parentId: string | null;
  departName: string;
  orgCode: string;
  orgCategory: string | null;
  orgType: string | null;
  departOrder: number;
  status: string;
  delFlag: string;
  fullName: string;
}

export interface SettlementAccount {
  id: string;
  settlement_org_id: string;
  settlement_org_name: string;
}
