/**
 * GET /sys/file/oss/sts and GET /api/pda/oss/auth (both under API_PREFIX, like every call of the spec, whose
 * paths are relative to the API base): a direct-upload credential for one file (or, with `key`, a fresh one for a
 * scope the caller holds). The credential's URL takes the file, all with the caller's session:
 *   PUT    {url}                              the whole file (under 5 MB)
 *   POST   {url}&uploads=1                    start a multipart upload → {uploadId, partSize}
 *   PUT    {url}&uploadId=…&partNumber=N      part N (1…), 5 MB each but the last
 *   POST   {url}&uploadId=…   {parts:[1…N]}   join the parts into the file
 *   DELETE {url}&uploadId=…                   abandon the upload and its parts
 */
import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { extensionOf, maxBytesFor, tooLargeMessage, uploadKind } from '@houtai/shared/upload';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { fail, ok } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import { storeUpload, type StoredFile } from '../files/files.service.ts';
import {
  abortMultipart,
  completeMultipart,
  MULTIPART_TEXT,
  putPart,
  startMultipart,
  sweepExpiredUploads,
} from './oss-multipart.service.ts';
import { OSS_AUTH_FAILED, PART_SIZE, PUT_ROUTE, UploadCredentials } from './oss.service.ts';

const tags = ['files'];
const CredentialQuery = z.object({
  biz: z.string().max(32).optional(),
  filename: z.string().max(255).optional(),
  size: z.coerce.number().int().nonnegative().optional(),
  /** A scope the caller was given: answers a fresh credential for it. */
  key: z.string().max(400).optional(),
});
const PutQuery = z.object({
  expires: z.string().max(20).optional(),
  nonce: z.string().max(64).optional(),
  signature: z.string().max(128).optional(),
  uploads: z.string().max(8).optional(),
  uploadId: z.string().max(64).optional(),
  partNumber: z.coerce.number().int().optional(),
});
const CompleteBody = z.object({ parts: z.array(z.number().int()).min(1).max(100) });
/** Sweep unfinished multipart uploads this often. */
const SWEEP_EVERY_MS = 30 * 60 * 1000;

/** Reads a small JSON body from the raw request (the parser leaves bodies unread here); null when not JSON. */
async function readSmallJson(stream: Readable, maxBytes: number): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      stream.resume();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

export const ossRoutes: FastifyPluginAsyncZod = async (app) => {
  const credentials = new UploadCredentials(app.config.signSecret);
  const deps = { db: app.db, storage: app.storage, services: app.services };

  for (const url of ['/sys/file/oss/sts', '/api/pda/oss/auth']) {
    app.get(url, { config: { policy: 'authenticated' }, schema: { querystring: CredentialQuery, tags } }, (request) => {
      const session = requireSession(request);
      const q = request.query;
      const now = app.services.now();
      const credential =
        q.key !== undefined
          ? credentials.refresh(session, q.key, now)
          : q.filename === undefined
            ? null
            : credentials.issue(session, { ...q, filename: q.filename }, now);
      return Promise.resolve(credential ? ok(credential) : fail(OSS_AUTH_FAILED));
    });
  }

  // Unfinished multipart uploads expire: their parts are removed at start and then every half hour.
  let sweeper: NodeJS.Timeout | null = null;
  const sweep = () =>
    sweepExpiredUploads(deps).catch((err: unknown) => app.log.error({ err }, 'multipart sweep failed'));
  app.addHook('onReady', async () => {
    await sweep();
    sweeper = setInterval(() => void sweep(), SWEEP_EVERY_MS);
    sweeper.unref();
  });
  app.addHook('onClose', () => {
    if (sweeper) clearInterval(sweeper);
  });

  // The PUT body is the file itself, whatever its content type: left unread by the parser (so no hook walks it as
  // `request.body`) and streamed from the raw request by the handler, never buffered whole.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const keyOf = (params: unknown) => (params as { '*': string })['*'];
  const stored = (file: StoredFile, key: string) =>
    ok({ path: file.path, name: file.name, size: file.size, key }, file.path);

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
      const key = keyOf(request.params);
      const q = request.query;
      const now = app.services.now();
      // A part of a multipart upload: the credential is checked, not used up.
      if (q.uploadId !== undefined) {
        const scope = credentials.check(key, session.user.id, q, now);
        if (!scope) return refuse(OSS_AUTH_FAILED);
        if (Number(request.headers['content-length']) > PART_SIZE) return refuse(MULTIPART_TEXT.partSize, 413);
        const part = await putPart(deps, session, {
          key,
          uploadId: q.uploadId,
          partNumber: q.partNumber ?? 0,
          scope,
          stream,
        });
        return ok(part);
      }
      const scope = credentials.redeem(key, session.user.id, q, now);
      if (!scope) return refuse(OSS_AUTH_FAILED);
      // The declared length, when there is one, is checked before a byte is read; the count while streaming.
      const kind = uploadKind(extensionOf(scope.filename));
      const declared = Number(request.headers['content-length']);
      if (kind && declared > maxBytesFor(kind)) return refuse(tooLargeMessage(kind), 413);
      const file = await storeUpload(deps, session, { biz: scope.biz, filename: scope.filename, stream });
      request.relateId = file.id;
      request.auditNote = file.path;
      return stored(file, key);
    },
  );

  app.post(
    `${PUT_ROUTE}/*`,
    {
      config: { policy: 'authenticated', operation: '上传文件', operateType: '2' },
      schema: { querystring: PutQuery, tags },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const stream: Readable = request.raw;
      const key = keyOf(request.params);
      const q = request.query;
      const scope = credentials.check(key, session.user.id, q, app.services.now());
      if (!scope) {
        stream.resume();
        return reply.status(403).send(fail(OSS_AUTH_FAILED, 403));
      }
      if (q.uploadId === undefined) {
        stream.resume();
        if (q.uploads === undefined) throw AppError.badRequest(MULTIPART_TEXT.incomplete);
        return ok(await startMultipart(deps, session, key));
      }
      const parsed = CompleteBody.safeParse(await readSmallJson(stream, 8 * 1024));
      if (!parsed.success) throw AppError.business(MULTIPART_TEXT.incomplete);
      const file = await completeMultipart(deps, session, {
        key,
        uploadId: q.uploadId,
        scope,
        parts: parsed.data.parts,
        consume: () => credentials.consume(scope),
      });
      request.relateId = file.id;
      request.auditNote = file.path;
      return stored(file, key);
    },
  );

  app.delete(
    `${PUT_ROUTE}/*`,
    {
      config: { policy: 'authenticated', operation: '取消上传', operateType: '4' },
      schema: { querystring: PutQuery, tags },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const key = keyOf(request.params);
      const q = request.query;
      const scope = credentials.check(key, session.user.id, q, app.services.now());
      if (!scope || q.uploadId === undefined) return reply.status(403).send(fail(OSS_AUTH_FAILED, 403));
      await abortMultipart(deps, session, key, q.uploadId);
      return ok(null);
    },
  );
};
