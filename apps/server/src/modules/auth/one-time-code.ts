/** Hashing of one-time codes (captcha, SMS): only a keyed hash is stored, compared in constant time. */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Keyed with the server secret and bound to purpose and subject, so a stored hash is useless elsewhere. */
export function hashCode(secret: string, purpose: string, subject: string, code: string): string {
  return createHmac('sha256', secret).update(`${purpose}\n${subject}\n${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
