/**
 * What a signed-in user does to their own account: switch department or settlement organisation, change
 * the password, fetch the ERP hand-over. Every target is checked against the caller's own data; the
 * client's claims (username, orgCode, accountId) are never trusted (contract §8, issue #9597).
 */
import { ADMIN_MARKER, ERP_DEPART_PREFIXES, TEXT } from '@houtai/shared/constants';
import type {
  Depart,
  SelectAccountBody,
  SelectDepartBody,
  UpdatePasswordBody,
  UserInfo,
} from '@houtai/shared/contract/user';
import { checkPasswordChange } from '@houtai/shared/validation';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import type { User } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import type { Services } from '../../plugins/services.ts';
import type { Session } from '../../plugins/types.ts';
import { revokeUserTokens } from '../session/session.service.ts';
import { loadDeparts } from '../user/user-profile.service.ts';
import { presentUser } from '../user/user.presenter.ts';
import {
  findUserById,
  findUserSettlementOrgs,
  setAccountId,
  setOrgCode,
  setOwnPassword,
} from '../user/user.service.ts';
import { accountKey, beginAttempt, failAttempt, succeedAttempt } from '../auth/login-throttle.service.ts';
import { CRYPT_USER_INFO_TTL_MS, encryptUserInfo } from './crypt-user-info.ts';

export interface CurrentUserDeps {
  db: Db;
  services: Pick<Services, 'now'>;
  config: Pick<Config, 'cryptKey' | 'lockMinutes'>;
}

async function loadUser(db: Db, session: Session): Promise<User> {
  const user = await findUserById(db, session.user.id);
  if (!user) throw AppError.unauthorized(TEXT.tokenInvalid);
  return user;
}

/** A username in the body, when given, must be the caller's own. */
function assertSelf(session: Session, username: string | undefined, message: string): void {
  if (username !== undefined && username !== '' && username !== session.user.username) throw AppError.business(message);
}

export async function currentUserDeparts(
  db: Db,
  session: Session,
): Promise<{ list: Depart[]; orgCode: string | null }> {
  const [user, list] = await Promise.all([loadUser(db, session), loadDeparts(db, session.user.id)]);
  return { list, orgCode: user.orgCode };
}

export async function selectDepart(
  deps: CurrentUserDeps,
  session: Session,
  body: SelectDepartBody,
): Promise<{ userInfo: UserInfo }> {
  assertSelf(session, body.username, TEXT.onlySelf);
  const user = await loadUser(deps.db, session);
  const departs = await loadDeparts(deps.db, user.id);
  if (!departs.some((d) => d.orgCode === body.orgCode)) throw AppError.business(TEXT.departNotOwned);
  const at = new Date(deps.services.now()).toISOString();
  await setOrgCode(deps.db, user.id, body.orgCode, user.username, at);
  return {
    userInfo: presentUser({ ...user, orgCode: body.orgCode, updateBy: user.username, updateTime: at }, departs),
  };
}

export async function selectAccount(
  deps: CurrentUserDeps,
  session: Session,
  body: SelectAccountBody,
): Promise<{ userInfo: UserInfo }> {
  assertSelf(session, body.username, TEXT.onlySelf);
  const user = await loadUser(deps.db, session);
  const [orgs, departs] = await Promise.all([findUserSettlementOrgs(deps.db, user.id), loadDeparts(deps.db, user.id)]);
  if (!orgs.some((o) => o.id === body.accountId)) throw AppError.business(TEXT.accountNotOwned);
  const at = new Date(deps.services.now()).toISOString();
  await setAccountId(deps.db, user.id, body.accountId, user.username, at);
  return {
    userInfo: presentUser({ ...user, accountId: body.accountId, updateBy: user.username, updateTime: at }, departs),
  };
}

/** Self-service password change; every other session of the user ends, the current one stays. */
export async function updateOwnPassword(
  deps: CurrentUserDeps,
  session: Session,
  body: UpdatePasswordBody,
): Promise<void> {
  assertSelf(session, body.username, TEXT.onlyOwnPassword);
  const rule = checkPasswordChange(body);
  if (rule) throw AppError.business(rule);
  const user = await loadUser(deps.db, session);
  // Guessing the current password through a stolen session counts toward the same lock as signing in.
  const attempt = await beginAttempt(deps, accountKey(user.id));
  if (!(await verifyPassword(user.password, body.oldpassword))) {
    throw await failAttempt(deps, attempt, TEXT.oldPasswordWrong);
  }
  await succeedAttempt(deps, attempt);
  const hash = await hashPassword(body.password);
  await setOwnPassword(deps.db, user.id, hash, user.username, new Date(deps.services.now()).toISOString());
  await revokeUserTokens(deps.db, user.id, 'password-changed', session.tokenId);
}

/** Spec §6: the ERP entrance is for A03…/A10… departments or usernames carrying the admin marker. */
export function mayEnterErp(username: string, orgCode: string | null): boolean {
  if (username.includes(ADMIN_MARKER)) return true;
  return !!orgCode && ERP_DEPART_PREFIXES.some((p) => orgCode.startsWith(p));
}

export async function cryptUserInfo(deps: CurrentUserDeps, session: Session): Promise<string> {
  const user = await loadUser(deps.db, session);
  if (!mayEnterErp(user.username, user.orgCode)) throw AppError.forbidden(TEXT.noPermission);
  return encryptUserInfo(
    {
      username: user.username,
      realname: user.realname,
      orgCode: user.orgCode,
      workNo: user.workNo,
      exp: deps.services.now() + CRYPT_USER_INFO_TTL_MS,
    },
    deps.config.cryptKey,
  );
}
