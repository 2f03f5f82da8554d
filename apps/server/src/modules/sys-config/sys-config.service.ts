/** System settings readable by every signed-in user: only allow-listed codes (others may hold secrets). */
import { SYSTEM_NOTIFICATIONS_CODE, TEXT } from '@houtai/shared/constants';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { findConfigValue } from './sys-config.repository.ts';

export const PUBLIC_CONFIG_CODES: ReadonlySet<string> = new Set([SYSTEM_NOTIFICATIONS_CODE]);

/** The notice banner's setting (spec §3): status '0' hides it. */
export interface NoticeConfig {
  status: string;
  content: string;
}

function toNotice(raw: string): NoticeConfig {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(raw);
  } catch {
    // A hand-edited value that is not JSON turns the banner off rather than failing the shell.
  }
  const o = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  return {
    status: typeof o.status === 'string' || typeof o.status === 'number' ? String(o.status) : '0',
    content: typeof o.content === 'string' ? o.content : '',
  };
}

export async function readPublicConfig(db: Db, code: string): Promise<NoticeConfig> {
  if (!PUBLIC_CONFIG_CODES.has(code)) throw AppError.business(TEXT.configNotReadable);
  const row = await findConfigValue(db, code);
  if (!row) throw AppError.business(TEXT.configNotReadable);
  return toNotice(row.value);
}
