/**
 * /voucher/voucherTemplate/* (凭证模板) and /voucher/ledger/* (账簿管理), issue 15: reads need the workspace's view
 * code or the screen's edit code, writes the edit code; every write lands in the operate log.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNTING_PERMISSIONS as P } from '@houtai/shared/contract/accounting';
import {
  LEDGER_PATHS,
  LEDGER_TEXT,
  LedgerAddBody,
  LedgerEditBody,
  LedgerIdQuery,
  LedgerListQuery,
  TEMPLATE_PATHS,
  TEMPLATE_TEXT,
  TemplateDeleteQuery,
  TemplateSaveBody,
} from '@houtai/shared/contract/accounting-template';
import { ok, okMessage } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import { addLedger, deleteLedger, editLedger, listLedgers, queryLedger } from './ledger.service.ts';
import { deleteTemplate, listTemplates, saveTemplate, templateSubjects } from './template.service.ts';

const tags = ['accounting'];
const templateRead = { policy: { permission: [P.view, P.templateEdit] } };
const ledgerRead = { policy: { permission: [P.view, P.ledgerEdit] } };
const write = (permission: string, operation: string, operateType: '2' | '3' | '4') => ({
  policy: { permission },
  operation,
  operateType,
});

export const templateLedgerRoutes: FastifyPluginAsyncZod = async (app) => {
  // ---- voucher templates ----
  app.get(TEMPLATE_PATHS.list, { config: templateRead, schema: { tags } }, async () => ok(await listTemplates(app.db)));
  app.get(TEMPLATE_PATHS.subjects, { config: templateRead, schema: { tags } }, async () =>
    ok(await templateSubjects(app.db)),
  );
  app.post(
    TEMPLATE_PATHS.save,
    { config: write(P.templateEdit, '保存凭证模板', '3'), schema: { body: TemplateSaveBody, tags } },
    async (request) => {
      const { user } = requireSession(request);
      request.relateId = request.body.dataSource;
      request.auditNote = `${request.body.name}：${request.body.lines.length} 条分录`;
      return ok(await saveTemplate(app.db, { username: user.username }, request.body), TEMPLATE_TEXT.saved);
    },
  );
  app.delete(
    TEMPLATE_PATHS.delete,
    { config: write(P.templateEdit, '删除凭证模板', '4'), schema: { querystring: TemplateDeleteQuery, tags } },
    async (request) => {
      request.relateId = request.query.dataSource;
      await deleteTemplate(app.db, request.query.dataSource);
      return okMessage(TEMPLATE_TEXT.deleted);
    },
  );

  // ---- ledgers ----
  app.get(LEDGER_PATHS.list, { config: ledgerRead, schema: { querystring: LedgerListQuery, tags } }, async (request) =>
    ok(await listLedgers(app.db, request.query)),
  );
  app.get(
    LEDGER_PATHS.queryById,
    { config: ledgerRead, schema: { querystring: LedgerIdQuery, tags } },
    async (request) => ok(await queryLedger(app.db, request.query.id)),
  );
  app.post(
    LEDGER_PATHS.add,
    { config: write(P.ledgerEdit, '添加账簿', '2'), schema: { body: LedgerAddBody, tags } },
    async (request) => {
      const { user } = requireSession(request);
      const l = await addLedger(app.db, { username: user.username }, request.body);
      request.relateId = l.id;
      return ok(l, LEDGER_TEXT.added);
    },
  );
  app.route({
    method: ['PUT', 'POST'],
    url: LEDGER_PATHS.edit,
    config: write(P.ledgerEdit, '编辑账簿', '3'),
    schema: { body: LedgerEditBody, tags },
    handler: async (request) => {
      const { user } = requireSession(request);
      request.relateId = request.body.id;
      return ok(await editLedger(app.db, { username: user.username }, request.body), LEDGER_TEXT.edited);
    },
  });
  app.delete(
    LEDGER_PATHS.delete,
    { config: write(P.ledgerEdit, '删除账簿', '4'), schema: { querystring: LedgerIdQuery, tags } },
    async (request) => {
      request.relateId = request.query.id;
      await deleteLedger(app.db, request.query.id);
      return okMessage(LEDGER_TEXT.deleted);
    },
  );
};
