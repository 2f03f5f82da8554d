/** /hr/attendance/hrAttendanceShift/list: the shift picker's list (picker read code). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PICKER_PERMISSIONS, ShiftListQuery } from '@houtai/shared/contract/pickers';
import { ok } from '../../lib/envelope.ts';
import { listShifts } from './shift.service.ts';

export const shiftRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/hr/attendance/hrAttendanceShift/list',
    {
      config: { policy: { permission: PICKER_PERMISSIONS.read } },
      schema: { querystring: ShiftListQuery, tags: ['shift'] },
    },
    async (request) => ok(await listShifts(app.db, request.query)),
  );
};
