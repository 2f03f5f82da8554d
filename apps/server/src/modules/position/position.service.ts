/**
 * The position module's published API: the position picker's list (/hr/hrPosition/list) and position names by
 * code for other modules. sys_position keeps a rank (position_rank) but no job sequence or title: those fields of
 * the picker's row are answered empty rather than made up.
 */
import type { PickerPosition, PositionListQuery } from '@houtai/shared/contract/pickers';
import type { Db } from '../../db/connection.ts';
import { offsetOf, pageOf, type PageOf } from '../../lib/page.ts';
import { dictItemsByCode } from '../dict/dict.service.ts';
import * as repo from './position.repository.ts';
import { superQueryWhere } from '../../registry/index.ts';

export async function listPositions(db: Db, q: PositionListQuery): Promise<PageOf<PickerPosition>> {
  const filter = { name: q.postInfoName ?? q.name, where: superQueryWhere('sys_position', q) };
  const [total, rows, ranks] = await Promise.all([
    repo.countPositions(db, filter),
    repo.pagePositions(db, filter, { column: q.column, order: q.order }, offsetOf(q), q.pageSize),
    dictItemsByCode(db, 'position_rank'),
  ]);
  const rankText = new Map(ranks.map((r) => [r.value, r.text]));
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      code: r.code,
      name: r.name,
      name_dictText: r.name,
      postRank: r.postRank,
      postLevel: r.postRank,
      postLevel_dictText: r.postRank ? (rankText.get(r.postRank) ?? r.postRank) : null,
      sequenceId: null,
      sequenceId_dictText: null,
      postTitleId: null,
      postTitleId_dictText: null,
    })),
    total,
    q,
  );
}

/** Position names by code (a user's `post`). */
export async function positionNamesByCodes(db: Db, codes: readonly string[]): Promise<Map<string, string>> {
  return new Map((await repo.findPositionNames(db, codes)).map((p) => [p.code, p.name]));
}
