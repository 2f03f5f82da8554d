/**
 * The users' recycle bin (contract §2.7): GET /sys/user/recycleBin (policy: the user list code), PUT
 * /sys/user/putRecycleBin and DELETE /sys/user/deleteRecycleBin (policy: the user delete code — restoring undoes a
 * delete, removing finishes one; JeecgBoot's own codes differ per call, decisions.md). Writes are operate-logged
 * with the accounts' usernames.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import {
  USER_RECYCLE_TEXT,
  UserRecycleBinQuery,
  UserRecyclePurgeQuery,
  UserRecycleRestoreBody,
} from '@houtai/shared/contract/admin-user-recycle';
import { ok, okMessage } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import { listRecycleBin, purgeUsers, restoreUsers, type RecycleResult } from './user-recycle.service.ts';

const tags = ['user'];
const P = ADMIN_PERMISSIONS.user;

/** The operate log names the accounts (one id is also the record). */
function audit(request: FastifyRequest, ids: readonly string[], result: RecycleResult): void {
  if (ids.length === 1) request.relateId = ids[0] ?? null;
  request.auditNote = result.usernames.join(',');
}

export const userRecycleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sys/user/recycleBin',
    { config: { policy: { permission: P.list } }, schema: { querystring: UserRecycleBinQuery, tags } },
    async (request) => ok(await listRecycleBin(app.db, request.query)),
  );

  app.put(
    '/sys/user/putRecycleBin',
    {
      config: { policy: { permission: P.delete }, operation: '还原用户', operateType: '3' },
      schema: { body: UserRecycleRestoreBody, tags },
    },
    async (request) => {
      const { user } = requireSession(request);
      const ids = request.body.userIds;
      audit(request, ids, await restoreUsers(app.db, { id: user.id, username: user.username }, ids));
      return okMessage(USER_RECYCLE_TEXT.restored);
    },
  );

  app.delete(
    '/sys/user/deleteRecycleBin',
    {
      config: { policy: { permission: P.delete }, operation: '彻底删除用户', operateType: '4' },
      schema: { querystring: UserRecyclePurgeQuery, tags },
    },
    async (request) => {
      const ids = request.query.userIds;
      audit(request, ids, await purgeUsers(app.db, ids));
      return okMessage(USER_RECYCLE_TEXT.purged);
    },
  );
};
