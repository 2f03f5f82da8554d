/** The current user's info with departments and settlement organisations, as login and switches return it. */
import type { Depart, SettlementAccount, UserInfo } from '@houtai/shared/contract/user';
import type { Db } from '../../db/connection.ts';
import type { User } from '../../db/schema.ts';
import { departNamesByCodes } from '../depart/depart.service.ts';
import * as repo from './user.repository.ts';
import { orgCodeChain, presentAccount, presentDepart, presentUser } from './user.presenter.ts';

export interface UserProfile {
  user: User;
  userInfo: UserInfo;
  departs: Depart[];
  accounts: SettlementAccount[];
}

export async function loadDeparts(db: Db, userId: string): Promise<Depart[]> {
  const rows = await repo.findUserDeparts(db, userId);
  const codes = [...new Set(rows.flatMap((r) => orgCodeChain(r.orgCode)))];
  const names = await departNamesByCodes(db, codes);
  return rows.map((r) => presentDepart(r, names));
}

export async function loadProfile(db: Db, user: User): Promise<UserProfile> {
  const [departs, orgs] = await Promise.all([loadDeparts(db, user.id), repo.findUserSettlementOrgs(db, user.id)]);
  return { user, userInfo: presentUser(user, departs), departs, accounts: orgs.map(presentAccount) };
}
