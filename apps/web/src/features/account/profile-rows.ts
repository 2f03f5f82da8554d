/** The personal centre's read-only rows (spec 000 §3 user info): label, shown value and what an empty one says. */
import type { SettlementAccount, UserInfo } from '@houtai/shared/contract/user';
import { maskMobile } from '@houtai/shared/mask';

export interface ProfileRow {
  key: 'realname' | 'username' | 'nickname' | 'workNo' | 'depart' | 'email' | 'phone' | 'settlementOrg';
  label: string;
  /** null when the user has none. */
  value: string | null;
  empty: string;
}

const NOT_FILLED = '未填写';
const NOT_SET = '未设置';

function text(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** The current settlement organisation's name among the user's organisations (login result `accounts`). */
export function settlementOrgName(
  accountId: string | null | undefined,
  accounts: readonly SettlementAccount[],
): string | null {
  if (!accountId) return null;
  return text(accounts.find((a) => a.id === accountId)?.settlement_org_name);
}

export function profileRows(user: UserInfo, accounts: readonly SettlementAccount[]): ProfileRow[] {
  const phone = text(user.phone);
  return [
    { key: 'realname', label: '真实姓名', value: text(user.realname), empty: NOT_FILLED },
    { key: 'username', label: '用户名', value: text(user.username), empty: NOT_SET },
    { key: 'nickname', label: '昵称', value: text(user.nickname), empty: NOT_FILLED },
    { key: 'workNo', label: '工号', value: text(user.workNo), empty: NOT_SET },
    // The department's name; its code when the name is not known.
    { key: 'depart', label: '当前部门', value: text(user.orgCodeTxt) ?? text(user.orgCode), empty: NOT_SET },
    { key: 'email', label: '邮箱', value: text(user.email), empty: NOT_FILLED },
    { key: 'phone', label: '手机号', value: phone && maskMobile(phone), empty: NOT_FILLED },
    { key: 'settlementOrg', label: '结算组织', value: settlementOrgName(user.accountId, accounts), empty: NOT_SET },
  ];
}
