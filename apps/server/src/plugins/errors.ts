/** One error handler: writes the envelope, logs with the request id, never leaks stack or SQL text. */
import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TEXT } from '@houtai/shared/constants';
import { AppError } from '../errors.ts';
import { isDatabaseUnavailable } from '../lib/db-errors.ts';
import { fail } from '../lib/envelope.ts';
import { API_HEADERS } from './security-headers.ts';

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

/** The Chinese text for an error status; the framework's own texts are never sent, they may echo the input. */
function statusMessage(status: number): string {
  if (status === 404) return TEXT.notFound;
  if (status === 413) return TEXT.tooLarge;
  if (status === 429) return TEXT.tooManyRequests;
  if (status === 431) return TEXT.headersTooLarge;
  return status >= 500 ? TEXT.serverError : TEXT.badRequest;
}

/**
 * Fastify's `frameworkErrors`: errors raised before routing (a bad URL escape, an over-long parameter, a failing
 * async constraint). No hook has run, so the API headers and the request id are set here.
 */
export function frameworkErrorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = err.statusCode !== undefined && err.statusCode >= 400 ? err.statusCode : 500;
  if (status >= 500) request.log.error({ code: err.code }, 'framework error');
  else request.log.info({ code: err.code }, 'client error');
  void reply
    .headers(API_HEADERS)
    .header('x-request-id', request.id)
    .status(status)
    .send(fail(statusMessage(status), status));
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the bytes (malformed request, header overflow), so
 * there is no request; the envelope is written to the raw socket as a complete HTTP/1.1 response.
 */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  this.log.debug({ code: err.code }, 'client error');
  // As Node does: never write into a response already on its way (a pipelined request failed behind it).
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const payload = JSON.stringify(fail(statusMessage(status), status));
    const headers = {
      ...API_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(payload)),
      connection: 'close',
    };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${head.join('')}\r\n${payload}`);
  }
  socket.destroy();
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (containsNul(request.query) || containsNul(request.params) || containsNul(request.body)) {
      done(AppError.badRequest(TEXT.illegalCharacters));
      return;
    }
    done();
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
      return reply.status(status).send(fail(statusMessage(status), status));
    }
    if (isDatabaseUnavailable(err)) {
      // An outage (the database restarting): the same clear answer to every request, the session untouched.
      request.log.warn({ code: (err as { code?: unknown }).code }, 'database unavailable');
      return reply.status(503).send(fail(TEXT.serviceUnavailable, 503));
    }
    if (isDataException(err)) {
      request.log.warn({ code: (err as { code?: unknown }).code }, 'database refused a value');
      return reply.status(400).send(fail(TEXT.badRequest, 400));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(fail(TEXT.serverError, 500));
  });
}
