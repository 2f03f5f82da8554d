/**
 * One-time codes (captcha, SMS, password-reset tickets): only a keyed hash is stored, compared in constant time.
 * The auth module owns sys_auth_code; other modules (registration's reset tickets) use the functions below.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import * as repo from './one-time-code.repository.ts';

/** Keyed with the server secret and bound to purpose and subject, so a stored hash is useless elsewhere. */
export function hashCode(secret: string, purpose: string, subject: string, code: string): string {
  return createHmac('sha256', secret).update(`${purpose}\n${subject}\n${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface IssuedCode {
  id: string;
  purpose: string;
  subject: string;
  /** hashCode(…) of the code; the code itself is never stored. */
  codeHash: string;
  createdAt: string;
  expiresAt: string;
}

/**
 * Stores a code as the only live one of its (purpose, subject): earlier unused ones are retired. Two writes:
 * the caller runs it inside its transaction.
 */
export async function issueCode(db: Db, code: IssuedCode): Promise<void> {
  await repo.retireAuthCodes(db, [code.purpose], code.subject, code.createdAt);
  await repo.insertAuthCode(db, { ...code, usedAt: null });
}

/** The newest unused, unexpired code of (purpose, subject), to compare with sameHash. */
export function findLiveCode(
  db: Db,
  purpose: string,
  subject: string,
  at: string,
): Promise<{ id: string; codeHash: string } | undefined> {
  return repo.findLiveAuthCode(db, purpose, subject, at);
}

/** Uses a code up; false when another request used it first. */
export function useCode(db: Db, id: string, at: string): Promise<boolean> {
  return repo.markCodeUsed(db, id, at);
}
