/**
 * Direct-upload credentials (GET /sys/file/oss/sts, GET /api/pda/oss/auth; security design §2.2): a short-lived
 * signed URL that lets its holder store one file scoped to `{biz}/{username}/{yyyyMMdd}/{HHmmss}/{filename}`
 * (Asia/Shanghai time), either as one PUT or as a multipart upload of 5 MB parts. The PUTs go to our own route,
 * which streams the body through the same rules as POST /sys/common/upload (type, size before and while reading,
 * content sniffing) into the storage driver under a generated key: the same flow with the local driver and with
 * S3, and nothing lands outside the storage root. Storing the file uses the credential up; a refreshed credential
 * (same scope, new expiry and nonce) carries a multipart upload on.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  checkUpload,
  extensionOf,
  isUploadBiz,
  maxBytesFor,
  uploadKind,
  type UploadBiz,
  type UploadKind,
  type UploadCredential,
} from '@houtai/shared/upload';
import type { Session } from '../../plugins/types.ts';

/** What every refusal of a credential says (spec shell §8). */
export const OSS_AUTH_FAILED = '获取授权失败！';
/** How long a credential lives (the brief: at most 15 minutes; the client refreshes when 5 or fewer remain). */
export const CREDENTIAL_TTL_MS = 15 * 60 * 1000;
/** Where the signed PUTs go, relative to the API base. */
export const PUT_ROUTE = '/sys/file/oss/put';
/** Parts of a multipart direct upload (spec widgets §9: 5242880 bytes; every part but the last is this size). */
export const PART_SIZE = 5 * 1024 * 1024;
/** How far back a scope's own time may lie for its credential to be refreshed. */
const REFRESH_WINDOW_MS = 24 * 3600 * 1000;

/** What a checked credential allows: this scope, for this user, once (the nonce) until `expires`. */
export interface CheckedScope {
  biz: UploadBiz;
  filename: string;
  nonce: string;
  expires: number;
}

/** Keeps the name's letters, digits and `._-()` (others become '_'), no folders, at most 100 characters. */
export function sanitizeFilename(name: string): string | null {
  const base = name.replace(/^.*[\\/]/, '').normalize('NFC');
  const clean = base
    .replace(/[^\p{L}\p{N}._\-() ]/gu, '_')
    .replace(/\s+/g, '_')
    .replace(/^[._]+/, '');
  if (!clean || !extensionOf(clean)) return null;
  if (clean.length <= 100) return clean;
  const ext = extensionOf(clean);
  return `${clean.slice(0, 100 - ext.length - 1)}.${ext}`;
}

function shanghaiStamp(ms: number): { day: string; time: string } {
  // Asia/Shanghai is UTC+8 all year (no daylight saving).
  const iso = new Date(ms + 8 * 3600 * 1000).toISOString();
  return { day: iso.slice(0, 10).replace(/-/g, ''), time: iso.slice(11, 19).replace(/:/g, '') };
}

interface Claims {
  key: string;
  userId: string;
  expires: number;
  nonce: string;
}

export class UploadCredentials {
  private readonly macKey: Buffer;
  /** Nonces already used, until their credential expires (per instance; a Redis set comes with REDIS_URL). */
  private readonly used = new Map<string, number>();

  constructor(secret: string) {
    this.macKey = createHmac('sha256', secret).update('houtai/oss-upload/v1').digest();
  }

  private mac(c: Claims): string {
    return createHmac('sha256', this.macKey)
      .update(['PUT', c.key, c.userId, String(c.expires), c.nonce].join('\n'))
      .digest('base64url');
  }

  /** A credential for one file, or null when the folder, name, type or size is refused. */
  issue(
    session: Session,
    input: { biz?: string; filename: string; size?: number },
    now: number,
  ): UploadCredential | null {
    const biz: UploadBiz | null = !input.biz ? 'temp' : isUploadBiz(input.biz) ? input.biz : null;
    const filename = sanitizeFilename(input.filename);
    if (!biz || !filename) return null;
    if (checkUpload(filename, input.size ?? null, biz)) return null;
    const kind = uploadKind(extensionOf(filename));
    if (!kind || !/^[\p{L}\p{N}_@-][\p{L}\p{N}_.@-]{0,99}$/u.test(session.user.username)) return null;
    const { day, time } = shanghaiStamp(now);
    return this.sign(`${biz}/${session.user.username}/${day}/${time}/${filename}`, session.user.id, kind, now);
  }

  /**
   * A fresh credential for a scope the caller was given earlier (a long multipart upload outliving the first one):
   * only the caller's own scope, of a folder, name and type the rules allow, from the last 24 hours.
   */
  refresh(session: Session, key: string, now: number): UploadCredential | null {
    const parts = key.split('/');
    if (parts.length !== 5) return null;
    const [biz, username, day, time, filename] = parts as [string, string, string, string, string];
    if (!isUploadBiz(biz) || username !== session.user.username) return null;
    if (sanitizeFilename(filename) !== filename || checkUpload(filename, null, biz)) return null;
    const m = /^(\d{4})(\d{2})(\d{2})$/.exec(day);
    const t = /^(\d{2})(\d{2})(\d{2})$/.exec(time);
    if (!m || !t) return null;
    const at = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +t[1]!, +t[2]!, +t[3]!) - 8 * 3600 * 1000;
    if (!Number.isFinite(at) || at > now + 60_000 || now - at > REFRESH_WINDOW_MS) return null;
    const kind = uploadKind(extensionOf(filename));
    if (!kind) return null;
    return this.sign(key, session.user.id, kind, now);
  }

  private sign(key: string, userId: string, kind: UploadKind, now: number): UploadCredential {
    const claims: Claims = {
      key,
      userId,
      expires: now + CREDENTIAL_TTL_MS,
      nonce: randomBytes(16).toString('hex'),
    };
    const q = new URLSearchParams({
      expires: String(claims.expires),
      nonce: claims.nonce,
      signature: this.mac(claims),
    });
    const path = claims.key.split('/').map(encodeURIComponent).join('/');
    return {
      method: 'PUT',
      url: `${PUT_ROUTE}/${path}?${q.toString()}`,
      key: claims.key,
      expiration: new Date(claims.expires).toISOString(),
      maxBytes: maxBytesFor(kind),
      partSize: PART_SIZE,
    };
  }

  /**
   * Checks a request against its credential without using it up (the steps of a multipart upload). Answers the
   * folder and file name of the scope, or null (forged, another path or user, expired, or already used).
   */
  check(
    key: string,
    userId: string,
    query: { expires?: string; nonce?: string; signature?: string },
    now: number,
  ): CheckedScope | null {
    const expires = Number(query.expires);
    const nonce = query.nonce ?? '';
    if (!Number.isSafeInteger(expires) || !/^[0-9a-f]{32}$/.test(nonce) || !query.signature) return null;
    if (expires <= now || expires > now + CREDENTIAL_TTL_MS) return null;
    const expected = Buffer.from(this.mac({ key, userId, expires, nonce }));
    const given = Buffer.from(query.signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    this.prune(now);
    if (this.used.has(nonce)) return null;
    const [biz, , , , filename, ...rest] = key.split('/');
    if (!isUploadBiz(biz) || !filename || rest.length > 0) return null;
    return { biz, filename, nonce, expires };
  }

  /** Uses a checked credential up (its file is being stored); false when it was used meanwhile. */
  consume(scope: CheckedScope): boolean {
    if (this.used.has(scope.nonce)) return false;
    this.used.set(scope.nonce, scope.expires);
    return true;
  }

  /** Checks a single PUT against its credential and uses it up. */
  redeem(
    key: string,
    userId: string,
    query: { expires?: string; nonce?: string; signature?: string },
    now: number,
  ): CheckedScope | null {
    const scope = this.check(key, userId, query, now);
    return scope && this.consume(scope) ? scope : null;
  }

  private prune(now: number): void {
    for (const [nonce, expires] of this.used) if (expires <= now) this.used.delete(nonce);
  }
}
