/** The one place a sign-in completes: department choice, token, login log and the contract's login result. */
import type { Depart } from '@houtai/shared/contract/user';
import type { LoginResult } from '@houtai/shared/contract/auth';
import type { User } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { queryAllDictItems } from '../dict/dict.service.ts';
import { issueToken } from '../session/session.service.ts';
import { loadProfile } from '../user/user-profile.service.ts';
import { presentUser } from '../user/user.presenter.ts';
import { setLoginOrgCode } from '../user/user.service.ts';
import { insertLoginLog } from './login-log.repository.ts';
import type { AuthDeps, ClientInfo } from './auth.types.ts';

export type LoginType = 'password' | 'workNo' | 'phone' | 'admin';

export interface CompleteLoginInput {
  loginType: LoginType;
  client: ClientInfo;
  /** The administrator signing in as this user (loginByAdmin). */
  impersonatorId?: string | null;
  /** Text of the login log row; defaults to the contract's '用户名: x,登录成功！'. */
  logContent?: string;
  requestUrl?: string | null;
}

/** multi_depart and the org code to keep (contract §2.1): none 0, exactly one 1 (it), several 2 (current if theirs, else the first). */
export function chooseDepart(
  current: string | null,
  departs: readonly Depart[],
): { multiDepart: 0 | 1 | 2; orgCode: string | null } {
  if (departs.length === 0) return { multiDepart: 0, orgCode: current };
  if (departs.length === 1) return { multiDepart: 1, orgCode: departs[0]!.orgCode };
  const keep = departs.some((d) => d.orgCode === current);
  return { multiDepart: 2, orgCode: keep ? current : departs[0]!.orgCode };
}

export async function completeLogin(deps: AuthDeps, user: User, input: CompleteLoginInput): Promise<LoginResult> {
  const now = deps.services.now();
  const profile = await loadProfile(deps.db, user);
  const { multiDepart, orgCode } = chooseDepart(user.orgCode, profile.departs);
  let userInfo = profile.userInfo;
  if (orgCode !== user.orgCode) {
    await setLoginOrgCode(deps.db, user.id, orgCode);
    userInfo = presentUser({ ...user, orgCode }, profile.departs);
  }
  const token = await issueToken(
    deps.db,
    {
      userId: user.id,
      loginType: input.loginType,
      ip: input.client.ip,
      userAgent: input.client.userAgent,
      impersonatorId: input.impersonatorId ?? null,
    },
    now,
  );
  await insertLoginLog(deps.db, {
    id: newId(),
    logContent: input.logContent ?? `用户名: ${user.username},登录成功！`,
    operateType: null,
    userid: user.id,
    username: user.username,
    ip: input.client.ip?.slice(0, 64) ?? null,
    requestUrl: input.requestUrl?.slice(0, 255) ?? null,
    createTime: new Date(now).toISOString(),
  });
  return {
    token,
    userInfo,
    departs: profile.departs,
    multi_depart: multiDepart,
    accounts: profile.accounts,
    sysAllDictItems: await queryAllDictItems(deps.db),
  };
}
