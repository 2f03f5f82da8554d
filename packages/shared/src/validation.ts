/** The shared validation catalogue (spec 000 §5, spec 001 §5.3): patterns and their Chinese messages. */

export interface Rule {
  readonly pattern: RegExp;
  readonly message: string;
}

export const MOBILE_REQUIRED = '请输入手机号';
const MOBILE_INVALID = '请输入正确手机号';
export const MOBILE: Rule = { pattern: /^1[34578]\d{9}$/, message: MOBILE_INVALID };
/** The grid preset 'm' allows any second digit 3-9 (spec 001 §5.2). */
export const MOBILE_GRID: Rule = { pattern: /^1[3-9]\d{9}$/, message: MOBILE_INVALID };

export const USERNAME_REQUIRED = '请输入用户名';
export const USERNAME_CHARS: Rule = { pattern: /^[a-zA-Z0-9_]+$/, message: '只允许字母、数字、下划线' };
/** The spec checks 4..18 but its message says 6..18; both are kept as specified. */
export const USERNAME_LENGTH = { min: 4, max: 18, message: '长度6到18个字符' } as const;

export const EMAIL: Rule = {
  pattern: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/,
  message: '邮箱格式不正确',
};

export const OLD_PASSWORD_REQUIRED = '请输入旧密码!';
export const NEW_PASSWORD_REQUIRED = '请输入新密码!';
export const CONFIRM_PASSWORD_REQUIRED = '请确认新密码!';
export const PASSWORDS_DIFFER = '两次输入的密码不一样！';
export const NO_LOGIN_USER = '当前系统无登录用户!';
export const PASSWORD_RULE_MESSAGE = '密码必须由6位以上数字、字母、特殊字符的任意两种组合!';
const PASSWORD_CHARS = /^[A-Za-z0-9=+_.,@!?#-]{6,20}$/;

/** 6-20 characters from letters, digits and -=+_.,@!?#, mixing at least two of the three kinds. */
export function isValidPassword(value: string): boolean {
  if (!PASSWORD_CHARS.test(value)) return false;
  const kinds = [/\d/, /[A-Za-z]/, /[=+_.,@!?#-]/].filter((re) => re.test(value)).length;
  return kinds >= 2;
}

export const CATALOGUE = {
  naturalNumber: { pattern: /^(0|[1-9]\d*)$/, message: '请输入自然数' },
  english: { pattern: /^[a-zA-Z]+$/, message: '请输入英文字符' },
  landline: { pattern: /^(0\d{2,3}-?)?\d{7,8}(-\d{1,6})?$/, message: '请输入正确的座机号' },
  bankCard: { pattern: /^\d{10,20}$/, message: '请输入正确的银行卡号码' },
  idNumber: { pattern: /^[A-Za-z0-9]{1,50}$/, message: '请输入正确的证件号码' },
  idCard: { pattern: /^(\d{15}|\d{17}[\dXx])$/, message: '请输入正确的身份证号码' },
  qq: { pattern: /^[1-9]\d{4,11}$/, message: '请输入正确的QQ号码' },
  url: { pattern: /^https?:\/\/\S+$/, message: '请输入以http和https开头的网址' },
  alnum20: { pattern: /^[A-Za-z0-9]{0,20}$/, message: '请输入20位以内的英文字符和数字' },
  zhEnSpace: { pattern: /^[\u4e00-\u9fa5A-Za-z ]{2,100}$/, message: '请输入2到100位的中英文字符和空格' },
  digitsAndNewlines: { pattern: /^[\d\n\r]*$/, message: '请输入数字和换行符' },
  max255: { pattern: /^[\s\S]{0,255}$/, message: '请输入255位以内的字符' },
} as const satisfies Record<string, Rule>;

export const minLengthMessage = (n: number): string => `最小长度${n}位字符`;
export const maxLengthMessage = (n: number): string => `最大长度${n}位字符`;
export const minSelectMessage = (n: number): string => `最少选择${n}项`;
export const maxSelectMessage = (n: number): string => `最多选择${n}项`;

/** Returns the first failing message for a username, or null when it is valid. */
export function checkUsername(value: string | undefined | null): string | null {
  if (!value) return USERNAME_REQUIRED;
  if (!USERNAME_CHARS.pattern.test(value)) return USERNAME_CHARS.message;
  if (value.length < USERNAME_LENGTH.min || value.length > USERNAME_LENGTH.max) return USERNAME_LENGTH.message;
  return null;
}

export function checkMobile(value: string | undefined | null): string | null {
  if (!value) return MOBILE_REQUIRED;
  return MOBILE.pattern.test(value) ? null : MOBILE.message;
}

export function checkEmail(value: string | undefined | null): string | null {
  if (!value) return null;
  return EMAIL.pattern.test(value) ? null : EMAIL.message;
}

export interface PasswordChange {
  oldpassword?: string | null;
  password?: string | null;
  confirmpassword?: string | null;
}

/** The change-password form's rules, in the order the dialog shows them. */
export function checkPasswordChange(v: PasswordChange): string | null {
  if (!v.oldpassword) return OLD_PASSWORD_REQUIRED;
  if (!v.password) return NEW_PASSWORD_REQUIRED;
  if (!isValidPassword(v.password)) return PASSWORD_RULE_MESSAGE;
  if (!v.confirmpassword) return CONFIRM_PASSWORD_REQUIRED;
  if (v.confirmpassword !== v.password) return PASSWORDS_DIFFER;
  return null;
}
