/** Login captchas: a 4-character image per client key, 60 s, one try. */
import { randomInt } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { CAPTCHA_TTL_MS } from '@houtai/shared/constants';
import { newId } from '../../lib/ids.ts';
import * as repo from './one-time-code.repository.ts';
import type { AuthDeps } from './auth.types.ts';
import { hashCode, sameHash } from './one-time-code.service.ts';

const PURPOSE = 'captcha';
/** Letters and digits without the look-alikes 0/O/o, 1/l/I. */
const CHARSET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LENGTH = 4;

interface RenderOptions {
  width?: number;
  height?: number;
  fontSize?: number;
  noise?: number;
  color?: boolean;
  background?: string;
}
/** svg-captcha's module value is also its renderer for a given text; its typings leave that out. */
const renderCaptcha = svgCaptcha as unknown as (text: string, options?: RenderOptions) => string;

export function randomCaptchaText(): string {
  let out = '';
  for (let i = 0; i < LENGTH; i++) out += CHARSET[randomInt(CHARSET.length)];
  return out;
}

/** Codes compare case-insensitively, as the contract's captcha does. */
function hashOf(deps: AuthDeps, key: string, code: string): string {
  return hashCode(deps.config.signSecret, PURPOSE, key, code.trim().toLowerCase());
}

/** Creates the captcha of `key` (replacing an earlier one) and returns it as an SVG data URI. */
export async function createCaptcha(deps: AuthDeps, key: string): Promise<string> {
  const text = (deps.services.captcha ?? randomCaptchaText)();
  const now = deps.services.now();
  const at = new Date(now).toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await repo.deleteExpiredAuthCodes(trx, PURPOSE, at);
    await repo.deleteAuthCodes(trx, PURPOSE, key);
    await repo.insertAuthCode(trx, {
      id: newId(),
      purpose: PURPOSE,
      subject: key,
      codeHash: hashOf(deps, key, text),
      createdAt: at,
      expiresAt: new Date(now + CAPTCHA_TTL_MS).toISOString(),
      usedAt: null,
    });
  });
  const svg = renderCaptcha(text, {
    width: 105,
    height: 35,
    fontSize: 40,
    noise: 2,
    color: true,
    background: '#f5f5f5',
  });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** Checks and consumes the captcha of `key`: right or wrong, it cannot be tried again. */
export async function verifyCaptcha(deps: AuthDeps, key: string, code: string): Promise<boolean> {
  const at = new Date(deps.services.now()).toISOString();
  const rows = await repo.consumeAuthCode(deps.db, PURPOSE, key, at);
  const expected = hashOf(deps, key, code);
  return rows.some((r) => sameHash(r.codeHash, expected));
}
