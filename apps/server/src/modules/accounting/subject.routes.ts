/**
 * /voucher/accSubject/* (issue 15): the 会计科目 screen's tree list, add, edit (PUT and POST) and delete. Reading
 * needs the workspace's view code or the subject edit code, writing the edit code; writes land in the operate log.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNTING_PERMISSIONS as P } from '@houtai/shared/contract/accounting';
import {
  SUBJECT_PATHS as PATH,
  SUBJECT_TEXT,
  SubjectAddBody,
  SubjectEditBody,
  SubjectIdQuery,
  SubjectListQuery,
} from '@houtai/shared/contract/accounting-subject';
import { ok, okMessage } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import { addSubject, deleteSubject, editSubject, listSubjectTree } from './subject.service.ts';

const tags = ['accounting'];
const read = { policy: { permission: [P.view, P.subjectEdit] } };
const write = (operation: string, operateType: '2' | '3' | '4') => ({
  policy: { permission: P.subjectEdit },
  operation,
  operateType,
});

export const subjectRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(PATH.list, { config: read, schema: { querystring: SubjectListQuery, tags } }, async (request) =>
    ok(await listSubjectTree(app.db, request.query)),
  );

  app.post(
    PATH.add,
    { config: write('添加会计科目', '2'), schema: { body: SubjectAddBody, tags } },
    async (request) => {
      const { user } = requireSession(request);
      const s = await addSubject(app.db, { username: user.username }, request.body);
      request.relateId = s.id;
      request.auditNote = `${s.code} ${s.name}`;
      return ok(s, SUBJECT_TEXT.added);
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: PATH.edit,
    config: write('编辑会计科目', '3'),
    schema: { body: SubjectEditBody, tags },
    handler: async (request) => {
      const { user } = requireSession(request);
      request.relateId = request.body.id;
      const s = await editSubject(app.db, { username: user.username }, request.body);
      request.auditNote = `${s.code} ${s.name}`;
      return ok(s, SUBJECT_TEXT.edited);
    },
  });

  app.delete(
    PATH.delete,
    { config: write('删除会计科目', '4'), schema: { querystring: SubjectIdQuery, tags } },
    async (request) => {
      request.relateId = request.query.id;
      const s = await deleteSubject(app.db, request.query.id);
      request.auditNote = `${s.code} ${s.name}`;
      return okMessage(SUBJECT_TEXT.deleted);
    },
  );
};
