/** Sign-in pathways (password, work number, SMS, administrator) and sign-out, with throttling per account. */
import { LOGIN_BY_ADMIN_PERMISSION, TEXT } from '@houtai/shared/constants';
import type { LoginResult } from '@houtai/shared/contract/auth';
import type { User } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { verifyPassword } from '../../lib/password.ts';
import { recordOperation } from '../operate-log/operate-log.service.ts';
import type { PermissionCodeCache } from '../permission/permission-codes.service.ts';
import { revokeToken } from '../session/session.service.ts';
import { findUserByPhone, findUserByUsername, findUserByWorkNo } from '../user/user.service.ts';
import type { SessionUser } from '../../plugins/types.ts';
import type { AuthDeps, ClientInfo } from './auth.types.ts';
import { verifyCaptcha } from './captcha.service.ts';
import { completeLogin, type LoginType } from './login-result.service.ts';
import {
  accountKey,
  assertNotLocked,
  beginAttempt,
  failAttempt,
  succeedAttempt,
  usernameIdentifier,
  workNoIdentifier,
} from './login-throttle.service.ts';
import { verifySmsCode } from './sms-code.service.ts';

export interface PasswordAttempt {
  /** The counter of the name tried when it belongs to nobody (usernameIdentifier / workNoIdentifier). */
  unknownKey: string;
  findUser: () => Promise<User | undefined>;
  password: string;
  captcha?: string | undefined;
  checkKey?: string | undefined;
  loginType: LoginType;
  requestUrl: string;
}

/**
 * Order of checks: lock, captcha (after CAPTCHA_AFTER_FAILURES failures), password, then account status.
 * Failures count per account whatever name was used; unknown names are counted and locked like real ones
 * and get the same answer, so nothing tells whether a user exists.
 */
async function passwordLogin(deps: AuthDeps, a: PasswordAttempt, client: ClientInfo): Promise<LoginResult> {
  const user = await a.findUser();
  const attempt = await beginAttempt(deps, user ? accountKey(user.id) : a.unknownKey, async () => {
    if (!a.captcha || !a.checkKey) return 'missing';
    return (await verifyCaptcha(deps, a.checkKey, a.captcha)) ? 'ok' : 'wrong';
  });
  // verifyPassword(null, …) does the same hashing work, so an unknown user costs the same time.
  const passwordOk = await verifyPassword(user?.password ?? null, a.password);
  if (!user || !passwordOk) throw await failAttempt(deps, attempt, TEXT.badCredentials);
  await succeedAttempt(deps, attempt);
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
      unknownKey: usernameIdentifier(body.username),
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
      unknownKey: workNoIdentifier(body.workNo),
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
  // A lock earned by wrong passwords holds for every pathway into the account.
  await assertNotLocked(deps, user.id);
  return completeLogin(deps, user, { loginType: 'phone', client, requestUrl });
}

async function loginAsRefusal(
  deps: { permissionCodes: PermissionCodeCache },
  caller: SessionUser,
  target: User | undefined,
): Promise<string | null> {
  if (!target) return TEXT.userNotFound;
  if (target.status !== 1) return TEXT.accountFrozen;
  if (target.id === caller.id) return TEXT.loginAsSelf;
  if (await deps.permissionCodes.has(target.id, LOGIN_BY_ADMIN_PERMISSION)) return TEXT.loginAsAdminRefused;
  return null;
}

/**
 * An administrator signs in as another user; the session remembers who did, and both logs record it. Not as
 * oneself, and not as anyone who may do the same (another administrator): refusals are recorded too.
 */
export async function loginAsUser(
  deps: AuthDeps & { permissionCodes: PermissionCodeCache },
  caller: SessionUser,
  username: string,
  client: ClientInfo,
): Promise<LoginResult> {
  const audit = (content: string, relateId: string | null) =>
    recordOperation(
      deps.db,
      {
        userId: caller.id,
        username: caller.username,
        realname: caller.realname,
        operateType: '2',
        content,
        relateId,
        requestMethod: 'POST',
        requestUrl: '/sys/loginByAdmin',
        ip: client.ip,
      },
      deps.services.now(),
    );
  const target = await findUserByUsername(deps.db, username);
  const refusal = await loginAsRefusal(deps, caller, target);
  if (!target || refusal) {
    const reason = refusal ?? TEXT.userNotFound;
    await audit(`管理员 ${caller.username} 以用户 ${username} 身份登录被拒绝：${reason}`, target?.id ?? null);
    throw AppError.business(reason);
  }
  const content = `管理员 ${caller.username} 以用户 ${target.username} 身份登录`;
  const result = await completeLogin(deps, target, {
    loginType: 'admin',
    client,
    impersonatorId: caller.id,
    logContent: content,
    requestUrl: '/sys/loginByAdmin',
  });
  await audit(content, target.id);
  return result;
}

export async function logout(deps: AuthDeps, token: string | null): Promise<void> {
  if (!token || !(await revokeToken(deps.db, token, 'logout'))) throw AppError.business(TEXT.logoutFailed);
}
