import { hash, randomBytes } from 'node:crypto';

/** New row ids: 32 hex characters, like the contract's older seed rows. */
export function newId(): string {
  return randomBytes(16).toString('hex');
}

/** One-shot hashing (crypto.hash): no Hash object per call, which matters for the per-request token hash. */
export function sha256Hex(value: string): string {
  return hash('sha256', value, 'hex');
}

export function md5Hex(value: string): string {
  return hash('md5', value, 'hex');
}
