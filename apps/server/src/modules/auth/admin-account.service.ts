/** Operator commands on accounts (CLI): create an administrator, reset a password. */
import { checkUsername, isValidPassword, PASSWORD_RULE_MESSAGE } from '@houtai/shared/validation';
import type { Db } from '../../db/connection.ts';
import { newId } from '../../lib/ids.ts';
import { hashPassword, randomPassword } from '../../lib/password.ts';
import { nowIso } from '../../lib/time.ts';
import { newUserRow } from '../user/user.repository.ts';
import { revokeUserTokens } from '../session/session.service.ts';
import { ADMIN_ROLE } from '../../db/seed/base.ts';
import { invalidatePermissions } from '../permission/permission-codes.service.ts';
import { clearAttempts } from './auth.repository.ts';
import { identifiersOf } from './login-throttle.service.ts';

/**
 * Creates an administrator account (CLI `create-admin [username] [password]`). An existing username is refused:
 * changing a password is `reset-password`, which also signs the account out everywhere.
 */
export async function createAdmin(db: Db, username: string, password: string | null) {
  const usernameProblem = checkUsername(username);
  if (usernameProblem) throw new Error(`invalid username ${username}: ${usernameProblem}`);
  const generatedPassword = password ? null : randomPassword();
  const plain = password ?? generatedPassword!;
  if (!isValidPassword(plain)) throw new Error(PASSWORD_RULE_MESSAGE);
  const existing = await db.selectFrom('sysUser').select('id').where('username', '=', username).executeTakeFirst();
  if (existing) {
    throw new Error(
      `user ${username} exists already; to set its password: npm run houtai -- reset-password ${username} <new-password>`,
    );
  }
  const role = await db.selectFrom('sysRole').select('id').where('roleCode', '=', ADMIN_ROLE).executeTakeFirstOrThrow();
  const hash = await hashPassword(plain);
  await db.transaction().execute(async (trx) => {
    const userId = newId();
    await trx
      .insertInto('sysUser')
      .values(newUserRow({ id: userId, username, password: hash, userIdentity: 2, createBy: 'cli' }))
      .execute();
    await trx.insertInto('sysUserRole').values({ id: newId(), userId, roleId: role.id }).execute();
    // Failed sign-ins of the name from before the account existed no longer apply.
    await clearAttempts(trx, identifiersOf({ id: userId, username, workNo: null }));
  });
  await invalidatePermissions(db);
  return { username, generatedPassword };
}

export async function resetPassword(db: Db, username: string, password: string): Promise<void> {
  if (!isValidPassword(password)) throw new Error(PASSWORD_RULE_MESSAGE);
  const user = await db
    .selectFrom('sysUser')
    .select(['id', 'username', 'workNo'])
    .where('username', '=', username)
    .executeTakeFirst();
  if (!user) throw new Error(`no such user: ${username}`);
  await db
    .updateTable('sysUser')
    .set({ password: await hashPassword(password), updateBy: 'cli', updateTime: nowIso() })
    .where('id', '=', user.id)
    .execute();
  await clearAttempts(db, identifiersOf(user));
  await revokeUserTokens(db, user.id, 'password-reset');
}
