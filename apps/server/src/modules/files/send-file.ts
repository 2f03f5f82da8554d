/** Writes a stored file as the answer: images inline, anything else as an attachment in a sandbox; never sniffed. */
import contentDisposition from 'content-disposition';
import type { FastifyReply } from 'fastify';
import type { ReadableFile } from './files.service.ts';

export function sendStoredFile(reply: FastifyReply, file: ReadableFile): FastifyReply {
  reply.header('content-type', file.contentType);
  reply.header('content-length', String(file.size));
  reply.header('x-content-type-options', 'nosniff');
  // Keys are never reused: public files may be cached for good; private ones stay out of shared caches.
  reply.header('cache-control', file.isPublic ? 'public, max-age=31536000, immutable' : 'private, no-store');
  if (!file.isImage) {
    reply.header('content-disposition', contentDisposition(file.name));
    reply.header('content-security-policy', 'sandbox');
  }
  return reply.send(file.stream);
}
