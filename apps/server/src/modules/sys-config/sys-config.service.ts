/** System settings readable by every signed-in user: only allow-listed codes (others may hold secrets). */
import { SYSTEM_NOTIFICATIONS_CODE, TEXT } from '@houtai/shared/constants';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import type { Session } from '../../plugins/types.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import { findConfigValue, saveConfigValue } from './sys-config.repository.ts';

/** The name a recreated banner setting gets (the seed's). */
const NOTICE_CONFIG_NAME = '系统通知横幅';

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

/**
 * PUT|POST /sys/sysConfig/editNotice: the banner's status and text (plain text, stored as given), then every open
 * page is told (cmd 'notice', msgTxt the JSON of `{status, content}`, spec §3) so banners change without a reload.
 */
export async function saveNotice(
  deps: { db: Db; realtime: RealtimeHub; now: () => number; log: { warn: (obj: object, msg: string) => void } },
  session: Session,
  notice: NoticeConfig,
): Promise<NoticeConfig> {
  const value: NoticeConfig = { status: notice.status, content: notice.content };
  await saveConfigValue(deps.db, {
    code: SYSTEM_NOTIFICATIONS_CODE,
    name: NOTICE_CONFIG_NAME,
    value: JSON.stringify(value),
    by: session.user.username,
    at: new Date(deps.now()).toISOString(),
  });
  try {
    await deps.realtime.broadcast({ cmd: 'notice', msgTxt: JSON.stringify(value) });
  } catch (err) {
    // Saved all the same: pages read the banner again when they load.
    deps.log.warn({ err }, 'realtime push failed');
  }
  return value;
}
