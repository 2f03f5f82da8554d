/** Sign-in, SMS codes, registration and password reset, online sessions (contract §2.1, §2.7, §2.8). */
import { z } from 'zod';
import {
  checkEmail,
  checkUsername,
  isValidPassword,
  PASSWORD_RULE_MESSAGE,
  EMAIL,
  MOBILE,
  MOBILE_REQUIRED,
  NEW_PASSWORD_REQUIRED,
  USERNAME_REQUIRED,
} from '../validation.ts';
import { SuperQueryParamsQuery } from '../super-query.ts';
import { optionalStr, PageQuery, requiredStr, str } from './common.ts';
import type { DictModel } from './dict.ts';
import type { Depart, SettlementAccount, UserInfo } from './user.ts';
import { TEXT } from '../constants.ts';

export const LoginBody = z.object({
  username: requiredStr(64, USERNAME_REQUIRED),
  password: requiredStr(128, TEXT.passwordRequired),
  captcha: optionalStr(16),
  checkKey: optionalStr(64),
  remember_me: z.unknown().optional(),
});
export type LoginBody = z.infer<typeof LoginBody>;

const mobile = str(20, MOBILE_REQUIRED).pipe(z.string().min(1, MOBILE_REQUIRED).regex(MOBILE.pattern, MOBILE.message));

export const SmsBody = z.object({
  mobile,
  /** '0' login, '1' register, '2' forgot password. */
  smsmode: z.preprocess(
    (v) => (v === undefined ? '0' : typeof v === 'number' ? String(v) : v),
    z.enum(['0', '1', '2']),
  ),
});

export const PhoneLoginBody = z.object({
  mobile,
  captcha: requiredStr(16, TEXT.captchaRequired),
});

export const LoginByPhoneBody = PhoneLoginBody;

export const LoginByWorkNoBody = z.object({
  workNo: requiredStr(64, '请输入工号'),
  password: requiredStr(128, TEXT.passwordRequired),
  captcha: optionalStr(16),
  checkKey: optionalStr(64),
});

export const LoginByAdminBody = z.object({
  username: requiredStr(64, USERNAME_REQUIRED),
});

export const ForceLogoutBody = z.object({
  token: optionalStr(256),
  username: optionalStr(64),
  id: optionalStr(64),
});

/** The client's key for GET /sys/randomImage/{key} (a timestamp in the Vue clients). */
export const RandomImageParams = z.object({
  key: str(64, '验证码key不能为空').pipe(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, '验证码key不正确')),
});

export const OnlineListQuery = PageQuery.extend({
  username: optionalStr(64),
  ...SuperQueryParamsQuery,
});

export interface OnlineUser {
  /** The session (token row) id; tokens themselves are never listed. */
  id: string;
  /** An opaque handle of the session (not its token) that forceLogout accepts as `{token}` (the Jeecg clients). */
  token: string;
  /** The caller's own session. */
  current: boolean;
  username: string;
  realname: string;
  avatar: string | null;
  loginTime: string | null;
  lastSeenTime: string | null;
  ip: string | null;
  loginType: string;
  /** The browser's User-Agent at sign-in (the screen's 客户端), at most 255 characters. */
  userAgent: string | null;
  sex: number | null;
  birthday: string | null;
  /** Masked (138****0001). */
  phone: string | null;
}

// ---- Self-registration and SMS password reset (contract §2.7: register, phoneVerification, passwordChange) ----

const username = str(64, USERNAME_REQUIRED).pipe(
  z.string().superRefine((v, ctx) => {
    const problem = checkUsername(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
);
const newPassword = str(128, NEW_PASSWORD_REQUIRED).pipe(
  z.string().min(1, NEW_PASSWORD_REQUIRED).refine(isValidPassword, PASSWORD_RULE_MESSAGE),
);
/** Blank means "not given" for the optional fields of the registration form. */
const blankAsAbsent = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** The SMS code may come as smscode (Vue clients), smsCode or captcha; the service takes the first given. */
export const RegisterBody = z.object({
  username,
  password: newPassword,
  phone: mobile,
  smscode: optionalStr(16),
  smsCode: optionalStr(16),
  captcha: optionalStr(16),
  email: z.preprocess(
    blankAsAbsent,
    str(100)
      .pipe(
        z
          .string()
          .trim()
          .refine((v) => !checkEmail(v), EMAIL.message),
      )
      .optional(),
  ),
  realname: z.preprocess(blankAsAbsent, str(100).pipe(z.string().trim()).optional()),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const PhoneVerificationBody = z.object({
  phone: mobile,
  smscode: str(16, TEXT.smsCodeRequired).pipe(z.string().trim().min(1, TEXT.smsCodeRequired)),
});
export type PhoneVerificationBody = z.infer<typeof PhoneVerificationBody>;

/** What phoneVerification answers: the account and a single-use ticket for passwordChange (also as smscode, the field the Vue clients forward). */
export interface PhoneVerificationResult {
  username: string;
  ticket: string;
  smscode: string;
}

/** The ticket of phoneVerification, sent as ticket or (Vue clients) smscode. */
export const PasswordChangeBody = z.object({
  username: requiredStr(64, USERNAME_REQUIRED),
  password: newPassword,
  phone: mobile,
  ticket: optionalStr(128),
  smscode: optionalStr(128),
});
export type PasswordChangeBody = z.infer<typeof PasswordChangeBody>;

export interface LoginResult {
  token: string;
  userInfo: UserInfo;
  departs: Depart[];
  multi_depart: 0 | 1 | 2;
  accounts: SettlementAccount[];
  sysAllDictItems: Record<string, DictModel[]>;
}
