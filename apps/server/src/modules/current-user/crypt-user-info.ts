/**
 * The short-lived encrypted user info handed to the ERP entrance: AES-256-GCM over a small JSON payload,
 * written as base64url(iv).base64url(tag).base64url(ciphertext). The ERP side holds the same key.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export const CRYPT_USER_INFO_TTL_MS = 60_000;

export interface CryptUserInfo {
  username: string;
  realname: string;
  orgCode: string | null;
  workNo: string | null;
  /** Expiry, ms since the epoch. */
  exp: number;
}

function keyOf(hex: string): Buffer {
  const key = Buffer.from(hex, 'hex');
  if (key.length !== 32) throw new Error('cryptKey must be 32 bytes of hex');
  return key;
}

export function encryptUserInfo(info: CryptUserInfo, keyHex: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(keyHex), iv);
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(info), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString('base64url')).join('.');
}

function isCryptUserInfo(v: unknown): v is CryptUserInfo {
  if (!v || typeof v !== 'object') return false;
  const o = v as Record<string, unknown>;
  return typeof o.username === 'string' && typeof o.realname === 'string' && typeof o.exp === 'number';
}

/** The payload, or null when the text is malformed, forged (tag mismatch) or expired at `now`. */
export function decryptUserInfo(text: string, keyHex: string, now = Date.now()): CryptUserInfo | null {
  const parts = text.split('.');
  if (parts.length !== 3) return null;
  const [iv, tag, ciphertext] = parts.map((p) => Buffer.from(p, 'base64url')) as [Buffer, Buffer, Buffer];
  if (iv.length !== 12 || tag.length !== 16) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(keyHex), iv);
    decipher.setAuthTag(tag);
    const plain = Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    const info: unknown = JSON.parse(plain);
    if (!isCryptUserInfo(info) || info.exp <= now) return null;
    return info;
  } catch {
    return null;
  }
}
