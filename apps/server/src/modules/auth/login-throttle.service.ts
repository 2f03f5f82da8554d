/**
 * Password throttling (spec: captcha after 3 failures, a temporary lock after 10 in a row).
 *
 * One counter per account, whichever way the password is tried (username, work number, the old password of a
 * password change); unknown names get their own counter so that they are answered like real ones. An attempt
 * is counted *before* the password is checked and forgiven when it proves right, so that concurrent guesses
 * cannot slip past the captcha or the lock between a read and a write. A lock that has run out starts the
 * count afresh.
 */
import { CAPTCHA_AFTER_FAILURES, LOCK_AFTER_FAILURES, TEXT } from '@houtai/shared/constants';
import type { User } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import type { Services } from '../../plugins/services.ts';
import * as repo from './login-throttle.repository.ts';

export interface ThrottleDeps {
  db: Db;
  config: Pick<Config, 'lockMinutes'>;
  services: Pick<Services, 'now'>;
}

/** The counter of a known account. */
export function accountKey(userId: string): string {
  return `user:${userId}`;
}

/** The counter of a username nobody has: case-insensitive, so 'Admin' and 'admin' share one. */
export function usernameIdentifier(username: string): string {
  return username.trim().toLowerCase();
}

/** The counter of a work number nobody has. */
export function workNoIdentifier(workNo: string): string {
  return `workno:${workNo.trim().toLowerCase()}`;
}

/** Every counter that may concern an account, to clear when an operator resets it. */
export function identifiersOf(user: Pick<User, 'id' | 'username' | 'workNo'>): string[] {
  return [
    accountKey(user.id),
    usernameIdentifier(user.username),
    ...(user.workNo ? [workNoIdentifier(user.workNo)] : []),
  ];
}

export interface Attempt {
  key: string;
  /** This attempt's place in the current run of failures (1 = no failure before it). */
  count: number;
}

/**
 * Counts an attempt on `key` and answers whether its password may be checked: refused while locked; with
 * code 412 when a captcha is due and `captchaOk` (called only then) says it is missing or wrong (such an attempt
 * is not counted, so nobody can lock an account without solving captchas); refused, and the key locked, once
 * the run of failures is past the limit (concurrent attempts can get there before the tenth failure has set
 * the lock).
 */
export async function beginAttempt(
  deps: ThrottleDeps,
  key: string,
  captchaOk?: () => Promise<'missing' | 'wrong' | 'ok'>,
): Promise<Attempt> {
  const now = deps.services.now();
  const at = new Date(now).toISOString();
  const row = await repo.countLoginAttempt(deps.db, key, at);
  if (row.lockedUntil && row.lockedUntil > at) throw AppError.business(TEXT.accountLocked);
  if (captchaOk && row.failCount - 1 >= CAPTCHA_AFTER_FAILURES) {
    const captcha = await captchaOk();
    if (captcha !== 'ok') {
      await repo.uncountLoginAttempt(deps.db, key);
      throw AppError.business(captcha === 'missing' ? TEXT.captchaRequired : TEXT.captchaWrong, 412);
    }
  }
  if (row.failCount > LOCK_AFTER_FAILURES) {
    await repo.lockIdentifier(deps.db, key, new Date(now + deps.config.lockMinutes * 60_000).toISOString());
    throw AppError.business(TEXT.accountLocked);
  }
  return { key, count: row.failCount };
}

/** The password was wrong: locks the key at the tenth failure in a row. Answers the error to throw. */
export async function failAttempt(deps: ThrottleDeps, attempt: Attempt, message: string): Promise<AppError> {
  if (attempt.count < LOCK_AFTER_FAILURES) return AppError.business(message);
  const until = new Date(deps.services.now() + deps.config.lockMinutes * 60_000).toISOString();
  await repo.lockIdentifier(deps.db, attempt.key, until);
  return AppError.business(TEXT.accountLocked);
}

/** The password was right: the run of failures ends. */
export async function succeedAttempt(deps: ThrottleDeps, attempt: Attempt): Promise<void> {
  await repo.clearAttempts(deps.db, [attempt.key]);
}

/** Refuses while the account is locked, for pathways that do not check a password (SMS sign-in). */
export async function assertNotLocked(deps: ThrottleDeps, userId: string): Promise<void> {
  const row = await repo.findAttempt(deps.db, accountKey(userId));
  const at = new Date(deps.services.now()).toISOString();
  if (row?.lockedUntil && row.lockedUntil > at) throw AppError.business(TEXT.accountLocked);
}

/** Forgets every counter and lock of an account: its password was just set (reset, new account). */
export async function clearAccountAttempts(db: Db, user: Pick<User, 'id' | 'username' | 'workNo'>): Promise<void> {
  await repo.clearAttempts(db, identifiersOf(user));
}
