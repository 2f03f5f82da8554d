/**
 * The settlement organisation administration (issue 14): /sys/settlementOrg/list, add, edit, delete, deleteBatch,
 * queryById, and the users of an organisation (users, addUsers, removeUsers; rows presented by the user module's
 * picker service). Codes are unique. An organisation is deleted only when no live user is linked to it and no
 * ledger (账簿, the accounting module's) belongs to it, with the reason in Chinese. Ledgers are not administered here.
 */
import { ADMIN_TEXT } from '@houtai/shared/contract/admin';
import {
  SETTLEMENT_TEXT,
  type SettlementAddBody,
  type SettlementAddUsersBody,
  type SettlementEditBody,
  type SettlementListQuery,
  type SettlementRecord,
  type SettlementUsersQuery,
} from '@houtai/shared/contract/admin-settlement';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { newId } from '../../lib/ids.ts';
import { offsetOf, pageOf, type PageOf } from '../../lib/page.ts';
import { nowIso, toWireTime } from '../../lib/time.ts';
import { superQueryWhere } from '../../registry/index.ts';
import { dictItemsByCode } from '../dict/dict.service.ts';
import { findUserById } from '../user/user.service.ts';
import { multiUser, type ListedUser, type UserPickerViewer } from '../user/user-picker.service.ts';
import * as repo from './settlement.repository.ts';

export interface SettlementActor {
  username: string;
}

type OrgRow = NonNullable<Awaited<ReturnType<typeof repo.findOrgById>>>;

const STATUS_DICT = 'depart_status';

async function statusTexts(db: Db): Promise<Map<string, string>> {
  return new Map((await dictItemsByCode(db, STATUS_DICT)).map((r) => [r.value, r.text]));
}

async function present(db: Db, rows: readonly OrgRow[]): Promise<SettlementRecord[]> {
  const ids = rows.map((r) => r.id);
  const [statuses, users, ledgers] = await Promise.all([
    statusTexts(db),
    repo.countLiveUsersByOrg(db, ids),
    repo.countLedgersByOrg(db, ids),
  ]);
  return rows.map((r) => ({
    ...r,
    status_dictText: statuses.get(r.status) ?? r.status,
    userCount: users.get(r.id) ?? 0,
    ledgerCount: ledgers.get(r.id) ?? 0,
    createTime: toWireTime(r.createTime),
    updateTime: toWireTime(r.updateTime),
  }));
}

async function requireOrg(db: Db, id: string): Promise<OrgRow> {
  const o = await repo.findOrgById(db, id);
  if (!o) throw AppError.business(ADMIN_TEXT.notFound);
  return o;
}

async function uniqueCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.business(SETTLEMENT_TEXT.codeTaken);
    throw err;
  }
}

export async function listOrgs(db: Db, q: SettlementListQuery): Promise<PageOf<SettlementRecord>> {
  const filter = { name: q.name, code: q.code, status: q.status, where: superQueryWhere('settlement_org', q) };
  const [total, rows] = await Promise.all([
    repo.countOrgs(db, filter),
    repo.pageOrgs(db, filter, { column: q.column, order: q.order }, offsetOf(q), q.pageSize),
  ]);
  return pageOf(await present(db, rows), total, q);
}

export async function queryOrg(db: Db, id: string): Promise<SettlementRecord> {
  const [record] = await present(db, [await requireOrg(db, id)]);
  return record!;
}

export async function addOrg(db: Db, actor: SettlementActor, body: SettlementAddBody): Promise<SettlementRecord> {
  if (await repo.findOrgByCode(db, body.code)) throw AppError.business(SETTLEMENT_TEXT.codeTaken);
  const id = newId();
  await uniqueCode(() =>
    repo.insertOrg(db, {
      id,
      code: body.code,
      name: body.name,
      status: body.status ?? '1',
      sortOrder: body.sortOrder ?? 0,
      createBy: actor.username,
      createTime: nowIso(),
    }),
  );
  return queryOrg(db, id);
}

export async function editOrg(db: Db, actor: SettlementActor, body: SettlementEditBody): Promise<SettlementRecord> {
  const o = await requireOrg(db, body.id);
  const code = body.code ?? o.code;
  if (code !== o.code && (await repo.findOrgByCode(db, code, o.id))) {
    throw AppError.business(SETTLEMENT_TEXT.codeTaken);
  }
  const changed = await uniqueCode(() =>
    repo.updateOrg(db, o.id, body.version, {
      code,
      name: body.name,
      status: body.status ?? o.status,
      sortOrder: body.sortOrder ?? o.sortOrder,
      updateBy: actor.username,
      updateTime: nowIso(),
    }),
  );
  if (changed === 0) throw AppError.business(body.version === undefined ? ADMIN_TEXT.notFound : ADMIN_TEXT.stale);
  return queryOrg(db, o.id);
}

/** delete / deleteBatch: all or nothing; refused while live users are linked or ledgers exist. */
export async function deleteOrgs(db: Db, ids: readonly string[]): Promise<number> {
  const found = await repo.findOrgsByIds(db, ids);
  if (found.length === 0) throw AppError.business(ADMIN_TEXT.notFound);
  const orgIds = found.map((o) => o.id);
  return db.transaction().execute(async (trx) => {
    const [users, ledgers] = await Promise.all([
      repo.countLiveUsersByOrg(trx, orgIds),
      repo.countLedgersByOrg(trx, orgIds),
    ]);
    for (const o of found) {
      const n = users.get(o.id) ?? 0;
      if (n > 0) throw AppError.business(SETTLEMENT_TEXT.hasUsers(o.name, n));
    }
    for (const o of found) {
      const n = ledgers.get(o.id) ?? 0;
      if (n > 0) throw AppError.business(SETTLEMENT_TEXT.hasLedgers(o.name, n));
    }
    return repo.deleteOrgs(trx, orgIds);
  });
}

// ---- users of an organisation ----------------------------------------------------------------------------------

export async function listOrgUsers(
  db: Db,
  q: SettlementUsersQuery,
  viewer: UserPickerViewer,
): Promise<PageOf<ListedUser>> {
  await requireOrg(db, q.settlementOrgId);
  const filter = { orgId: q.settlementOrgId, username: q.username, realname: q.realname };
  const [total, ids] = await Promise.all([
    repo.countOrgUsers(db, filter),
    repo.pageOrgUserIds(db, filter, offsetOf(q), q.pageSize),
  ]);
  const records = ids.length === 0 ? [] : await multiUser(db, { id: ids.join(','), store: 'id' }, viewer);
  return pageOf(records, total, q);
}

/** addUsers: links live users (those linked already are skipped); the number linked. */
export async function addOrgUsers(db: Db, body: SettlementAddUsersBody): Promise<number> {
  const org = await requireOrg(db, body.settlementOrgId);
  const users = await Promise.all(body.userIds.map((id) => findUserById(db, id)));
  if (users.some((u) => u === undefined)) throw AppError.business(SETTLEMENT_TEXT.userUnknown);
  return db.transaction().execute(async (trx) => {
    const linked = new Set(await repo.findLinkedUserIds(trx, org.id, body.userIds));
    const fresh = body.userIds.filter((id) => !linked.has(id));
    await repo.insertUserLinks(trx, org.id, fresh);
    return fresh.length;
  });
}

/** removeUsers: unlinks the users (those not linked are ignored); the number unlinked. */
export async function removeOrgUsers(db: Db, orgId: string, userIds: readonly string[]): Promise<number> {
  const org = await requireOrg(db, orgId);
  return repo.deleteUserLinks(db, org.id, userIds);
}

/** The settlement organisations a user belongs to (the accounting workspace works only in these). */
export function userOrgIds(db: Db, userId: string): Promise<string[]> {
  return repo.orgIdsOfUser(db, userId);
}

/** id → name of the given organisations (any status). */
export async function orgNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  return new Map((await repo.findOrgsByIds(db, ids)).map((o) => [o.id, o.name]));
}

/** code → id of the given organisations (any status). */
export async function orgIdsByCode(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  return new Map((await repo.findOrgsByIds(db, ids)).map((o) => [o.code, o.id]));
}
