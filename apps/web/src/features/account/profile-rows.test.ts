import { describe, expect, it } from 'vitest';
import type { SettlementAccount, UserInfo } from '@houtai/shared/contract/user';
import { profileRows, settlementOrgName } from './profile-rows.ts';

const accounts: SettlementAccount[] = [
  { id: 's1', settlement_org_id: 'S01', settlement_org_name: '华东结算中心' },
  { id: 's2', settlement_org_id: 'S02', settlement_org_name: '华南结算中心' },
];

function user(over: Partial<UserInfo> = {}): UserInfo {
  return {
    username: 'zhangsan',
    realname: '张三',
    nickname: '三哥',
    workNo: 'W0001',
    orgCode: 'A03A01',
    orgCodeTxt: '研发一部',
    email: 'zhangsan@example.com',
    phone: '13800000001',
    accountId: 's2',
    ...over,
  } as UserInfo;
}

const valueOf = (rows: ReturnType<typeof profileRows>) => Object.fromEntries(rows.map((r) => [r.key, r.value]));

describe('personal centre rows', () => {
  it('lists the eight fields in order with the phone masked and the names of department and organisation', () => {
    const rows = profileRows(user(), accounts);
    expect(rows.map((r) => r.label)).toEqual([
      '真实姓名',
      '用户名',
      '昵称',
      '工号',
      '当前部门',
      '邮箱',
      '手机号',
      '结算组织',
    ]);
    expect(valueOf(rows)).toEqual({
      realname: '张三',
      username: 'zhangsan',
      nickname: '三哥',
      workNo: 'W0001',
      depart: '研发一部',
      email: 'zhangsan@example.com',
      phone: '138****0001',
      settlementOrg: '华南结算中心',
    });
  });

  it('gives null for what the user lacks, so the page says 未填写 or 未设置', () => {
    const rows = profileRows(
      user({ nickname: null, workNo: '  ', orgCode: null, orgCodeTxt: null, email: null, phone: '', accountId: null }),
      accounts,
    );
    const empty = rows.filter((r) => r.value === null).map((r) => [r.key, r.empty]);
    expect(empty).toEqual([
      ['nickname', '未填写'],
      ['workNo', '未设置'],
      ['depart', '未设置'],
      ['email', '未填写'],
      ['phone', '未填写'],
      ['settlementOrg', '未设置'],
    ]);
  });

  it('falls back to the department code when its name is unknown', () => {
    expect(valueOf(profileRows(user({ orgCodeTxt: null }), accounts)).depart).toBe('A03A01');
  });

  it('finds the settlement organisation by the user accountId only', () => {
    expect(settlementOrgName('s1', accounts)).toBe('华东结算中心');
    expect(settlementOrgName('unknown', accounts)).toBeNull();
    expect(settlementOrgName(null, accounts)).toBeNull();
    expect(settlementOrgName('s1', [])).toBeNull();
  });
});
