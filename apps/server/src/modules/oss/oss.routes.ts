/**
 * GET /sys/file/oss/sts and GET /api/pda/oss/auth (both under API_PREFIX, like every call of the spec, whose
 * paths are relative to the API base): a direct-upload credential for one file; PUT /sys/file/oss/put/** takes
 * the file with it. All three need a signed-in caller; the PUT also needs the credential, bound to that caller.
 */
import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { extensionOf, maxBytesFor, tooLargeMessage, uploadKind } from '@houtai/shared/upload';
import { z } from 'zod';
import { fail, ok } from '../../lib/envelope.ts';
import { requireSession } from '../current-user/require-session.ts';
import { storeUpload } from '../files/files.service.ts';
import { OSS_AUTH_FAILED, PUT_ROUTE, UploadCredentials } from './oss.service.ts';

const tags = ['files'];
const CredentialQuery = z.object({
  biz: z.string().max(32).optional(),
  filename: z.string().max(255).optional(),
  size: z.coerce.number().int().nonnegative().optional(),
});
const PutQuery = z.object({
  expires: z.string().max(20).optional(),
  nonce: z.string().max(64).optional(),
  signature: z.string().max(128).optional(),
});

export const ossRoutes: FastifyPluginAsyncZod = async (app) => {
  const credentials = new UploadCredentials(app.config.signSecret);
  const deps = { db: app.db, storage: app.storage, services: app.services };

  for (const url of ['/sys/file/oss/sts', '/api/pda/oss/auth']) {
    app.get(url, { config: { policy: 'authenticated' }, schema: { querystring: CredentialQuery, tags } }, (request) => {
      const session = requireSession(request);
      const q = request.query;
      const credential =
        q.filename === undefined
          ? null
          : credentials.issue(session, { ...q, filename: q.filename }, app.services.now());
      return Promise.resolve(credential ? ok(credential) : fail(OSS_AUTH_FAILED));
    });
  }

  // The PUT body is the file itself, whatever its content type: left unread by the parser (so no hook walks it as
  // `request.body`) and streamed from the raw request by the handler, never buffered whole.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.put(
    `${PUT_ROUTE}/*`,
    {
      config: { policy: 'authenticated', operation: '上传文件', operateType: '2' },
      schema: { querystring: PutQuery, tags },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const stream: Readable = request.raw;
      const refuse = (message: string, status = 403) => {
        stream.resume();
        return reply.status(status).send(fail(message, status));
      };
      const key = (request.params as { '*': string })['*'];
      const scope = credentials.redeem(key, session.user.id, request.query, app.services.now());
      if (!scope) return refuse(OSS_AUTH_FAILED);
      // The declared length, when there is one, is checked before a byte is read; the count while streaming.
      const kind = uploadKind(extensionOf(scope.filename));
      const declared = Number(request.headers['content-length']);
      if (kind && declared > maxBytesFor(kind)) return refuse(tooLargeMessage(kind), 413);
      const stored = await storeUpload(deps, session, { biz: scope.biz, filename: scope.filename, stream });
      request.relateId = stored.id;
      request.auditNote = stored.path;
      return ok({ path: stored.path, name: stored.name, size: stored.size, key }, stored.path);
    },
  );
};
