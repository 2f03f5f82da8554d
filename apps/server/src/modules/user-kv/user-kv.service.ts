/**
 * Values a user saves for themselves under a fixed set of keys (spec §4, §7: GET /sys/redis/get, PUT /sys/redis/set).
 * Not a generic store (security design §2.7): each key is allow-listed with its value schema and size limit, values
 * belong to the session's user only, and no expiry other than "never" (t = 0) is offered.
 */
import type { z } from 'zod';
import { WORK_ORDER_KV_KEY } from '@houtai/shared/contract/work-order-rules';
import { WorkOrderUnreadIds } from '@houtai/shared/contract/work-order';
import { LIST_COLUMNS_KV_KEY, ListColumnSettings } from '@houtai/shared/contract/list-page';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import * as repo from './user-kv.repository.ts';

export const USER_KV_TEXT = {
  unknownKey: '不支持的键名',
  valueInvalid: '值的格式不正确',
  saved: '保存成功！',
} as const;

interface KeyDef {
  /** Validates and normalises what a client sends; its output is what is stored (as JSON). */
  schema: z.ZodType<unknown>;
  /** The value of a key never saved. */
  empty: unknown;
}

/** The allow-list. A new key is a decision: add it here with its schema. */
const KEYS: ReadonlyMap<string, KeyDef> = new Map<string, KeyDef>([
  [WORK_ORDER_KV_KEY, { schema: WorkOrderUnreadIds, empty: [] }],
  // The columns the user hid on each list (the list-page kit's 列设置).
  [LIST_COLUMNS_KV_KEY, { schema: ListColumnSettings, empty: {} }],
]);

function keyDef(k: string): KeyDef {
  const def = KEYS.get(k);
  if (!def) throw AppError.badRequest(USER_KV_TEXT.unknownKey);
  return def;
}

/** The caller's value under `k`; a value stored before a schema change that no longer fits reads as empty. */
export async function readUserValue(db: Db, userId: string, k: string): Promise<unknown> {
  const def = keyDef(k);
  const stored = await repo.findUserValue(db, userId, k);
  if (stored === null) return def.empty;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return def.empty;
  }
  const checked = def.schema.safeParse(parsed);
  return checked.success ? checked.data : def.empty;
}

export async function saveUserValue(db: Db, userId: string, k: string, v: unknown, now: number): Promise<unknown> {
  const def = keyDef(k);
  const checked = def.schema.safeParse(v);
  if (!checked.success) {
    const message = checked.error.issues[0]?.message;
    throw AppError.badRequest(message && /[\u4e00-\u9fa5]/.test(message) ? message : USER_KV_TEXT.valueInvalid);
  }
  await repo.saveUserValue(db, userId, k, JSON.stringify(checked.data), new Date(now).toISOString());
  return checked.data;
}
