/** Sign-in pathways (password, work number, SMS, administrator) and sign-out, with throttling per identifier. */
import { CAPTCHA_AFTER_FAILURES, LOCK_AFTER_FAILURES, TEXT } from '@houtai/shared/constants';
import type { LoginResult } from '@houtai/shared/contract';
import type { User } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { verifyPassword } from '../../lib/password.ts';
import { recordOperation } from '../operate-log/operate-log.service.ts';
import { revokeToken } from '../session/session.service.ts';
import { findUserByPhone, findUserByUsername, findUserByWorkNo } from '../user/user.repository.ts';
import type { SessionUser } from '../../plugins/types.ts';
import * as repo from './auth.repository.ts';
import type { AuthDeps, ClientInfo } from './auth.types.ts';
import { verifyCaptcha } from './captcha.service.ts';
import { completeLogin, type LoginType } from './login-result.service.ts';
import { verifySmsCode } from './sms-code.service.ts';

/** Throttling key of a username: case-insensitive, so 'Admin' and 'admin' share one counter. */
export function usernameIdentifier(username: string): string {
  return username.trim().toLowerCase();
}

export function workNoIdentifier(workNo: string): string {
  return `workno:${workNo.trim().toLowerCase()}`;
}

/** Throttling rows to clear when an operator resets an account. */
export function identifiersOf(user: Pick<User, 'username' | 'workNo'>): string[] {
  return user.workNo
    ? [usernameIdentifier(user.username), workNoIdentifier(user.workNo)]
    : [usernameIdentifier(user.username)];
}

export interface PasswordAttempt {
  identifier: string;
  findUser: () => Promise<User | undefined>;
  password: string;
  captcha?: string | undefined;
  checkKey?: string | undefined;
  loginType: LoginType;
  requestUrl: string;
}

/**
 * Order of checks: lock, captcha (after CAPTCHA_AFTER_FAILURES failures), password, then account status.
 * Unknown identifiers are counted and locked like real ones and get the same answer, so nothing tells
 * whether a user exists.
 */
async function passwordLogin(deps: AuthDeps, a: PasswordAttempt, client: ClientInfo): Promise<LoginResult> {
  const now = deps.services.now();
  const at = new Date(now).toISOString();
  const attempt = await repo.findAttempt(deps.db, a.identifier);
  if (attempt?.lockedUntil && attempt.lockedUntil > at) throw AppError.business(TEXT.accountLocked);
  if (attempt && attempt.failCount >= CAPTCHA_AFTER_FAILURES) {
    if (!a.captcha || !a.checkKey) throw AppError.business(TEXT.captchaRequired, 412);
    if (!(await verifyCaptcha(deps, a.checkKey, a.captcha))) throw AppError.business(TEXT.captchaWrong, 412);
  }

  const user = await a.findUser();
  // verifyPassword(null, …) does the same hashing work, so an unknown user costs the same time.
  const passwordOk = await verifyPassword(user?.password ?? null, a.password);
  if (!user || !passwordOk) {
    const failures = await repo.recordFailure(deps.db, a.identifier, at);
    if (failures >= LOCK_AFTER_FAILURES) {
      await repo.lockIdentifier(deps.db, a.identifier, new Date(now + deps.config.lockMinutes * 60_000).toISOString());
      throw AppError.business(TEXT.accountLocked);
    }
    throw AppError.business(TEXT.badCredentials);
  }
  await repo.clearAttempts(deps.db, [a.identifier]);
  if (user.status !== 1) throw AppError.business(TEXT.accountFrozen);
  return completeLogin(deps, user, { loginType: a.loginType, client, requestUrl: a.requestUrl });
}

export interface UsernameLogin {
  username: string;
  password: string;
  captcha?: string | undefined;
  checkKey?: string | undefined;
}

export function loginWithPassword(deps: AuthDeps, body: UsernameLogin, client: ClientInfo): Promise<LoginResult> {
  return passwordLogin(
    deps,
    {
      identifier: usernameIdentifier(body.username),
      findUser: () => findUserByUsername(deps.db, body.username),
      password: body.password,
      captcha: body.captcha,
      checkKey: body.checkKey,
      loginType: 'password',
      requestUrl: '/sys/login',
    },
    client,
  );
}

export interface WorkNoLogin {
  workNo: string;
  password: string;
  captcha?: string | undefined;
  checkKey?: string | undefined;
}

export function loginWithWorkNo(deps: AuthDeps, body: WorkNoLogin, client: ClientInfo): Promise<LoginResult> {
  return passwordLogin(
    deps,
    {
      identifier: workNoIdentifier(body.workNo),
      findUser: () => findUserByWorkNo(deps.db, body.workNo),
      password: body.password,
      captcha: body.captcha,
      checkKey: body.checkKey,
      loginType: 'workNo',
      requestUrl: '/sys/loginByWorkNo',
    },
    client,
  );
}

/** SMS sign-in: the code sent with smsmode '0' to the user's phone. */
export async function loginWithSmsCode(
  deps: AuthDeps,
  body: { mobile: string; captcha: string },
  client: ClientInfo,
  requestUrl: string,
): Promise<LoginResult> {
  if (!(await verifySmsCode(deps, body.mobile, '0', body.captcha))) throw AppError.business(TEXT.smsWrong);
  const user = await findUserByPhone(deps.db, body.mobile);
  // A code is only sent to an active user's phone; the user may have been removed or frozen since.
  if (!user) throw AppError.business(TEXT.smsWrong);
  if (user.status !== 1) throw AppError.business(TEXT.accountFrozen);
  return completeLogin(deps, user, { loginType: 'phone', client, requestUrl });
}

/** An administrator signs in as another user; the session remembers who did, and both logs record it. */
export async function loginAsUser(
  deps: AuthDeps,
  caller: SessionUser,
  username: string,
  client: ClientInfo,
): Promise<LoginResult> {
  const target = await findUserByUsername(deps.db, username);
  if (!target) throw AppError.business(TEXT.userNotFound);
  if (target.status !== 1) throw AppError.business(TEXT.accountFrozen);
  const content = `管理员 ${caller.username} 以用户 ${target.username} 身份登录`;
  const result = await completeLogin(deps, target, {
    loginType: 'admin',
    client,
    impersonatorId: caller.id,
    logContent: content,
    requestUrl: '/sys/loginByAdmin',
  });
  await recordOperation(
    deps.db,
    {
      userId: caller.id,
      username: caller.username,
      realname: caller.realname,
      operateType: '2',
      content,
      relateId: target.id,
      requestMethod: 'POST',
      requestUrl: '/sys/loginByAdmin',
      ip: client.ip,
    },
    deps.services.now(),
  );
  return result;
}

export async function logout(deps: AuthDeps, token: string | null): Promise<void> {
  if (!token || !(await revokeToken(deps.db, token, 'logout'))) throw AppError.business(TEXT.logoutFailed);
}
