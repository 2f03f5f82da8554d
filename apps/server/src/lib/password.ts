/** argon2id password hashing (OWASP parameters: 19 MiB, 2 passes, 1 lane). */
import { hash, verify } from '@node-rs/argon2';
import { randomBytes, randomInt } from 'node:crypto';

const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

export async function verifyPassword(stored: string | null, plain: string): Promise<boolean> {
  if (!stored) {
    // Same work for unknown users as for known ones, so timing tells nothing.
    await hash(plain, OPTIONS);
    return false;
  }
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

/** A random password meeting the spec's rule: letters, digits and a special character. */
export function randomPassword(length = 16): string {
  const letters = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const specials = '@#!?';
  const all = letters + digits;
  const chars = [
    letters[randomInt(letters.length)],
    digits[randomInt(digits.length)],
    specials[randomInt(specials.length)],
  ];
  const bytes = randomBytes(length);
  for (let i = chars.length; i < length; i++) chars.push(all[bytes[i]! % all.length]);
  return chars.join('');
}
