/**
 * /sys/position/* (contract §2.10): the list the 职务管理 screen and the JeecgBoot clients read, and the position
 * administration — add, edit (PUT and POST), delete, deleteBatch, queryById, queryByCode, checkCode. The list keeps
 * the picker's policy and accepts the screen's list code; writes need the screen's edit code.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_PERMISSIONS, ADMIN_TEXT } from '@houtai/shared/contract/admin';
import {
  POSITION_TEXT,
  PositionAddBody,
  PositionAdminListQuery,
  PositionCheckCodeQuery,
  PositionCodeQuery,
  PositionEditBody,
  PositionIdQuery,
  PositionIdsQuery,
} from '@houtai/shared/contract/admin-position';
import { PICKER_PERMISSIONS } from '@houtai/shared/contract/pickers';
import { AppError } from '../../errors.ts';
import { ok, okMessage } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import {
  addPosition,
  deletePositions,
  editPosition,
  listPositionRecords,
  positionCodeFree,
  queryPosition,
  queryPositionByCode,
} from './position-admin.service.ts';

const tags = ['position'];
const P = ADMIN_PERMISSIONS.position;
const read = { policy: { permission: [PICKER_PERMISSIONS.read, P.list, P.edit] } };

export const positionAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sys/position/list',
    { config: read, schema: { querystring: PositionAdminListQuery, tags } },
    async (request) => ok(await listPositionRecords(app.db, request.query)),
  );

  app.get(
    '/sys/position/queryById',
    { config: read, schema: { querystring: PositionIdQuery, tags } },
    async (request) => ok(await queryPosition(app.db, request.query.id)),
  );

  app.get(
    '/sys/position/queryByCode',
    { config: read, schema: { querystring: PositionCodeQuery, tags } },
    async (request) => ok(await queryPositionByCode(app.db, request.query.code)),
  );

  app.get(
    '/sys/position/checkCode',
    { config: { policy: { permission: P.edit } }, schema: { querystring: PositionCheckCodeQuery, tags } },
    async (request) => {
      if (!(await positionCodeFree(app.db, request.query))) throw AppError.business(POSITION_TEXT.codeTaken);
      return ok(true);
    },
  );

  app.post(
    '/sys/position/add',
    {
      config: { policy: { permission: P.edit }, operation: '添加职务', operateType: '2' },
      schema: { body: PositionAddBody, tags },
    },
    async (request) => {
      const { user } = requireSession(request);
      const p = await addPosition(app.db, { username: user.username }, request.body);
      request.relateId = p.id;
      return ok(p, ADMIN_TEXT.added);
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/position/edit',
    config: { policy: { permission: P.edit }, operation: '编辑职务', operateType: '3' },
    schema: { body: PositionEditBody, tags },
    handler: async (request) => {
      const { user } = requireSession(request);
      request.relateId = request.body.id;
      return ok(await editPosition(app.db, { username: user.username }, request.body), ADMIN_TEXT.edited);
    },
  });

  app.delete(
    '/sys/position/delete',
    {
      config: { policy: { permission: P.edit }, operation: '删除职务', operateType: '4' },
      schema: { querystring: PositionIdQuery, tags },
    },
    async (request) => {
      request.relateId = request.query.id;
      await deletePositions(app.db, [request.query.id]);
      return okMessage(ADMIN_TEXT.deleted);
    },
  );

  app.delete(
    '/sys/position/deleteBatch',
    {
      config: { policy: { permission: P.edit }, operation: '批量删除职务', operateType: '4' },
      schema: { querystring: PositionIdsQuery, tags },
    },
    async (request) => {
      await deletePositions(app.db, request.query.ids);
      return okMessage(ADMIN_TEXT.deleted);
    },
  );
};
