/** Wire shapes of the JeecgBoot contract as zod schemas, used by the server's routes and the web client. */
import { z } from 'zod';
import {
  CATALOGUE,
  checkEmail,
  checkMobile,
  checkUsername,
  isValidPassword,
  PASSWORD_RULE_MESSAGE,
  CONFIRM_PASSWORD_REQUIRED,
  EMAIL,
  MOBILE,
  MOBILE_REQUIRED,
  NEW_PASSWORD_REQUIRED,
  OLD_PASSWORD_REQUIRED,
  USERNAME_REQUIRED,
} from './validation.ts';

// Default messages of every schema in Chinese, on both sides.
z.config(z.locales.zhCN());

/** A string query/body field that tolerates numbers (the Vue clients send both). */
const str = (max: number, message?: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : v),
    z.string(message ? { error: message } : undefined).max(max, `最大长度${max}位字符`),
  );

export const optionalStr = (max: number) => str(max).optional();

export const Envelope = <T extends z.ZodType>(result: T) =>
  z.object({
    success: z.boolean(),
    message: z.string(),
    code: z.number(),
    result,
    timestamp: z.number(),
  });

export interface ApiResult<T> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export const PageQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(10),
  column: optionalStr(64),
  order: z.enum(['asc', 'desc']).optional(),
});

export const LoginBody = z.object({
  username: str(64, USERNAME_REQUIRED).pipe(z.string().min(1, USERNAME_REQUIRED)),
  password: str(128, '请输入密码').pipe(z.string().min(1, '请输入密码')),
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
  captcha: str(16, '请输入验证码').pipe(z.string().min(1, '请输入验证码')),
});

export const LoginByPhoneBody = PhoneLoginBody;

export const LoginByWorkNoBody = z.object({
  workNo: str(64, '请输入工号').pipe(z.string().min(1, '请输入工号')),
  password: str(128, '请输入密码').pipe(z.string().min(1, '请输入密码')),
  captcha: optionalStr(16),
  checkKey: optionalStr(64),
});

export const LoginByAdminBody = z.object({
  username: str(64, USERNAME_REQUIRED).pipe(z.string().min(1, USERNAME_REQUIRED)),
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
});

export interface OnlineUser {
  /** The session (token row) id; tokens themselves are never listed. */
  id: string;
  username: string;
  realname: string;
  avatar: string | null;
  loginTime: string | null;
  lastSeenTime: string | null;
  ip: string | null;
  loginType: string;
}

export const SelectDepartBody = z.object({
  orgCode: str(64, '请选择部门').pipe(z.string().min(1, '请选择部门')),
  username: optionalStr(64),
});
export type SelectDepartBody = z.infer<typeof SelectDepartBody>;

export const SelectAccountBody = z.object({
  accountId: str(64, '请选择结算组织').pipe(z.string().min(1, '请选择结算组织')),
  username: optionalStr(64),
});
export type SelectAccountBody = z.infer<typeof SelectAccountBody>;

export const UpdatePasswordBody = z.object({
  username: optionalStr(64),
  oldpassword: str(128, OLD_PASSWORD_REQUIRED).pipe(z.string().min(1, OLD_PASSWORD_REQUIRED)),
  password: str(128, NEW_PASSWORD_REQUIRED).pipe(z.string().min(1, NEW_PASSWORD_REQUIRED)),
  confirmpassword: str(128, CONFIRM_PASSWORD_REQUIRED).pipe(z.string().min(1, CONFIRM_PASSWORD_REQUIRED)),
});
export type UpdatePasswordBody = z.infer<typeof UpdatePasswordBody>;

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
  smscode: str(16, '请输入手机验证码').pipe(z.string().trim().min(1, '请输入手机验证码')),
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
  username: str(64, USERNAME_REQUIRED).pipe(z.string().min(1, USERNAME_REQUIRED)),
  password: newPassword,
  phone: mobile,
  ticket: optionalStr(128),
  smscode: optionalStr(128),
});
export type PasswordChangeBody = z.infer<typeof PasswordChangeBody>;

// ---- The caller's own profile (POST/PUT /sys/user/editSelf, our name; the contract has no self-edit) ----

/** '' (or blanks) from a cleared form field means "clear it" (null); an absent key means "leave it". */
const clearable = <T extends z.ZodType>(inner: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), inner.nullable()).optional();

const PROFILE_TEXT = {
  realname: '请输入真实姓名',
  sex: '性别只能是0、1或2',
  birthday: '生日格式应为yyyy-MM-dd',
  avatar: '头像地址不正确',
  version: '版本号不正确',
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

export const ByCodeQuery = z.object({ code: str(64, '请输入编码').pipe(z.string().min(1, '请输入编码')) });

export const OperateLogQuery = PageQuery.extend({
  relateId: optionalStr(64),
  user: optionalStr(64),
  content: optionalStr(200),
});

export const DuplicateCheckQuery = z.object({
  tableName: str(64, '请输入表名'),
  fieldName: str(64, '请输入字段名'),
  fieldVal: optionalStr(500),
  dataId: optionalStr(64),
  ds: optionalStr(64),
});

export const CheckRuleQuery = z.object({
  ruleCode: str(64, '请输入规则编码'),
  value: optionalStr(1000),
});

/** Dictionary option as the contract serialises it. */
export interface DictModel {
  value: string;
  text: string;
  title: string;
  label: string;
}

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

export interface LoginResult {
  token: string;
  userInfo: UserInfo;
  departs: Depart[];
  multi_depart: 0 | 1 | 2;
  accounts: SettlementAccount[];
  sysAllDictItems: Record<string, DictModel[]>;
}

export interface MenuMeta {
  title: string;
  icon?: string;
  keepAlive: boolean;
  internalOrExternal: boolean;
  componentName: string;
  url?: string;
  permissionList?: PermissionEntry[];
  hideTab?: boolean;
  hideMenu?: boolean;
  hiddenHeaderContent?: boolean;
}

export interface MenuNode {
  id: string;
  route: '0' | '1';
  path: string;
  name: string;
  component: string;
  redirect?: string | null;
  hidden?: true;
  alwaysShow?: true;
  meta: MenuMeta;
  children?: MenuNode[];
}

export interface PermissionEntry {
  action: string;
  type: string;
  status?: string;
  describe?: string;
}

export interface PermissionResult {
  menu: MenuNode[];
  auth: PermissionEntry[];
  allAuth: PermissionEntry[];
  sysSafeMode: boolean;
}

// ---- Dictionaries, categories and validation helpers (contract §2.4–§2.6) ----

/** 'true'/'1' and 'false'/'0' as the clients send booleans in query strings. */
const flag = (fallback: boolean | undefined, message: string) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === '') return fallback;
      if (v === true || v === 'true' || v === '1' || v === 1) return true;
      if (v === false || v === 'false' || v === '0' || v === 0) return false;
      return v;
    },
    z.boolean({ error: message }),
  );

const DICT_CODE_REQUIRED = '请输入字典编码';

export const DictCodeParams = z.object({
  dictCode: str(500, DICT_CODE_REQUIRED).pipe(z.string().min(1, DICT_CODE_REQUIRED)),
});
export const DictParams = z.object({ dict: str(500, DICT_CODE_REQUIRED).pipe(z.string().min(1, DICT_CODE_REQUIRED)) });

export const LoadDictQuery = z.object({
  keyword: optionalStr(64),
  pageSize: z.coerce
    .number({ error: '每页条数不正确' })
    .int('每页条数不正确')
    .min(1, '每页条数不正确')
    .max(1000, '每页条数不正确')
    .optional(),
  column: optionalStr(200),
  order: optionalStr(64),
  sign: optionalStr(64),
});

/** loadDictOrderByValue: `keyword` holds the selected values (comma list), listed first. */
export const LoadDictOrderByValueQuery = LoadDictQuery.extend({ keyword: optionalStr(4000) });

/** getDictText/{dictCode}/{key}. */
export const DictTextParams = z.object({
  dictCode: str(500, DICT_CODE_REQUIRED).pipe(z.string().min(1, DICT_CODE_REQUIRED)),
  key: str(500, '请输入字典值'),
});

export const LoadDictItemQuery = z.object({
  key: optionalStr(4000),
  delNotExist: flag(true, 'delNotExist参数不正确'),
  sign: optionalStr(64),
});

export const LoadTreeDataQuery = z.object({
  pid: optionalStr(64),
  pidField: optionalStr(64),
  tableName: str(64, '请输入表名').pipe(z.string().min(1, '请输入表名')),
  text: str(64, '请输入显示字段').pipe(z.string().min(1, '请输入显示字段')),
  code: str(64, '请输入存储字段').pipe(z.string().min(1, '请输入存储字段')),
  hasChildField: optionalStr(64),
  converIsLeafVal: z.preprocess(
    (v) => (v === undefined || v === '' ? '1' : typeof v === 'number' ? String(v) : v),
    z.enum(['0', '1'], { error: 'converIsLeafVal参数不正确' }),
  ),
  condition: optionalStr(2000),
  sign: optionalStr(64),
  ds: optionalStr(64),
});

/** TreeSelectModel of the dictionary and category tree loaders (the JSON key is `leaf`). */
export interface TreeSelectModel {
  key: string;
  title: string;
  leaf: boolean;
  parentId: string | null;
  value: string | null;
  code: string | null;
  icon: string | null;
  children: TreeSelectModel[] | null;
}

export const CategoryTreeRootQuery = z.object({
  async: flag(undefined, '请传入async参数'),
  pcode: optionalStr(100),
});

export const CategoryChildrenQuery = z.object({ pid: str(64, '请传入pid').pipe(z.string().min(1, '请传入pid')) });

export const CategoryLoadOneQuery = z.object({
  field: str(32, '请输入查询字段').pipe(z.string().min(1, '请输入查询字段')),
  val: str(200, '请输入查询值').pipe(z.string().min(1, '请输入查询值')),
});

export const CategoryTreeDataQuery = z.object({
  pid: optionalStr(64),
  pcode: optionalStr(100),
  condition: optionalStr(2000),
});

export const CategoryIdsQuery = z.object({
  ids: optionalStr(4000),
  delNotExist: flag(true, 'delNotExist参数不正确'),
});

export const CategoryIdsParams = z.object({ ids: str(4000, '请传入ids') });

export const CategoryAllDataQuery = z.object({ code: optionalStr(100) });

/** One rule of sys_check_rule.rule_json. */
export interface CheckRuleItem {
  digits: string;
  pattern: string;
  message: string;
}

export interface CheckRuleFailure extends CheckRuleItem {
  checkValue: string;
  passed: false;
  beginIndex?: number;
  endIndex?: number;
}

// Work orders and the per-user WORK_ORDER key (packages/shared/src/contract/work-order.ts).
export * from './contract/work-order.ts';

// Announcements, messages and the notice banner's edit (packages/shared/src/contract/announcement.ts).
export * from './contract/announcement.ts';

// The task centre: export and import tasks (packages/shared/src/contract/async-task.ts).
export * from './contract/async-task.ts';
