import type { ApiResult } from '@houtai/shared/contract/common';

export function ok<T>(result: T, message = ''): ApiResult<T> {
  return { success: true, message, code: 200, result, timestamp: Date.now() };
}

/** Jeecg's Result.ok("text"): the text in both message and result. */
export function okMessage(message: string): ApiResult<string> {
  return { success: true, message, code: 200, result: message, timestamp: Date.now() };
}

export function fail(message: string, code = 500, result: unknown = null): ApiResult<unknown> {
  return { success: false, message, code, result, timestamp: Date.now() };
}
