/** Operator commands on accounts (CLI): create an administrator, reset a password. */
import { isValidPassword, PASSWORD_RULE_MESSAGE } from '@houtai/shared/validation';
import type { Db } from '../../db/connection.ts';
import { newId } from '../../lib/ids.ts';
import { hashPassword, randomPassword } from '../../lib/password.ts';
import { nowIso } from '../../lib/time.ts';
import { revokeUserTokens } from '../session/session.service.ts';
import { ADMIN_ROLE } from '../../db/seed/base.ts';
import { invalidatePermissions } from '../permission/permission-codes.service.ts';
import { clearAttempts } from './auth.repository.ts';
import { identifiersOf } from './login-throttle.service.ts';

export async function createAdmin(db: Db, username: string, password: string | null) {
  const generatedPassword = password ? null : randomPassword();
  const plain = password ?? generatedPassword!;
  if (!isValidPassword(plain)) throw new Error(PASSWORD_RULE_MESSAGE);
  const hash = await hashPassword(plain);
  const role = await db.selectFrom('sysRole').select('id').where('roleCode', '=', ADMIN_ROLE).executeTakeFirst();
  if (!role) throw new Error('the admin role is missing: run `npm run houtai -- seed` first');
  await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('sysUser')
      .select(['id', 'workNo'])
      .where('username', '=', username)
      .executeTakeFirst();
    const userId = existing?.id ?? newId();
    if (existing) {
      await trx
        .updateTable('sysUser')
        .set({ password: hash, status: 1, delFlag: 0, updateBy: 'cli', updateTime: nowIso() })
        .where('id', '=', userId)
        .execute();
    } else {
      await trx
        .insertInto('sysUser')
        .values({
          id: userId,
          username,
          realname: username,
          nickname: null,
          password: hash,
          avatar: null,
          birthday: null,
          sex: null,
          email: null,
          phone: null,
          orgCode: null,
          workNo: null,
          post: null,
          telephone: null,
          thirdOrgCode: null,
          accountId: null,
          userIdentity: 2,
          departIds: null,
          settings: null,
          createBy: 'cli',
          createTime: nowIso(),
          updateBy: null,
          updateTime: null,
        })
        .execute();
    }
    const link = await trx
      .selectFrom('sysUserRole')
      .select('id')
      .where('userId', '=', userId)
      .where('roleId', '=', role.id)
      .executeTakeFirst();
    if (!link) await trx.insertInto('sysUserRole').values({ id: newId(), userId, roleId: role.id }).execute();
    // A fresh start: earlier failed sign-ins (and a lock) no longer apply.
    await clearAttempts(trx, identifiersOf({ id: userId, username, workNo: existing?.workNo ?? null }));
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
