/**
 * Business records (业务数据, issue 15): list, queryById, add, edit, delete, deleteBatch. A record belongs to one of
 * the caller's settlement organisations and a leaf business source under A01; once documented (status 1) it can no
 * longer be edited or deleted; a change in a closed period (of the organisation's main ledger) is refused — both
 * with a clear Chinese message. Writes hold the period lock (posting.service) so a generate never reads a record
 * half-changed.
 */
import {
  ACCOUNTING_LIMITS,
  ACCOUNTING_TEXT,
  type BizRecordAddBody,
  type BizRecordEditBody,
  type BizRecordListQuery,
  type BizRecordRecord,
} from '@houtai/shared/contract/accounting';
import { formatMoney, formatRate, periodOf, splitTax } from '@houtai/shared/money';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { offsetOf, pageOf, type PageOf } from '../../lib/page.ts';
import { nowIso, toWireTime } from '../../lib/time.ts';
import { sortFor, superQueryWhere } from '../../registry/index.ts';
import { categoriesUnder } from '../category/category.service.ts';
import { orgNames } from '../settlement/settlement.service.ts';
import * as repo from './accounting.repository.ts';
import { callerOrgs, lockRecordPeriods, type AccountingActor } from './posting.service.ts';
import { sourceNames } from './accounting-query.service.ts';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findBizRecord>>>;

const STATUS: Readonly<Record<string, string>> = { '0': '未生成', '1': '已生成' };

async function present(db: Db, rows: readonly Row[]): Promise<BizRecordRecord[]> {
  const [orgs, sources] = await Promise.all([
    orgNames(
      db,
      rows.map((r) => r.orgId),
    ),
    sourceNames(db),
  ]);
  return rows.map((r) => {
    const amount = Number(r.amount);
    const { net, tax } = splitTax(amount, r.taxRate);
    return {
      id: r.id,
      orgId: r.orgId,
      orgId_dictText: orgs.get(r.orgId) ?? r.orgId,
      dataSource: r.dataSource,
      dataSource_dictText: sources.get(r.dataSource) ?? r.dataSource,
      bizDate: r.bizDate,
      period: r.period,
      amount: formatMoney(amount),
      taxRate: formatRate(r.taxRate),
      taxAmount: formatMoney(tax),
      netAmount: formatMoney(net),
      counterparty: r.counterparty,
      summary: r.summary,
      status: r.status === '1' ? '1' : '0',
      status_dictText: STATUS[r.status] ?? r.status,
      billId: r.billId,
      createBy: r.createBy,
      createTime: toWireTime(r.createTime),
      updateBy: r.updateBy,
      updateTime: toWireTime(r.updateTime),
      version: r.version,
    };
  });
}

/** The list's filters (also the export's): the caller's organisations narrowed by the query's. */
export async function bizRecordFilter(db: Db, actor: AccountingActor, q: BizRecordListQuery): Promise<repo.BizFilter> {
  const own = await callerOrgs(db, actor);
  return {
    orgIds: q.orgId.length === 0 ? own : own.filter((id) => q.orgId.includes(id)),
    period: q.period,
    dataSource: q.dataSource,
    status: q.status,
    counterparty: q.counterparty,
    summary: q.summary,
    where: superQueryWhere('acc_biz_record', q),
  };
}

export async function listBizRecords(
  db: Db,
  actor: AccountingActor,
  q: BizRecordListQuery,
): Promise<PageOf<BizRecordRecord>> {
  const f = await bizRecordFilter(db, actor, q);
  const [countRow, rows] = await Promise.all([
    repo
      .bizFiltered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
    repo
      .bizFiltered(db, f)
      .select(repo.BIZ_COLUMNS)
      // The asked column (bizDate, amount, … from the registry) or 业务日期 newest first.
      .orderBy(sortFor('acc_biz_record', q.column, q.column ? q.order : undefined))
      .orderBy('id')
      .offset(offsetOf(q))
      .limit(q.pageSize)
      .execute(),
  ]);
  return pageOf(await present(db, rows), Number(countRow?.n ?? 0), q);
}

async function requireOwn(db: Db, actor: AccountingActor, id: string): Promise<Row> {
  const r = await repo.findBizRecord(db, id);
  if (!r || !(await callerOrgs(db, actor)).includes(r.orgId)) throw AppError.business(ACCOUNTING_TEXT.notFound);
  return r;
}

export async function queryBizRecord(db: Db, actor: AccountingActor, id: string): Promise<BizRecordRecord> {
  const [record] = await present(db, [await requireOwn(db, actor, id)]);
  return record!;
}

/** The organisation is the caller's and the source is a leaf under A01. */
async function checkFields(db: Db, actor: AccountingActor, body: BizRecordAddBody): Promise<void> {
  await callerOrgs(db, actor, [body.orgId]);
  const source = (await categoriesUnder(db, ACCOUNTING_LIMITS.sourceRoot)).find((c) => c.code === body.dataSource);
  if (!source) throw AppError.business(ACCOUNTING_TEXT.sourceInvalid);
  if (!source.leaf) throw AppError.business(ACCOUNTING_TEXT.leafRequired);
}

const valuesOf = (body: BizRecordAddBody) => ({
  orgId: body.orgId,
  dataSource: body.dataSource,
  bizDate: body.bizDate,
  period: periodOf(body.bizDate)!,
  amount: body.amount,
  taxRate: body.taxRate,
  counterparty: body.counterparty ?? null,
  summary: body.summary,
});

export async function addBizRecord(db: Db, actor: AccountingActor, body: BizRecordAddBody): Promise<BizRecordRecord> {
  await checkFields(db, actor, body);
  const id = newId();
  const values = valuesOf(body);
  await db.transaction().execute(async (trx) => {
    await lockRecordPeriods(trx, [values]);
    await repo.insertBizRecords(trx, [
      { id, ...values, createBy: actor.username, createTime: nowIso(), updateBy: null, updateTime: null },
    ]);
  });
  return queryBizRecord(db, actor, id);
}

export async function editBizRecord(db: Db, actor: AccountingActor, body: BizRecordEditBody): Promise<BizRecordRecord> {
  const old = await requireOwn(db, actor, body.id);
  if (old.status === '1') throw AppError.business(ACCOUNTING_TEXT.documented);
  await checkFields(db, actor, body);
  const values = valuesOf(body);
  await db.transaction().execute(async (trx) => {
    await lockRecordPeriods(trx, [old, values]);
    const changed = await repo.updateBizRecord(trx, old.id, body.version, {
      ...values,
      updateBy: actor.username,
      updateTime: nowIso(),
    });
    if (changed === 0) {
      const now = await repo.findBizRecord(trx, old.id);
      throw AppError.business(
        !now ? ACCOUNTING_TEXT.notFound : now.status === '1' ? ACCOUNTING_TEXT.documented : ACCOUNTING_TEXT.stale,
      );
    }
  });
  return queryBizRecord(db, actor, body.id);
}

/** delete / deleteBatch: all or nothing; refused when one is documented or in a closed period. */
export async function deleteBizRecords(db: Db, actor: AccountingActor, ids: readonly string[]): Promise<number> {
  const own = new Set(await callerOrgs(db, actor));
  const rows = (await repo.findBizRecords(db, ids)).filter((r) => own.has(r.orgId));
  if (rows.length !== new Set(ids).size) throw AppError.business(ACCOUNTING_TEXT.notFound);
  const documented = rows.filter((r) => r.status === '1').length;
  if (documented > 0) {
    throw AppError.business(ids.length === 1 ? ACCOUNTING_TEXT.documented : ACCOUNTING_TEXT.documentedSome(documented));
  }
  return db.transaction().execute(async (trx) => {
    await lockRecordPeriods(trx, rows);
    const n = await repo.deleteBizRecords(trx, ids);
    // A generate documented one of them in between.
    if (n !== rows.length) throw AppError.business(ACCOUNTING_TEXT.documented);
    return n;
  });
}
