/** One error handler: writes the envelope, logs with the request id, never leaks stack or SQL text. */
import type { FastifyError, FastifyInstance } from 'fastify';
import { TEXT } from '@houtai/shared/constants';
import { AppError } from '../errors.ts';
import { fail } from '../lib/envelope.ts';

interface ZodLikeIssue {
  message?: string;
}

function validationMessage(err: FastifyError & { validation?: unknown }): string {
  const issues = (err.validation ?? []) as ZodLikeIssue[];
  const first = Array.isArray(issues) ? issues.find((i) => i && typeof i.message === 'string') : undefined;
  const msg = first?.message;
  // Messages from our shared schemas are Chinese; anything else is replaced by a generic text.
  return msg && /[\u4e00-\u9fa5]/.test(msg) ? msg : TEXT.badRequest;
}

/** True when a value (query, params or parsed body) holds a NUL character anywhere; PostgreSQL refuses them. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1));
}

/** PostgreSQL "data exception" class (22xxx): bad input that slipped past validation, never a server fault. */
function isDataException(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.query) || containsNul(request.params) || containsNul(request.body)) {
      throw AppError.badRequest(TEXT.illegalCharacters);
    }
  });
  app.setErrorHandler((err: FastifyError & { validation?: unknown }, request, reply) => {
    if (err instanceof AppError) {
      if (err.status >= 500) request.log.error({ err }, 'app error');
      return reply.status(err.status).send(fail(err.message, err.code, err.result));
    }
    if (err.validation) {
      return reply.status(400).send(fail(validationMessage(err), 400));
    }
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send(fail(TEXT.tooLarge, 413));
    }
    if (status === 429) {
      return reply.status(429).send(fail(TEXT.tooManyRequests, 429));
    }
    if (status >= 400 && status < 500) {
      request.log.info({ code: err.code }, 'client error');
      return reply.status(status).send(fail(status === 404 ? TEXT.notFound : TEXT.badRequest, status));
    }
    if (isDataException(err)) {
      request.log.warn({ code: (err as { code?: unknown }).code }, 'database refused a value');
      return reply.status(400).send(fail(TEXT.badRequest, 400));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(fail(TEXT.serverError, 500));
  });
}
