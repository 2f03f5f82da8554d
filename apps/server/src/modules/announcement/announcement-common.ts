/** What the announcement services share: their dependencies, realtime pushes, sorting and dictionary texts. */
import { TEXT } from '@houtai/shared/constants';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import { dictItemsByCode } from '../dict/dict.service.ts';
import type { DictTexts } from './announcement.presenter.ts';
import type { Sort, SortDirection } from './announcement.repository.ts';

export interface AnnouncementDeps {
  db: Db;
  realtime: RealtimeHub;
  now: () => number;
  log: { warn: (obj: object, msg: string) => void };
}

/**
 * Runs a realtime push after the data is committed. A push that fails (a Redis outage) is logged and does not
 * undo the change: clients also reload the bell on reconnect.
 */
export async function pushSafely(deps: AnnouncementDeps, push: (hub: RealtimeHub) => Promise<void>): Promise<void> {
  try {
    await push(deps.realtime);
  } catch (err) {
    deps.log.warn({ err }, 'realtime push failed');
  }
}

export function isoAt(ms: number): string {
  return new Date(ms).toISOString();
}

/** 'create_time' → 'createTime'. */
function camel(name: string): string {
  return name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
}

/**
 * Sort parameters (contract §1.5) against a closed column map: `column` a comma list of API names (camelCase or
 * snake_case, `_dictText` stripped), `order` asc|desc (asc when absent, as the field registry does). Without a
 * column the fallback applies. Anything unknown is refused with TEXT.sortInvalid.
 */
export function resolveSort<C>(
  columns: ReadonlyMap<string, C>,
  column: string | undefined,
  order: string | undefined,
  fallback: readonly Sort<NoInfer<C>>[],
): Sort<C>[] {
  const given = order === undefined || order === '' ? null : order.toLowerCase();
  if (given !== null && given !== 'asc' && given !== 'desc') throw AppError.business(TEXT.sortInvalid);
  const dir: SortDirection = given ?? 'asc';
  if (column === undefined || column.trim() === '') {
    return given ? fallback.map((s) => ({ ...s, direction: given })) : [...fallback];
  }
  const names = column.split(',').map((c) => c.trim().replace(/_dictText$/, ''));
  if (names.length > 5) throw AppError.business(TEXT.sortInvalid);
  return names.map((name) => {
    const found = columns.get(name) ?? columns.get(camel(name));
    if (found === undefined) throw AppError.business(TEXT.sortInvalid);
    return { column: found, direction: dir };
  });
}

async function textsOf(db: Db, code: string): Promise<Map<string, string>> {
  return new Map((await dictItemsByCode(db, code)).map((d) => [d.value, d.text]));
}

/** The dictionaries behind the `_dictText` fields (administrators may have renamed items). */
export async function loadDictTexts(db: Db): Promise<DictTexts> {
  const [priority, msgCategory, msgType, sendStatus] = await Promise.all([
    textsOf(db, 'priority'),
    textsOf(db, 'msg_category'),
    textsOf(db, 'msg_type'),
    textsOf(db, 'send_status'),
  ]);
  return { priority, msgCategory, msgType, sendStatus };
}

/** Offset and limit of a page. */
export function pageWindow(pageNo: number, pageSize: number): { offset: number; limit: number } {
  return { offset: (pageNo - 1) * pageSize, limit: pageSize };
}
