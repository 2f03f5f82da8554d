/**
 * /hr/attendance/hrAttendanceShift/*: the list, read by the shift picker (picker read code) and by the 考勤班次 page
 * (hr:shift:edit: a clerk who edits shifts need not hold the pickers' code), and the shift grid's save (hr:shift:edit;
 * inserting also needs hr:shift:add, removing hr:shift:batch_delete).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PICKER_PERMISSIONS, ShiftListQuery } from '@houtai/shared/contract/pickers';
import { SHIFT_PERMISSIONS, SHIFT_TEXT, ShiftSaveBody } from '@houtai/shared/contract/shift';
import { ok } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import { listShifts } from './shift.service.ts';
import { saveShifts } from './shift-save.service.ts';

export const shiftRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/hr/attendance/hrAttendanceShift/list',
    {
      config: { policy: { permission: [PICKER_PERMISSIONS.read, SHIFT_PERMISSIONS.edit] } },
      schema: { querystring: ShiftListQuery, tags: ['shift'] },
    },
    async (request) => ok(await listShifts(app.db, request.query)),
  );

  app.post(
    '/hr/attendance/hrAttendanceShift/saveBatch',
    {
      config: { policy: { permission: SHIFT_PERMISSIONS.edit }, operation: '保存考勤班次', operateType: '3' },
      schema: { body: ShiftSaveBody, tags: ['shift'] },
    },
    async (request) => {
      const session = requireSession(request);
      const result = await saveShifts(
        app.db,
        {
          username: session.user.username,
          orgCode: session.user.orgCode,
          can: (code) => app.permissionCodes.has(session.user.id, code, session.permissionEpoch),
        },
        request.body,
      );
      return ok(result, SHIFT_TEXT.saved);
    },
  );
};
