import { BusinessError, HttpError } from './http.ts';

/**
 * What to show for a failed call: null for an HTTP failure, which the http client's error catalogue has already
 * reported; the server's message of a business failure (null when it sent none and the call gave no fallback);
 * the message of anything else, or 操作失败.
 */
export function failureText(e: unknown): string | null {
  if (e instanceof HttpError) return null;
  if (e instanceof BusinessError) return e.message || null;
  return e instanceof Error && e.message ? e.message : '操作失败';
}
