/**
 * /task/asyncTask/*: add an export or import task, retry a failed one, the caller's own tasks; and the direct list
 * export GET /bi/workOrder/exportXls (a streamed attachment, no task). The routes ask for a session; the resource's
 * own permission code is checked by the service for the requester, when the task is added and when it runs.
 */
import { PassThrough } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import contentDisposition from 'content-disposition';
import { TEXT } from '@houtai/shared/constants';
import {
  ASYNC_TASK_TEXT,
  AsyncTaskAddBody,
  AsyncTaskListQuery,
  AsyncTaskRetryBody,
} from '@houtai/shared/contract/async-task';
import { WORK_ORDER_PERMISSIONS } from '@houtai/shared/contract/work-order-rules';
import { AppError } from '../errors.ts';
import { XlsxWriter } from '../excel/writer.ts';
import { fail, ok } from '../lib/envelope.ts';
import { IMPORT_MAX_BYTES } from '@houtai/shared/upload';
import { EXCEL_TEXT } from '../excel/excel-error.ts';
import { requireSession } from '../plugins/auth.ts';
import { findExportResource, findImportResource, WorkOrderExportParams } from './registry.ts';
import { createBullRunner, InProcessRunner, type TaskRunner } from './runner.ts';
import {
  addTask,
  failInterruptedTasks,
  importNow,
  listMyTasks,
  retryTask,
  runTask,
  type TaskDeps,
} from './task.service.ts';

const tags = ['async-task'];

export const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (log: FastifyRequest['log']): TaskDeps => ({
    db: app.db,
    storage: app.storage,
    realtime: app.realtime,
    permissions: app.permissionCodes,
    now: app.services.now,
    log,
  });
  const run = (taskId: string) => runTask(deps(app.log), taskId);
  const { redisUrl, taskQueue, taskConcurrency } = app.config;
  const runner: TaskRunner = redisUrl
    ? await createBullRunner({ redisUrl, queueName: taskQueue, concurrency: taskConcurrency, run, log: app.log })
    : new InProcessRunner(run, taskConcurrency);
  app.addHook('onClose', () => runner.close());
  // In-process tasks left running by a stopped process can never finish: failed, so they can be retried. (BullMQ
  // re-delivers a stalled job to another worker, which runs the task again.)
  if (runner.kind === 'in-process') {
    app.addHook('onReady', async () => {
      await failInterruptedTasks(app.db, app.services.now());
    });
  }
  const enqueue = (id: string) => runner.enqueue(id);

  app.post(
    '/task/asyncTask/add',
    {
      config: { policy: 'authenticated', operation: '添加异步任务', operateType: '2' },
      schema: { body: AsyncTaskAddBody, tags },
    },
    async (request) => {
      const { user } = requireSession(request);
      const { id, title } = await addTask(deps(request.log), enqueue, request.body, user.id);
      request.relateId = id;
      // The title as the message: the web app says '{message}已加入到任务中心列表' (spec widgets §8).
      return ok(id, title);
    },
  );

  app.post(
    '/task/asyncTask/retry',
    {
      config: { policy: 'authenticated', operation: '重试异步任务', operateType: '3' },
      schema: { body: AsyncTaskRetryBody, tags },
    },
    async (request) => {
      const { user } = requireSession(request);
      await retryTask(deps(request.log), enqueue, request.body.id, user.id);
      request.relateId = request.body.id;
      return ok(null, ASYNC_TASK_TEXT.retried);
    },
  );

  app.get(
    '/task/asyncTask/list/mine',
    { config: { policy: 'authenticated' }, schema: { querystring: AsyncTaskListQuery, tags } },
    async (request) => ok(await listMyTasks(app.db, request.query, requireSession(request).user.id)),
  );

  app.get(
    '/bi/workOrder/exportXls',
    {
      config: { policy: { permission: WORK_ORDER_PERMISSIONS.list } },
      schema: { querystring: WorkOrderExportParams, tags: ['work-order'] },
    },
    async (request, reply) => {
      const { user } = requireSession(request);
      const resource = findExportResource({ url: '/bi/workOrder/exportXls' });
      if (!resource) throw AppError.badRequest(ASYNC_TASK_TEXT.exportUnsupported);
      const opened = await resource.open(
        { db: app.db, userId: user.id, permissions: app.permissionCodes, now: app.services.now },
        request.query,
      );
      if (!opened) throw AppError.forbidden(TEXT.noPermission);
      const body = new PassThrough();
      const writer = XlsxWriter.create(body, resource.columns, { sheetName: resource.title });
      void (async () => {
        try {
          for await (const page of opened.pages) for (const record of page) await writer.addRow(record);
          await writer.finish();
        } catch (err) {
          request.log.error({ err }, 'list export failed');
          await writer.abort().catch(() => undefined);
          body.destroy(err as Error);
        }
      })();
      reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      reply.header('content-disposition', contentDisposition(`${resource.title}.xlsx`));
      reply.header('cache-control', 'private, no-store');
      return reply.send(body);
    },
  );

  app.post(
    '/bi/workOrder/importExcel',
    {
      config: { policy: { permission: WORK_ORDER_PERMISSIONS.add }, operation: '导入工单', operateType: '5' },
      schema: { tags: ['work-order'], consumes: ['multipart/form-data'] },
    },
    async (request) => {
      const { user } = requireSession(request);
      const resource = findImportResource({ url: '/bi/workOrder/importExcel' });
      if (!resource) throw AppError.badRequest(ASYNC_TASK_TEXT.importUnsupported);
      const part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10 } });
      if (!part) return fail(ASYNC_TASK_TEXT.emptyFile);
      if (!/\.xlsx$/i.test(part.filename)) {
        part.file.resume();
        return fail(/\.xls$/i.test(part.filename) ? EXCEL_TEXT.legacyXls : ASYNC_TASK_TEXT.importExtension);
      }
      const outcome = await importNow(deps(request.log), resource, {
        userId: user.id,
        fileName: part.filename.replace(/^.*[\\/]/, ''),
        stream: part.file,
        maxBytes: IMPORT_MAX_BYTES - 1,
      });
      if (!outcome.errorFile) return ok(null, outcome.content);
      // Some rows were rejected: code 201 with the stored error file for the dialog's download link.
      return { success: true, code: 201, message: outcome.content, result: outcome.errorFile, timestamp: Date.now() };
    },
  );
};
