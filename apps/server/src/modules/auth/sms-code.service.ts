/** SMS codes: 6 digits from a CSPRNG, 5 minutes, at most 5 tries, single use, one send per mobile per minute. */
import { randomInt } from 'node:crypto';
import { SMS_CODE_TTL_MS, SMS_MAX_ATTEMPTS, SMS_RESEND_INTERVAL_MS, TEXT } from '@houtai/shared/constants';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { findUserByPhone } from '../user/user.service.ts';
import * as repo from './one-time-code.repository.ts';
import type { AuthDeps } from './auth.types.ts';
import { hashCode, sameHash } from './one-time-code.service.ts';

export type SmsMode = '0' | '1' | '2';
const SMS_PURPOSES = ['sms:0', 'sms:1', 'sms:2'] as const;
/** Stored for sends that were not made: no hash output ever equals it, so such a row never verifies. */
const NO_CODE = '-';

export function smsPurpose(mode: SmsMode): string {
  return `sms:${mode}`;
}

function hashOf(deps: AuthDeps, purpose: string, mobile: string, code: string): string {
  return hashCode(deps.config.signSecret, purpose, mobile, code);
}

/**
 * Sends a code when the purpose fits the phone (login/reset: an active user has it; register: nobody has it).
 * The answer and the resend throttle are the same either way, so the call tells nothing about who is registered.
 */
export async function sendSmsCode(deps: AuthDeps, mobile: string, mode: SmsMode): Promise<void> {
  // Refused before anything else, so the answer is the same for registered and unknown phones.
  if (deps.services.sms.available === false) throw AppError.business(TEXT.smsUnavailable);
  const now = deps.services.now();
  const at = new Date(now).toISOString();
  const last = await repo.lastCodeCreatedAt(deps.db, SMS_PURPOSES, mobile);
  if (last && Date.parse(last) + SMS_RESEND_INTERVAL_MS > now) throw AppError.business(TEXT.smsTooFrequent);

  const user = await findUserByPhone(deps.db, mobile);
  const deliver = mode === '1' ? !user : !!user && user.status === 1;
  const purpose = smsPurpose(mode);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await deps.db.transaction().execute(async (trx) => {
    for (const p of SMS_PURPOSES)
      await repo.deleteExpiredAuthCodes(trx, p, new Date(now - 24 * 3600_000).toISOString());
    await repo.retireAuthCodes(trx, [purpose], mobile, at);
    await repo.insertAuthCode(trx, {
      id: newId(),
      purpose,
      subject: mobile,
      codeHash: deliver ? hashOf(deps, purpose, mobile, code) : NO_CODE,
      createdAt: at,
      expiresAt: new Date(now + SMS_CODE_TTL_MS).toISOString(),
      usedAt: deliver ? null : at,
    });
  });
  if (deliver) await deps.services.sms.send(mobile, code, purpose);
}

/** Checks a code and consumes it when right; every try counts against the code's attempt limit. */
export async function verifySmsCode(deps: AuthDeps, mobile: string, mode: SmsMode, code: string): Promise<boolean> {
  const purpose = smsPurpose(mode);
  const at = new Date(deps.services.now()).toISOString();
  const live = await repo.findLiveAuthCode(deps.db, purpose, mobile, at, SMS_MAX_ATTEMPTS);
  if (!live) return false;
  if (!(await repo.countAttempt(deps.db, live.id, SMS_MAX_ATTEMPTS))) return false;
  if (!sameHash(live.codeHash, hashOf(deps, purpose, mobile, code.trim()))) return false;
  return repo.markCodeUsed(deps.db, live.id, at);
}
