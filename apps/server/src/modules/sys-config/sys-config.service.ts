/** System settings readable by every signed-in user: only allow-listed codes (others may hold secrets). */
import { SYSTEM_NOTIFICATIONS_CODE, TEXT } from '@houtai/shared/constants';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import type { Session } from '../../plugins/types.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import { SYS_CONFIG_DEFS, type SysConfigEditBody, type SysConfigRecord } from '@houtai/shared/contract/sys-config';
import { toWireTime } from '../../lib/time.ts';
import { findConfigRows, findConfigValue, saveConfigValue } from './sys-config.repository.ts';

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

/** The value of a stored setting read through its schema; the schema's reading of `{}` when it does not pass. */
function readValue(
  schema: (typeof SYS_CONFIG_DEFS)[number]['schema'],
  raw: string | undefined,
): Record<string, unknown> {
  let parsed: unknown = {};
  try {
    parsed = raw === undefined ? {} : JSON.parse(raw);
  } catch {
    // A hand-edited value that is not JSON shows as unset.
  }
  const r = schema.safeParse(parsed);
  if (r.success) return r.data;
  // Keep what is readable (e.g. a banner that is on with empty text): the editor shows it and asks for the rest.
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
}

/** GET /sys/sysConfig/list: every editable setting (the catalogue's, never other rows) with its value. */
export async function listConfigs(db: Db): Promise<SysConfigRecord[]> {
  const rows = await findConfigRows(
    db,
    SYS_CONFIG_DEFS.map((d) => d.code),
  );
  const byCode = new Map(rows.map((r) => [r.code, r]));
  return SYS_CONFIG_DEFS.map((d) => {
    const row = byCode.get(d.code);
    const value =
      d.code === SYSTEM_NOTIFICATIONS_CODE ? { ...toNotice(row?.value ?? '{}') } : readValue(d.schema, row?.value);
    return {
      code: d.code,
      name: d.name,
      description: d.description,
      fields: [...d.fields],
      value,
      updateBy: row ? (row.updateBy ?? row.createBy) : null,
      updateTime: row ? toWireTime(row.updateTime ?? row.createTime) : null,
    };
  });
}

/**
 * PUT|POST /sys/sysConfig/edit: one known setting, its value already checked by the setting's schema. The banner
 * goes through saveNotice (which also tells open pages); any other setting is stored as JSON text.
 */
export async function editConfig(
  deps: Parameters<typeof saveNotice>[0],
  session: Session,
  body: SysConfigEditBody,
): Promise<Record<string, unknown>> {
  const def = SYS_CONFIG_DEFS.find((d) => d.code === body.code);
  if (!def) throw AppError.business(TEXT.configNotReadable);
  if (def.code === SYSTEM_NOTIFICATIONS_CODE) {
    const v = body.value as { status: string; content: string };
    return { ...(await saveNotice(deps, session, { status: v.status, content: v.content })) };
  }
  await saveConfigValue(deps.db, {
    code: def.code,
    name: def.name,
    value: JSON.stringify(body.value),
    by: session.user.username,
    at: new Date(deps.now()).toISOString(),
  });
  return body.value;
}
