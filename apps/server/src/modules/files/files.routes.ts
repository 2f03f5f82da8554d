/**
 * POST /sys/common/upload (multipart `file`, `biz` from an allowed set; the stored path in `message`, contract
 * §2.10) and GET /sys/common/static/** (public folders to anyone, private ones to their owner).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_VIDEO_BYTES, UPLOAD_TEXT } from '@houtai/shared/upload';
import { z } from 'zod';
import { fail, ok } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import { FILES_ALL_PERMISSION, openFile, storeUpload } from './files.service.ts';
import { sendStoredFile } from './send-file.ts';

const tags = ['files'];
const UploadQuery = z.object({ biz: z.string().max(32).optional() });

function fieldValue(field: unknown): string | undefined {
  const f = Array.isArray(field) ? (field[0] as unknown) : field;
  if (f && typeof f === 'object' && 'value' in f && typeof f.value === 'string') return f.value;
  return undefined;
}

export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, storage: app.storage, services: app.services };

  app.post(
    '/sys/common/upload',
    {
      config: { policy: 'authenticated', operation: '上传文件', operateType: '2' },
      schema: { querystring: UploadQuery, tags, consumes: ['multipart/form-data'] },
    },
    async (request) => {
      const session = requireSession(request);
      // One file; its size is counted while it streams (the per-kind limit), so the parser's own cap only
      // stops bodies beyond the largest kind.
      const part = await request.file({ limits: { fileSize: MAX_VIDEO_BYTES + 1, files: 1, fields: 10 } });
      if (!part) return fail(UPLOAD_TEXT.noFile);
      const stored = await storeUpload(deps, session, {
        biz: fieldValue(part.fields.biz) ?? request.query.biz,
        filename: part.filename,
        stream: part.file,
      });
      request.relateId = stored.id;
      request.auditNote = stored.path;
      return ok({ path: stored.path, name: stored.name, size: stored.size }, stored.path);
    },
  );

  app.get('/sys/common/static/*', { config: { policy: 'public' }, schema: { tags } }, async (request, reply) => {
    const path = (request.params as { '*': string })['*'];
    const session = request.session;
    const viewer = session
      ? {
          userId: session.user.id,
          seesAll: await app.permissionCodes.has(session.user.id, FILES_ALL_PERMISSION, session.permissionEpoch),
        }
      : null;
    const file = await openFile(deps, path, viewer);
    if (!file) return reply.status(404).send(fail(UPLOAD_TEXT.notFound, 404));
    return sendStoredFile(reply, file);
  });
};
