import type { FastifyRequest } from 'fastify';
import { TEXT } from '@houtai/shared/constants';
import { AppError } from '../../errors.ts';
import type { Session } from '../../plugins/types.ts';

/** The caller's session on an authenticated route (the auth hook has already refused requests without one). */
export function requireSession(request: FastifyRequest): Session {
  if (!request.session) throw AppError.unauthorized(TEXT.tokenInvalid);
  return request.session;
}
