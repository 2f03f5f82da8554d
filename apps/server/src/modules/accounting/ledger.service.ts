/**
 * Ledger administration (账簿管理, issue 15): list, queryById, add, edit, delete. An organisation that has active
 * ledgers has exactly one main ledger (its documents are vouchered there): setting one main clears the others in
 * the same transaction, the first active ledger of an organisation becomes main, and the main ledger can be neither
 * disabled, unset nor deleted while the organisation has other active ledgers (choose another main first). A ledger
 * that documents, vouchers or balances use can be neither deleted nor moved to another organisation.
 */
import {
  LEDGER_TEXT,
  type LedgerAddBody,
  type LedgerEditBody,
  type LedgerListQuery,
  type LedgerRecord,
} from '@houtai/shared/contract/accounting-template';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { newId } from '../../lib/ids.ts';
import { offsetOf, pageOf, type PageOf } from '../../lib/page.ts';
import { nowIso, toWireTime } from '../../lib/time.ts';
import { superQueryWhere } from '../../registry/index.ts';
import { dictItemsByCode } from '../dict/dict.service.ts';
import { orgNames } from '../settlement/settlement.service.ts';
import * as repo from './ledger.repository.ts';

export interface LedgerActor {
  username: string;
}

type Row = NonNullable<Awaited<ReturnType<typeof repo.findLedgerById>>>;

const STATUS_DICT = 'depart_status';

async function present(db: Db, rows: readonly Row[]): Promise<LedgerRecord[]> {
  const [orgs, statuses] = await Promise.all([
    orgNames(
      db,
      rows.map((r) => r.settlementOrgId),
    ),
    dictItemsByCode(db, STATUS_DICT),
  ]);
  const statusText = new Map(statuses.map((s) => [s.value, s.text]));
  return rows.map((r) => ({
    ...r,
    settlementOrgId_dictText: orgs.get(r.settlementOrgId) ?? r.settlementOrgId,
    status: r.status === '0' ? '0' : '1',
    status_dictText: statusText.get(r.status) ?? r.status,
    isMain: r.isMain === '1' ? '1' : '0',
    createTime: toWireTime(r.createTime),
    updateTime: toWireTime(r.updateTime),
  }));
}

async function requireLedger(db: Db, id: string): Promise<Row> {
  const l = await repo.findLedgerById(db, id);
  if (!l) throw AppError.business(LEDGER_TEXT.notFound);
  return l;
}

async function lockOrgOrRefuse(trx: Db, orgId: string): Promise<{ id: string; name: string }> {
  const org = await repo.lockOrg(trx, orgId);
  if (!org) throw AppError.business(LEDGER_TEXT.orgUnknown);
  return org;
}

/**
 * Restores "exactly one main among the active ledgers" for an organisation: `preferred` (when active) wins, else
 * the active main stays, else the first active ledger by code; inactive ledgers are never main.
 */
async function settleMain(trx: Db, orgId: string, preferred: string | null): Promise<void> {
  const rows = await repo.ledgersOfOrg(trx, orgId);
  const active = rows.filter((r) => r.status === '1');
  const main =
    preferred !== null && active.some((r) => r.id === preferred)
      ? preferred
      : (active.find((r) => r.isMain === '1')?.id ?? active[0]?.id ?? null);
  if (rows.some((r) => (r.id === main) !== (r.isMain === '1'))) await repo.setMain(trx, orgId, main);
}

/** Refuses when `ledger` is its organisation's active main and the organisation has other active ledgers. */
async function refuseLeavingMain(trx: Db, ledger: Row, orgName: string): Promise<void> {
  if (ledger.isMain !== '1' || ledger.status !== '1') return;
  const others = (await repo.ledgersOfOrg(trx, ledger.settlementOrgId)).filter(
    (r) => r.id !== ledger.id && r.status === '1',
  );
  if (others.length > 0) throw AppError.business(LEDGER_TEXT.mainNeeded(orgName));
}

async function uniqueCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.business(LEDGER_TEXT.codeTaken);
    throw err;
  }
}

export async function listLedgers(db: Db, q: LedgerListQuery): Promise<PageOf<LedgerRecord>> {
  const filter = {
    settlementOrgId: q.settlementOrgId,
    code: q.code,
    name: q.name,
    status: q.status,
    where: superQueryWhere('ledger', q),
  };
  const [total, rows] = await Promise.all([
    repo.countLedgers(db, filter),
    repo.pageLedgers(db, filter, { column: q.column, order: q.order }, offsetOf(q), q.pageSize),
  ]);
  return pageOf(await present(db, rows), total, q);
}

export async function queryLedger(db: Db, id: string): Promise<LedgerRecord> {
  const [record] = await present(db, [await requireLedger(db, id)]);
  return record!;
}

export async function addLedger(db: Db, actor: LedgerActor, body: LedgerAddBody): Promise<LedgerRecord> {
  if (body.isMain === '1' && body.status === '0') throw AppError.business(LEDGER_TEXT.mainDisabled);
  if (await repo.findLedgerByCode(db, body.code)) throw AppError.business(LEDGER_TEXT.codeTaken);
  const id = newId();
  await uniqueCode(() =>
    db.transaction().execute(async (trx) => {
      await lockOrgOrRefuse(trx, body.settlementOrgId);
      await repo.insertLedger(trx, {
        id,
        code: body.code,
        name: body.name,
        settlementOrgId: body.settlementOrgId,
        currency: body.currency,
        status: body.status,
        isMain: '0',
        createBy: actor.username,
        createTime: nowIso(),
        updateBy: null,
        updateTime: null,
      });
      await settleMain(trx, body.settlementOrgId, body.isMain === '1' ? id : null);
    }),
  );
  return queryLedger(db, id);
}

export async function editLedger(db: Db, actor: LedgerActor, body: LedgerEditBody): Promise<LedgerRecord> {
  if (body.isMain === '1' && body.status === '0') throw AppError.business(LEDGER_TEXT.mainDisabled);
  const seen = await requireLedger(db, body.id);
  if (body.code !== seen.code && (await repo.findLedgerByCode(db, body.code, seen.id))) {
    throw AppError.business(LEDGER_TEXT.codeTaken);
  }
  const moving = body.settlementOrgId !== seen.settlementOrgId;
  await uniqueCode(() =>
    db.transaction().execute(async (trx) => {
      // Both organisations in id order, so two moves at the same moment never deadlock.
      const orgIds = [...new Set([seen.settlementOrgId, body.settlementOrgId])].sort();
      const locked = new Map<string, string>();
      for (const orgId of orgIds) {
        const org = await repo.lockOrg(trx, orgId);
        if (org) locked.set(org.id, org.name);
      }
      if (!locked.has(body.settlementOrgId)) throw AppError.business(LEDGER_TEXT.orgUnknown);
      const current = await requireLedger(trx, body.id);
      if (moving) {
        const use = await repo.ledgerUse(trx, current.id);
        if (use.bills || use.vouchers || use.balances) throw AppError.business(LEDGER_TEXT.orgLocked(current.name));
      }
      if (moving || body.status === '0' || body.isMain === '0') {
        await refuseLeavingMain(trx, current, locked.get(current.settlementOrgId) ?? current.settlementOrgId);
      }
      const changed = await repo.updateLedger(trx, current.id, body.version, {
        code: body.code,
        name: body.name,
        settlementOrgId: body.settlementOrgId,
        currency: body.currency,
        status: body.status,
        ...(moving ? { isMain: '0' } : {}),
        updateBy: actor.username,
        updateTime: nowIso(),
      });
      if (changed === 0) throw AppError.business(body.version === undefined ? LEDGER_TEXT.notFound : LEDGER_TEXT.stale);
      await settleMain(trx, body.settlementOrgId, body.isMain === '1' ? current.id : null);
      if (moving) await settleMain(trx, seen.settlementOrgId, null);
    }),
  );
  return queryLedger(db, body.id);
}

const USE_WORDS = { bills: '单据', vouchers: '凭证', balances: '科目余额' } as const;

export async function deleteLedger(db: Db, id: string): Promise<void> {
  const seen = await requireLedger(db, id);
  await db.transaction().execute(async (trx) => {
    const org = await repo.lockOrg(trx, seen.settlementOrgId);
    const current = await requireLedger(trx, id);
    await repo.deleteLedgerPeriods(trx, id);
    const use = await repo.ledgerUse(trx, id);
    const used = (Object.keys(USE_WORDS) as (keyof typeof USE_WORDS)[]).filter((k) => use[k]);
    if (used.length > 0) {
      throw AppError.business(LEDGER_TEXT.inUse(current.name, used.map((k) => USE_WORDS[k]).join('、')));
    }
    await refuseLeavingMain(trx, current, org?.name ?? current.settlementOrgId);
    if ((await repo.deleteLedger(trx, id)) === 0) throw AppError.business(LEDGER_TEXT.notFound);
    await settleMain(trx, current.settlementOrgId, null);
  });
}
