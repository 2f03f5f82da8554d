/** Turns user and department rows into the contract's shapes; never exposes password or salt. */
import type { Depart, SettlementAccount, UserInfo } from '@houtai/shared/contract/user';
import type { DepartRow, User } from '../../db/schema.ts';
import { toWireTime } from '../../lib/time.ts';

/** The parent org codes of a code (3 characters per level): A01A02A03 → A01, A01A02, A01A02A03. */
export function orgCodeChain(orgCode: string): string[] {
  const out: string[] = [];
  for (let i = 3; i <= orgCode.length; i += 3) out.push(orgCode.slice(0, i));
  return out;
}

export function presentDepart(
  row: DepartRow,
  namesByCode: ReadonlyMap<string, string>,
): Depart & Record<string, unknown> {
  const fullName = orgCodeChain(row.orgCode)
    .map((c) => namesByCode.get(c))
    .filter((n): n is string => !!n)
    .join('/');
  return {
    id: row.id,
    parentId: row.parentId,
    departName: row.departName,
    departNameEn: row.departNameEn,
    departNameAbbr: row.departNameAbbr,
    departOrder: row.departOrder,
    description: row.description,
    orgCategory: row.orgCategory,
    orgType: row.orgType,
    orgCode: row.orgCode,
    mobile: row.mobile,
    fax: row.fax,
    address: row.address,
    memo: row.memo,
    status: row.status,
    delFlag: row.delFlag,
    createBy: row.createBy,
    createTime: toWireTime(row.createTime),
    updateBy: row.updateBy,
    updateTime: toWireTime(row.updateTime),
    fullName: fullName || row.departName,
  };
}

export function presentUser(u: User, departs: readonly Depart[]): UserInfo {
  const current = departs.find((d) => d.orgCode === u.orgCode) ?? null;
  return {
    id: u.id,
    username: u.username,
    realname: u.realname,
    avatar: u.avatar,
    nickname: u.nickname,
    birthday: u.birthday,
    sex: u.sex,
    email: u.email,
    phone: u.phone,
    orgCode: u.orgCode,
    orgCodeTxt: current?.departName ?? null,
    status: u.status,
    delFlag: u.delFlag,
    workNo: u.workNo,
    post: u.post,
    telephone: u.telephone,
    thirdOrgCode: u.thirdOrgCode,
    realDepart: u.orgCode,
    accountId: u.accountId,
    userIdentity: u.userIdentity,
    departIds: u.departIds,
    createBy: u.createBy,
    createTime: toWireTime(u.createTime),
    updateBy: u.updateBy,
    updateTime: toWireTime(u.updateTime),
    homePath: null,
    ...(u.mustChangePassword === 1 ? { mustChangePassword: true } : {}),
  };
}

export function presentAccount(s: { id: string; code: string; name: string }): SettlementAccount {
  return { id: s.id, settlement_org_id: s.code, settlement_org_name: s.name };
}
