/**
 * 业务数据导出 / 导入 through the task centre (issue 15): the export writes the list's records (its filters, or the
 * ticked rows) with the organisation and source as names; the import adds each row as the add form would — the
 * organisation one of the requester's (by name or code), the source a leaf under A01 (by name or code), the period
 * not closed. A row that cannot be placed goes to the error file with its reason; nothing is overwritten.
 */
import {
  ACCOUNTING_LIMITS,
  BIZ_RECORD_TRANSFER_TEXT,
  type BizRecordImportRow,
  type BizRecordListQuery,
} from '@houtai/shared/contract/accounting';
import { formatMoney, formatRate, periodOf, splitTax } from '@houtai/shared/money';
import type { Db } from '../../db/connection.ts';
import { newId } from '../../lib/ids.ts';
import { categoriesUnder } from '../category/category.service.ts';
import { orgIdsByCode, orgNames } from '../settlement/settlement.service.ts';
import * as repo from './accounting.repository.ts';
import { sourceNames } from './accounting-query.service.ts';
import { bizRecordFilter } from './biz-record.service.ts';
import { callerOrgs, lockRecordPeriods, type AccountingActor } from './posting.service.ts';

const STATUS: Readonly<Record<string, string>> = { '0': '未生成', '1': '已生成' };

export async function bizRecordExportFilter(
  db: Db,
  actor: AccountingActor,
  q: BizRecordListQuery & { selections?: string[] | undefined },
): Promise<repo.BizFilter & { ids?: string[] | undefined }> {
  return { ...(await bizRecordFilter(db, actor, q)), ids: q.selections };
}

function exportQuery(db: Db, f: repo.BizFilter & { ids?: string[] | undefined }) {
  let q = repo.bizFiltered(db, f);
  if (f.ids !== undefined) q = q.where('id', 'in', f.ids.length > 0 ? f.ids : ['']);
  return q;
}

export async function countBizRecordsForExport(db: Db, f: repo.BizFilter & { ids?: string[] | undefined }) {
  const row = await exportQuery(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Pages of export records in id order (keyset: no page is read twice or skipped while rows change). */
export async function* bizRecordExportPages(
  db: Db,
  f: repo.BizFilter & { ids?: string[] | undefined },
  size: number,
): AsyncIterable<Record<string, unknown>[]> {
  const sources = await sourceNames(db);
  let after = '';
  for (;;) {
    const rows = await exportQuery(db, f)
      .select(repo.BIZ_COLUMNS)
      .where('id', '>', after)
      .orderBy('id')
      .limit(size)
      .execute();
    if (rows.length === 0) return;
    const orgs = await orgNames(
      db,
      rows.map((r) => r.orgId),
    );
    yield rows.map((r) => {
      const amount = Number(r.amount);
      const { net, tax } = splitTax(amount, r.taxRate);
      return {
        bizDate: r.bizDate,
        orgName: orgs.get(r.orgId) ?? r.orgId,
        sourceName: sources.get(r.dataSource) ?? r.dataSource,
        amount: formatMoney(amount),
        taxRate: formatRate(r.taxRate),
        taxAmount: formatMoney(tax),
        netAmount: formatMoney(net),
        counterparty: r.counterparty ?? '',
        summary: r.summary,
        status_dictText: STATUS[r.status] ?? r.status,
      };
    });
    after = rows[rows.length - 1]!.id;
    if (rows.length < size) return;
  }
}

interface Placed {
  orgId: string;
  dataSource: string;
}

/** The import's writer for one requester: `refuse` places each row (organisation, source), `insert` adds them. */
export async function bizRecordImportWriter(db: Db, actor: AccountingActor, now: () => number) {
  const own = await callerOrgs(db, actor);
  const names = await orgNames(db, own);
  const orgCodes = await orgIdsByCode(db, own);
  const orgByName = new Map([...names].map(([id, name]) => [name, id] as const));
  const leaves = (await categoriesUnder(db, ACCOUNTING_LIMITS.sourceRoot)).filter((c) => c.leaf);
  const leafByCode = new Map(leaves.map((l) => [l.code, l.code] as const));
  const leafByName = new Map<string, string | null>();
  // A name two leaves share cannot place a row (the code must be given then).
  for (const l of leaves) leafByName.set(l.name, leafByName.has(l.name) ? null : l.code);
  const placed = new WeakMap<BizRecordImportRow, Placed>();
  return {
    refuse(_trx: Db, rows: readonly BizRecordImportRow[]): Promise<Map<number, string[]>> {
      const refused = new Map<number, string[]>();
      rows.forEach((r, i) => {
        const messages: string[] = [];
        const orgId = orgByName.get(r.orgName) ?? orgCodes.get(r.orgName);
        const dataSource = leafByCode.get(r.sourceName) ?? leafByName.get(r.sourceName) ?? null;
        if (!orgId) messages.push(BIZ_RECORD_TRANSFER_TEXT.orgUnknown(r.orgName));
        if (!dataSource) messages.push(BIZ_RECORD_TRANSFER_TEXT.sourceUnknown(r.sourceName));
        if (messages.length > 0) refused.set(i, messages);
        else placed.set(r, { orgId: orgId!, dataSource: dataSource! });
      });
      return Promise.resolve(refused);
    },
    async insert(trx: Db, rows: readonly BizRecordImportRow[]): Promise<string[]> {
      const at = new Date(now()).toISOString();
      const values = rows.map((r) => {
        const p = placed.get(r)!;
        return {
          id: newId(),
          orgId: p.orgId,
          dataSource: p.dataSource,
          bizDate: r.bizDate,
          period: periodOf(r.bizDate)!,
          amount: r.amount,
          taxRate: r.taxRate,
          counterparty: r.counterparty ?? null,
          summary: r.summary,
          createBy: actor.username,
          createTime: at,
          updateBy: null,
          updateTime: null,
        };
      });
      // A closed period refuses the batch (its message names the ledger and the period).
      await lockRecordPeriods(trx, values);
      await repo.insertBizRecords(trx, values);
      return values.map((v) => v.id);
    },
  };
}
