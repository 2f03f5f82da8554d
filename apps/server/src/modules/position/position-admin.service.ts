/**
 * The position administration (issue 14, contract §2.10): /sys/position/list, add, edit, delete, deleteBatch,
 * queryById, queryByCode and checkCode. Codes are unique (checked, and the unique index answers a race with the
 * same message). Users keep position codes (sys_user.post): a position held by a live user is never deleted and
 * keeps its code, with the reason in Chinese. The rank must be a value of the position_rank dictionary.
 */
import { ADMIN_TEXT } from '@houtai/shared/contract/admin';
import {
  POSITION_RANK_DICT,
  POSITION_TEXT,
  type PositionAddBody,
  type PositionAdminListQuery,
  type PositionCheckCodeQuery,
  type PositionEditBody,
  type PositionRecord,
} from '@houtai/shared/contract/admin-position';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { newId } from '../../lib/ids.ts';
import { offsetOf, pageOf, type PageOf } from '../../lib/page.ts';
import { nowIso, toWireTime } from '../../lib/time.ts';
import { superQueryWhere } from '../../registry/index.ts';
import { dictItemsByCode } from '../dict/dict.service.ts';
import * as repo from './position-admin.repository.ts';

export interface PositionActor {
  username: string;
}

type PositionRow = NonNullable<Awaited<ReturnType<typeof repo.findPositionById>>>;

async function rankTexts(db: Db): Promise<Map<string, string>> {
  return new Map((await dictItemsByCode(db, POSITION_RANK_DICT)).map((r) => [r.value, r.text]));
}

function present(r: PositionRow, ranks: Map<string, string>): PositionRecord {
  return {
    ...r,
    postRank_dictText: r.postRank ? (ranks.get(r.postRank) ?? r.postRank) : null,
    createTime: toWireTime(r.createTime),
    updateTime: toWireTime(r.updateTime),
  };
}

async function requirePosition(db: Db, id: string): Promise<PositionRow> {
  const p = await repo.findPositionById(db, id);
  if (!p) throw AppError.business(ADMIN_TEXT.notFound);
  return p;
}

/** A rank must be one of the dictionary's values (null: no rank). */
async function checkRank(db: Db, rank: string | null | undefined): Promise<void> {
  if (rank === null || rank === undefined) return;
  if (!(await rankTexts(db)).has(rank)) throw AppError.business(POSITION_TEXT.rankInvalid);
}

async function uniqueCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.business(POSITION_TEXT.codeTaken);
    throw err;
  }
}

export async function listPositionRecords(db: Db, q: PositionAdminListQuery): Promise<PageOf<PositionRecord>> {
  const filter = { name: q.name, code: q.code, postRank: q.postRank, where: superQueryWhere('sys_position', q) };
  const [total, rows, ranks] = await Promise.all([
    repo.countPositions(db, filter),
    repo.pagePositions(db, filter, { column: q.column, order: q.order }, offsetOf(q), q.pageSize),
    rankTexts(db),
  ]);
  return pageOf(
    rows.map((r) => present(r, ranks)),
    total,
    q,
  );
}

export async function addPosition(db: Db, actor: PositionActor, body: PositionAddBody): Promise<PositionRecord> {
  await checkRank(db, body.postRank);
  if (await repo.findPositionByCode(db, body.code)) throw AppError.business(POSITION_TEXT.codeTaken);
  const id = newId();
  await uniqueCode(() =>
    repo.insertPosition(db, {
      id,
      code: body.code,
      name: body.name,
      postRank: body.postRank ?? null,
      createBy: actor.username,
      createTime: nowIso(),
    }),
  );
  return queryPosition(db, id);
}

export async function editPosition(db: Db, actor: PositionActor, body: PositionEditBody): Promise<PositionRecord> {
  const p = await requirePosition(db, body.id);
  const code = body.code ?? p.code;
  await checkRank(db, body.postRank);
  if (code !== p.code) {
    if (await repo.findPositionByCode(db, code, p.id)) throw AppError.business(POSITION_TEXT.codeTaken);
    const { users } = await repo.usersHoldingCodes(db, [p.code]);
    if (users > 0) throw AppError.business(POSITION_TEXT.codeInUse(users));
  }
  const changed = await uniqueCode(() =>
    repo.updatePosition(db, p.id, body.version, {
      code,
      name: body.name,
      postRank: body.postRank === undefined ? p.postRank : body.postRank,
      updateBy: actor.username,
      updateTime: nowIso(),
    }),
  );
  if (changed === 0) throw AppError.business(body.version === undefined ? ADMIN_TEXT.notFound : ADMIN_TEXT.stale);
  return queryPosition(db, p.id);
}

/** delete / deleteBatch: all or nothing; refused while a live user holds any of the positions. */
export async function deletePositions(db: Db, ids: readonly string[]): Promise<number> {
  const found = await repo.findPositionsByIds(db, ids);
  if (found.length === 0) throw AppError.business(ADMIN_TEXT.notFound);
  const held = await repo.usersHoldingCodes(
    db,
    found.map((p) => p.code),
  );
  if (held.users > 0) {
    const inUse = found.filter((p) => (held.perCode.get(p.code) ?? 0) > 0);
    const names = inUse
      .slice(0, 3)
      .map((p) => p.name)
      .join('、');
    throw AppError.business(POSITION_TEXT.inUse(inUse.length > 3 ? `${names}等` : names, held.users));
  }
  return repo.deletePositions(
    db,
    found.map((p) => p.id),
  );
}

export async function queryPosition(db: Db, id: string): Promise<PositionRecord> {
  return present(await requirePosition(db, id), await rankTexts(db));
}

export async function queryPositionByCode(db: Db, code: string): Promise<PositionRecord> {
  const p = await repo.findPositionByCode(db, code);
  if (!p) throw AppError.business(ADMIN_TEXT.notFound);
  return present(p, await rankTexts(db));
}

/** checkCode: whether the code is free (the position `id`, when editing, does not count). */
export async function positionCodeFree(db: Db, q: PositionCheckCodeQuery): Promise<boolean> {
  return (await repo.findPositionByCode(db, q.code, q.id)) === undefined;
}
