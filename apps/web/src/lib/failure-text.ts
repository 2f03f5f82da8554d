import { HttpError } from './http.ts';

/**
 * What to show for a failed call: the server's message of a business failure, or null for an HTTP failure, which
 * the http client's error catalogue has already reported.
 */
export function failureText(e: unknown): string | null {
  if (e instanceof HttpError) return null;
  return e instanceof Error && e.message ? e.message : '操作失败';
}
