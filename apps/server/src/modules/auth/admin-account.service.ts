/** Operator commands on accounts (CLI): create an administrator, reset a password. */
import { checkUsername, isValidPassword, PASSWORD_RULE_MESSAGE } from '@houtai/shared/validation';
import type { Db } from '../../db/connection.ts';
import { newId } from '../../lib/ids.ts';
import { hashPassword, randomPassword } from '../../lib/password.ts';
import { nowIso } from '../../lib/time.ts';
import { invalidatePermissions } from '../permission/permission-codes.service.ts';
import { ADMIN_ROLE, addUserRole, ensureUserRole, requireRoleId } from '../role/role.service.ts';
import { revokeUserTokens } from '../session/session.service.ts';
import { createUser, findAnyUserByUsername, newUserRow, setPasswordByOperator } from '../user/user.service.ts';
import { clearAccountAttempts } from './login-throttle.service.ts';

export interface CreateAdminResult {
  username: string;
  /** False when the account existed: then it only gained the admin role, its password is unchanged. */
  created: boolean;
  generatedPassword: string | null;
}

/**
 * Makes sure an administrator account exists (CLI `create-admin [username] [password]`), so provisioning can
 * run it again safely. A new account gets the password (or a random one, reported once); an existing one keeps
 * its password and sessions and is only given the admin role: changing a password is `reset-password`, which
 * also signs the account out everywhere.
 */
export async function createAdmin(db: Db, username: string, password: string | null): Promise<CreateAdminResult> {
  const usernameProblem = checkUsername(username);
  if (usernameProblem) throw new Error(`invalid username ${username}: ${usernameProblem}`);
  const roleId = await requireRoleId(db, ADMIN_ROLE);
  const existing = await findAnyUserByUsername(db, username);
  if (existing) {
    if (await ensureUserRole(db, existing.id, roleId)) await invalidatePermissions(db);
    return { username, created: false, generatedPassword: null };
  }
  const generatedPassword = password ? null : randomPassword();
  const plain = password ?? generatedPassword!;
  if (!isValidPassword(plain)) throw new Error(PASSWORD_RULE_MESSAGE);
  const hash = await hashPassword(plain);
  await db.transaction().execute(async (trx) => {
    const userId = newId();
    await createUser(trx, newUserRow({ id: userId, username, password: hash, userIdentity: 2, createBy: 'cli' }));
    await addUserRole(trx, userId, roleId);
    // Failed sign-ins of the name from before the account existed no longer apply.
    await clearAccountAttempts(trx, { id: userId, username, workNo: null });
  });
  await invalidatePermissions(db);
  return { username, created: true, generatedPassword };
}

export async function resetPassword(db: Db, username: string, password: string): Promise<void> {
  if (!isValidPassword(password)) throw new Error(PASSWORD_RULE_MESSAGE);
  const user = await findAnyUserByUsername(db, username);
  if (!user) throw new Error(`no such user: ${username}`);
  await setPasswordByOperator(db, user.id, await hashPassword(password), 'cli', nowIso());
  await clearAccountAttempts(db, user);
  await revokeUserTokens(db, user.id, 'password-reset');
}
