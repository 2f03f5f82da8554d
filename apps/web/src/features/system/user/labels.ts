/** Labels of 用户管理: account states (dictionary user_status, plus 3 离职), sexes and identities. */
import { USER_IDENTITY, USER_STATUS } from '@houtai/shared/contract/admin-user';

export const STATUS_OPTIONS = [
  { value: String(USER_STATUS.normal), label: '正常' },
  { value: String(USER_STATUS.frozen), label: '冻结' },
  { value: String(USER_STATUS.resigned), label: '离职' },
];

export const STATUS_COLOR: Readonly<Record<number, string>> = {
  [USER_STATUS.normal]: 'green',
  [USER_STATUS.frozen]: 'red',
  [USER_STATUS.resigned]: 'default',
};

export const statusText = (status: number, dictText: string | null | undefined): string =>
  dictText || STATUS_OPTIONS.find((o) => o.value === String(status))?.label || String(status);

/** Dictionary `sex` as JeecgBoot seeds it; the dictionary's own items win when it has some. */
export const SEX_OPTIONS = [
  { value: '1', label: '男' },
  { value: '2', label: '女' },
];

export const IDENTITY_OPTIONS = [
  { value: USER_IDENTITY.member, label: '普通成员' },
  { value: USER_IDENTITY.manager, label: '上级' },
];
