/**
 * Self-registration by phone and password reset by SMS (contract §2.7; security design §2.5).
 *
 * Registration: the SMS code (smsmode '1') is checked before anything about existing accounts is said, so
 * probing usernames costs a fresh code to a phone nobody has registered (one per minute per phone). The
 * new account is active, has no department and holds only GUEST_ROLE; a deployment without
 * that role has registration closed.
 *
 * Reset: phoneVerification trades a right smsmode '2' code for a random single-use ticket (stored only as
 * a keyed hash, bound to the user and the phone, RESET_TICKET_TTL_MS); passwordChange needs that ticket.
 * Every failure of passwordChange reads the same, whether the username, the phone or the ticket was wrong.
 */
import { randomBytes } from 'node:crypto';
import { RESET_TICKET_TTL_MS, TEXT } from '@houtai/shared/constants';
import type {
  PasswordChangeBody,
  PhoneVerificationBody,
  PhoneVerificationResult,
  RegisterBody,
} from '@houtai/shared/contract/auth';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/password.ts';
import type { AuthDeps } from '../auth/auth.types.ts';
import { clearAccountAttempts } from '../auth/login-throttle.service.ts';
import { findLiveCode, hashCode, issueCode, sameHash, useCode } from '../auth/one-time-code.service.ts';
import { verifySmsCode } from '../auth/sms-code.service.ts';
import { addUserRole, findRoleId, GUEST_ROLE } from '../role/role.service.ts';
import { revokeUserTokens } from '../session/session.service.ts';
import {
  createUser,
  emailExists,
  findUserByPhone,
  findUserByUsername,
  newUserRow,
  phoneExists,
  setOwnPassword,
  usernameExists,
} from '../user/user.service.ts';

export type RegistrationDeps = AuthDeps;

export const RESET_TICKET_PURPOSE = 'reset-ticket';

function isoAt(ms: number): string {
  return new Date(ms).toISOString();
}

export async function registerUser(
  deps: RegistrationDeps,
  body: RegisterBody,
): Promise<{ id: string; username: string; realname: string }> {
  const code = body.smscode ?? body.smsCode ?? body.captcha;
  if (!code?.trim()) throw AppError.business(TEXT.smsCodeRequired);
  // Checked before the code is spent, so a closed registration never costs the caller their code.
  const roleId = await findRoleId(deps.db, GUEST_ROLE);
  if (!roleId) throw AppError.business(TEXT.registerClosed);
  if (!(await verifySmsCode(deps, body.phone, '1', code))) throw AppError.business(TEXT.smsWrong);

  // A code of mode '1' is only sent to a phone nobody has, so the phone check only catches a race.
  if (await usernameExists(deps.db, body.username)) throw AppError.business(TEXT.usernameTaken);
  if (await phoneExists(deps.db, body.phone)) throw AppError.business(TEXT.phoneRegistered);
  if (body.email && (await emailExists(deps.db, body.email))) throw AppError.business(TEXT.emailRegistered);

  const at = isoAt(deps.services.now());
  const id = newId();
  try {
    const row = newUserRow({
      id,
      username: body.username,
      realname: body.realname || body.username,
      password: await hashPassword(body.password),
      email: body.email ?? null,
      phone: body.phone,
      createBy: body.username,
      createTime: at,
    });
    // The account and its one role link, together or not at all.
    await deps.db.transaction().execute(async (trx) => {
      await createUser(trx, row);
      await addUserRole(trx, id, roleId);
    });
  } catch (err) {
    // Two registrations of one name at once: the unique index decides, the loser hears why.
    if (await usernameExists(deps.db, body.username)) throw AppError.business(TEXT.usernameTaken);
    throw err;
  }
  // No permission cache invalidation: a brand-new user id has no cached entry to go stale.
  return { id, username: body.username, realname: body.realname || body.username };
}

function ticketHash(deps: RegistrationDeps, userId: string, phone: string, ticket: string): string {
  return hashCode(deps.config.signSecret, RESET_TICKET_PURPOSE, `${userId}\n${phone}`, ticket);
}

export async function verifyResetPhone(
  deps: RegistrationDeps,
  body: PhoneVerificationBody,
): Promise<PhoneVerificationResult & { userId: string; realname: string }> {
  if (!(await verifySmsCode(deps, body.phone, '2', body.smscode))) throw AppError.business(TEXT.smsWrong);
  const user = await findUserByPhone(deps.db, body.phone);
  // A reset code is only sent to an active user's phone; the user may have been removed or frozen since.
  if (!user || user.status !== 1) throw AppError.business(TEXT.smsWrong);

  const now = deps.services.now();
  const ticket = randomBytes(32).toString('base64url');
  await deps.db.transaction().execute((trx) =>
    issueCode(trx, {
      id: newId(),
      purpose: RESET_TICKET_PURPOSE,
      subject: user.id,
      codeHash: ticketHash(deps, user.id, body.phone, ticket),
      createdAt: isoAt(now),
      expiresAt: isoAt(now + RESET_TICKET_TTL_MS),
    }),
  );
  return { username: user.username, ticket, smscode: ticket, userId: user.id, realname: user.realname };
}

/** Sets the new password; answers the account (for the operate log). */
export async function resetPasswordWithTicket(
  deps: RegistrationDeps,
  body: PasswordChangeBody,
): Promise<{ id: string; username: string; realname: string }> {
  const ticket = body.ticket ?? body.smscode;
  const invalid = () => AppError.business(TEXT.resetTicketInvalid);
  if (!ticket) throw invalid();
  const user = await findUserByUsername(deps.db, body.username);
  if (!user || user.phone !== body.phone || user.status !== 1) throw invalid();

  const at = isoAt(deps.services.now());
  const live = await findLiveCode(deps.db, RESET_TICKET_PURPOSE, user.id, at);
  if (!live || !sameHash(live.codeHash, ticketHash(deps, user.id, body.phone, ticket))) throw invalid();

  const hash = await hashPassword(body.password);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await useCode(trx, live.id, at))) throw invalid();
    await setOwnPassword(trx, user.id, hash, user.username, at);
    // Whoever held the old password loses every session, and an earlier lockout no longer applies.
    await revokeUserTokens(trx, user.id, 'password-reset');
    await clearAccountAttempts(trx, user);
  });
  return { id: user.id, username: user.username, realname: user.realname };
}
