/**
 * /bi/workOrder: the list, one order with its history, the steps 添加 / 指派 / 完成 / 关闭 / 重新打开 / 评论, and the
 * list's direct export and import (the task centre's work-order kinds, run at once).
 * The route policy asks for the screen's code (bi:workOrder:list) or the step's own code (add, assign); who may
 * complete, close or reopen a given order is decided per order by the service (handler, reporter, or a holder of
 * bi:workOrder:close).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WORK_ORDER_PERMISSIONS, WORK_ORDER_TEXT } from '@houtai/shared/contract/work-order-rules';
import {
  WorkOrderAddBody,
  WorkOrderAssignBody,
  WorkOrderAttachmentQuery,
  WorkOrderCloseBody,
  WorkOrderCommentBody,
  WorkOrderCompleteBody,
  WorkOrderIdQuery,
  WorkOrderListQuery,
  WorkOrderReopenBody,
} from '@houtai/shared/contract/work-order';
import { fail, ok } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import { importExcelUpload, sendExportXls } from '../async-task/excel-endpoints.ts';
import { openFile } from '../files/files.service.ts';
import { sendStoredFile } from '../files/send-file.ts';
import {
  addWorkOrder,
  assignWorkOrder,
  attachmentOf,
  closeWorkOrder,
  commentWorkOrder,
  completeWorkOrder,
  getWorkOrder,
  listWorkOrders,
  reopenWorkOrder,
  type WorkOrderCaller,
  type WorkOrderDeps,
} from './work-order.service.ts';
import { WORK_ORDER_EXPORT, WORK_ORDER_IMPORT, WorkOrderExportParams } from './work-order.tasks.ts';

const tags = ['work-order'];
const { list, add, assign, close } = WORK_ORDER_PERMISSIONS;

async function callerOf(app: FastifyInstance, request: FastifyRequest): Promise<WorkOrderCaller> {
  const { user, permissionEpoch } = requireSession(request);
  const [canAssign, canClose] = await Promise.all([
    app.permissionCodes.has(user.id, assign, permissionEpoch),
    app.permissionCodes.has(user.id, close, permissionEpoch),
  ]);
  return { actor: { userId: user.id, canAssign, canClose }, username: user.username };
}

export const workOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (request: FastifyRequest): WorkOrderDeps => ({
    db: app.db,
    realtime: app.realtime,
    permissions: app.permissionCodes,
    now: app.services.now,
    log: request.log,
  });

  app.get(
    '/bi/workOrder/list',
    { config: { policy: { permission: list }, memo: true }, schema: { querystring: WorkOrderListQuery, tags } },
    async (request) => ok(await listWorkOrders(app.db, request.query, await callerOf(app, request))),
  );

  app.get(
    '/bi/workOrder/queryById',
    { config: { policy: { permission: list } }, schema: { querystring: WorkOrderIdQuery, tags } },
    async (request) => ok(await getWorkOrder(app.db, request.query.id, await callerOf(app, request))),
  );

  // An attached file, for anyone who sees the order (the file itself is the reporter's private upload).
  app.get(
    '/bi/workOrder/attachment',
    { config: { policy: { permission: list } }, schema: { querystring: WorkOrderAttachmentQuery, tags } },
    async (request, reply) => {
      const path = await attachmentOf(app.db, request.query, await callerOf(app, request));
      const file = await openFile({ db: app.db, storage: app.storage, services: app.services }, path, {
        userId: requireSession(request).user.id,
        seesAll: true,
      });
      if (!file) return reply.status(404).send(fail(WORK_ORDER_TEXT.attachmentNotFound, 404));
      return sendStoredFile(reply, file);
    },
  );

  app.post(
    '/bi/workOrder/add',
    {
      config: { policy: { permission: add }, operation: '添加工单', operateType: '2' },
      schema: { body: WorkOrderAddBody, tags },
    },
    async (request) => {
      const created = await addWorkOrder(deps(request), request.body, await callerOf(app, request));
      request.relateId = created.id;
      request.auditNote = created.orderNo;
      return ok(created, WORK_ORDER_TEXT.added);
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: '/bi/workOrder/assign',
    config: { policy: { permission: assign }, operation: '指派工单', operateType: '3' },
    schema: { body: WorkOrderAssignBody, tags },
    handler: async (request) => {
      await assignWorkOrder(deps(request), request.body, await callerOf(app, request));
      return ok(null, WORK_ORDER_TEXT.assigned);
    },
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/bi/workOrder/complete',
    config: { policy: { permission: list }, operation: '完成工单', operateType: '3' },
    schema: { body: WorkOrderCompleteBody, tags },
    handler: async (request) => {
      await completeWorkOrder(deps(request), request.body, await callerOf(app, request));
      return ok(null, WORK_ORDER_TEXT.completed);
    },
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/bi/workOrder/close',
    config: { policy: { permission: list }, operation: '关闭工单', operateType: '3' },
    schema: { body: WorkOrderCloseBody, tags },
    handler: async (request) => {
      await closeWorkOrder(deps(request), request.body, await callerOf(app, request));
      return ok(null, WORK_ORDER_TEXT.closed);
    },
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/bi/workOrder/reopen',
    config: { policy: { permission: list }, operation: '重新打开工单', operateType: '3' },
    schema: { body: WorkOrderReopenBody, tags },
    handler: async (request) => {
      await reopenWorkOrder(deps(request), request.body, await callerOf(app, request));
      return ok(null, WORK_ORDER_TEXT.reopened);
    },
  });

  app.post(
    '/bi/workOrder/comment',
    {
      config: { policy: { permission: list }, operation: '评论工单', operateType: '2' },
      schema: { body: WorkOrderCommentBody, tags },
    },
    async (request) => {
      await commentWorkOrder(deps(request), request.body, await callerOf(app, request));
      return ok(null, WORK_ORDER_TEXT.commented);
    },
  );

  // The list as an .xlsx download, streamed (large lists go to the task centre as the same kind).
  app.get(
    '/bi/workOrder/exportXls',
    { config: { policy: { permission: list } }, schema: { querystring: WorkOrderExportParams, tags } },
    async (request, reply) => {
      const { user } = requireSession(request);
      return sendExportXls(app, request, reply, WORK_ORDER_EXPORT, user.id, request.query);
    },
  );

  // A small file imported at once (larger ones go to the task centre as the same kind).
  app.post(
    '/bi/workOrder/importExcel',
    {
      config: { policy: { permission: add }, operation: '导入工单', operateType: '5' },
      schema: { tags, consumes: ['multipart/form-data'] },
    },
    async (request) => importExcelUpload(app, request, WORK_ORDER_IMPORT, requireSession(request).user.id),
  );
};
