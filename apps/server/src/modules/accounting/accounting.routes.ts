/**
 * /voucher/* (issue 15): the accounting workspace's generate and sync (paths fixed by other tools), its lists, the
 * periods (结账 / 反结账), the caller's ledgers, and the business records. Viewing, generating, synchronising,
 * closing and reopening are separate permission codes; every write lands in the operate log (the reopen with its
 * reason).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNTING_PATHS as PATH,
  ACCOUNTING_PERMISSIONS as P,
  ACCOUNTING_TEXT,
  AccountingListQuery,
  BizRecordAddBody,
  BizRecordEditBody,
  BizRecordIdQuery,
  BizRecordIdsQuery,
  BizRecordListQuery,
  LedgerBalanceQuery,
  PeriodCloseBody,
  PeriodListQuery,
  PeriodReopenBody,
  VoucherLinesQuery,
  VoucherListQuery,
  VoucherRequestBody,
} from '@houtai/shared/contract/accounting';
import { ok, okMessage } from '../../lib/envelope.ts';
import { importExcelUpload, sendExportXls } from '../async-task/excel-endpoints.ts';
import { BIZ_RECORD_EXPORT, BIZ_RECORD_IMPORT, BizRecordExportParams } from './accounting.tasks.ts';
import { requireSession } from '../../plugins/auth.ts';
import {
  ledgerBalance,
  listBills,
  listSyncLogs,
  listVouchers,
  myLedgers,
  voucherLines,
} from './accounting-query.service.ts';
import { addBizRecord, deleteBizRecords, editBizRecord, listBizRecords, queryBizRecord } from './biz-record.service.ts';
import {
  closeLedgerPeriod,
  generateDocuments,
  listPeriods,
  reopenLedgerPeriod,
  syncVouchers,
  type AccountingActor,
} from './posting.service.ts';

const tags = ['accounting'];
const view = { policy: { permission: P.view } };
const bizRead = { policy: { permission: [P.bizRecordView, P.bizRecordEdit] } };
const bizWrite = (operation: string, operateType: '2' | '3' | '4') => ({
  policy: { permission: P.bizRecordEdit },
  operation,
  operateType,
});

function actorOf(request: FastifyRequest): AccountingActor {
  const { user } = requireSession(request);
  return { userId: user.id, username: user.username };
}

export const accountingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    PATH.generate,
    {
      config: { policy: { permission: P.generate }, operation: '生成单据', operateType: '2' },
      schema: { body: VoucherRequestBody, tags },
    },
    async (request) => {
      const r = await generateDocuments(app.db, actorOf(request), request.body);
      request.auditNote = `${request.body.date} ${request.body.dataSource}：${r.bills} 张`;
      return ok({ bills: r.bills }, r.message);
    },
  );

  app.post(
    PATH.sync,
    {
      config: { policy: { permission: P.sync }, operation: '同步凭证', operateType: '3' },
      schema: { body: VoucherRequestBody, tags },
    },
    async (request) => {
      const r = await syncVouchers(app.db, actorOf(request), request.body);
      request.auditNote = `${request.body.date} ${request.body.dataSource}：${r.vouchers} 张`;
      return ok({ vouchers: r.vouchers }, r.message);
    },
  );

  app.get(PATH.bills, { config: view, schema: { querystring: AccountingListQuery, tags } }, async (request) =>
    ok(await listBills(app.db, actorOf(request), request.query)),
  );
  app.get(PATH.vouchers, { config: view, schema: { querystring: VoucherListQuery, tags } }, async (request) =>
    ok(await listVouchers(app.db, actorOf(request), request.query)),
  );
  app.get(PATH.voucherLines, { config: view, schema: { querystring: VoucherLinesQuery, tags } }, async (request) =>
    ok(await voucherLines(app.db, actorOf(request), request.query.voucherId)),
  );
  app.get(PATH.syncLogs, { config: view, schema: { querystring: AccountingListQuery, tags } }, async (request) =>
    ok(await listSyncLogs(app.db, actorOf(request), request.query)),
  );
  app.get(PATH.balances, { config: view, schema: { querystring: LedgerBalanceQuery, tags } }, async (request) =>
    ok(await ledgerBalance(app.db, actorOf(request), request.query)),
  );
  // The current-ledger selector; the business records screen and the period list read it too.
  app.get(
    PATH.myLedgers,
    { config: { policy: { permission: [P.view, P.bizRecordView, P.bizRecordEdit] } }, schema: { tags } },
    async (request) => ok(await myLedgers(app.db, actorOf(request))),
  );
  app.get(PATH.periods, { config: view, schema: { querystring: PeriodListQuery, tags } }, async (request) =>
    ok(await listPeriods(app.db, actorOf(request), request.query.ledgerId)),
  );

  app.post(
    PATH.closePeriod,
    {
      config: { policy: { permission: P.close }, operation: '结账', operateType: '3' },
      schema: { body: PeriodCloseBody, tags },
    },
    async (request) => {
      request.relateId = request.body.ledgerId;
      request.auditNote = request.body.period;
      return okMessage(await closeLedgerPeriod(app.db, actorOf(request), request.body));
    },
  );

  app.post(
    PATH.reopenPeriod,
    {
      config: { policy: { permission: P.reopen }, operation: '反结账', operateType: '3' },
      schema: { body: PeriodReopenBody, tags },
    },
    async (request) => {
      request.relateId = request.body.ledgerId;
      request.auditNote = `${request.body.period}：${request.body.reason}`;
      return okMessage(await reopenLedgerPeriod(app.db, actorOf(request), request.body));
    },
  );

  // ---- business records ----
  app.get(PATH.bizRecordList, { config: bizRead, schema: { querystring: BizRecordListQuery, tags } }, async (request) =>
    ok(await listBizRecords(app.db, actorOf(request), request.query)),
  );
  app.get(PATH.bizRecordQuery, { config: bizRead, schema: { querystring: BizRecordIdQuery, tags } }, async (request) =>
    ok(await queryBizRecord(app.db, actorOf(request), request.query.id)),
  );
  app.post(
    PATH.bizRecordAdd,
    { config: bizWrite('添加业务数据', '2'), schema: { body: BizRecordAddBody, tags } },
    async (request) => {
      const r = await addBizRecord(app.db, actorOf(request), request.body);
      request.relateId = r.id;
      return ok(r, ACCOUNTING_TEXT.added);
    },
  );
  app.route({
    method: ['PUT', 'POST'],
    url: PATH.bizRecordEdit,
    config: bizWrite('编辑业务数据', '3'),
    schema: { body: BizRecordEditBody, tags },
    handler: async (request) => {
      request.relateId = request.body.id;
      return ok(await editBizRecord(app.db, actorOf(request), request.body), ACCOUNTING_TEXT.edited);
    },
  });
  app.delete(
    PATH.bizRecordDelete,
    { config: bizWrite('删除业务数据', '4'), schema: { querystring: BizRecordIdQuery, tags } },
    async (request) => {
      request.relateId = request.query.id;
      await deleteBizRecords(app.db, actorOf(request), [request.query.id]);
      return okMessage(ACCOUNTING_TEXT.deleted);
    },
  );
  app.delete(
    PATH.bizRecordDeleteBatch,
    { config: bizWrite('批量删除业务数据', '4'), schema: { querystring: BizRecordIdsQuery, tags } },
    async (request) => {
      await deleteBizRecords(app.db, actorOf(request), request.query.ids);
      return okMessage(ACCOUNTING_TEXT.deleted);
    },
  );

  // The list as an .xlsx download, streamed (large lists go to the task centre as the same kind).
  app.get(
    PATH.bizRecordExport,
    { config: { policy: { permission: P.bizRecordExport } }, schema: { querystring: BizRecordExportParams, tags } },
    async (request, reply) =>
      sendExportXls(app, request, reply, BIZ_RECORD_EXPORT, actorOf(request).userId, request.query),
  );

  // A small file imported at once (larger ones go to the task centre as the same kind).
  app.post(
    PATH.bizRecordImport,
    {
      config: { policy: { permission: P.bizRecordImport }, operation: '导入业务数据', operateType: '5' },
      schema: { tags, consumes: ['multipart/form-data'] },
    },
    async (request) => importExcelUpload(app, request, BIZ_RECORD_IMPORT, actorOf(request).userId),
  );
};
