/**
 * /task/asyncTask/*: add an export or import task, retry a failed one, the caller's own tasks. The routes ask for a
 * session; the kind's own permission code is checked by the service for the requester, when the task is added and
 * when it runs. The kinds come from the business modules (modules/index.ts); this module names none of them.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ASYNC_TASK_TEXT,
  AsyncTaskAddBody,
  AsyncTaskListQuery,
  AsyncTaskRetryBody,
} from '@houtai/shared/contract/async-task';
import { createTaskRunner } from '../../jobs/create-task-runner.ts';
import { ok } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import type { TaskKindRegistry } from './async-task.kinds.ts';
import { addTask, failInterruptedTasks, listMyTasks, retryTask, runTask, type TaskDeps } from './async-task.service.ts';

const tags = ['async-task'];

/** The task centre's routes and runner, over the kinds every module registered. */
export function asyncTaskRoutes(kinds: TaskKindRegistry): FastifyPluginAsyncZod {
  return async (app) => {
    const deps = (log: FastifyRequest['log']): TaskDeps => ({
      db: app.db,
      storage: app.storage,
      realtime: app.realtime,
      permissions: app.permissionCodes,
      now: app.services.now,
      log,
      kinds,
    });
    const runner = await createTaskRunner(
      app.config,
      (taskId) => runTask(deps(app.log), taskId),
      app.log,
      app.taskCentre,
    );
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
  };
}
