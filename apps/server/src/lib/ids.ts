import { randomBytes, createHash } from 'node:crypto';

/** New row ids: 32 hex characters, like the contract's older seed rows. */
export function newId(): string {
  return randomBytes(16).toString('hex');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function md5Hex(value: string): string {
  return createHash('md5').update(value).digest('hex');
}
