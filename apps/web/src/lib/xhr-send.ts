/**
 * One request through XMLHttpRequest, for uploads: fetch reports no upload progress. The session's headers are
 * added as the http client adds them (X-Access-Token, tenant-id); the answer is the status and the parsed body.
 * An abort of the signal aborts the request and rejects with an AbortError.
 */
import { apiUrl, reportSessionFailure } from './http.ts';
import { currentTenantId, currentToken } from './session-store.ts';

export interface XhrRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Relative to the API base, or absolute. */
  url: string;
  body?: Blob | FormData | string | null;
  headers?: Record<string, string>;
  /** Bytes of the body sent so far. */
  onProgress?: (loaded: number) => void;
  signal?: AbortSignal | undefined;
}

export interface XhrAnswer {
  status: number;
  /** JSON when the answer was JSON, else its text. */
  body: unknown;
}

export type XhrSend = (req: XhrRequest) => Promise<XhrAnswer>;

export function abortError(): Error {
  const err = new Error('aborted');
  err.name = 'AbortError';
  return err;
}

export function isAbortError(err: unknown): boolean {
  return err instanceof Error && err.name === 'AbortError';
}

export const xhrSend: XhrSend = (req) =>
  new Promise((resolve, reject) => {
    if (req.signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(req.method, apiUrl(req.url));
    const token = currentToken();
    if (token) xhr.setRequestHeader('X-Access-Token', token);
    xhr.setRequestHeader('tenant-id', currentTenantId());
    for (const [k, v] of Object.entries(req.headers ?? {})) xhr.setRequestHeader(k, v);
    if (req.onProgress) {
      const report = req.onProgress;
      xhr.upload.onprogress = (e) => report(e.loaded);
    }
    const onAbort = () => xhr.abort();
    req.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => req.signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      const text = xhr.responseText;
      let body: unknown = text;
      try {
        body = text ? (JSON.parse(text) as unknown) : null;
      } catch {
        // Not JSON: the text itself.
      }
      if (xhr.status >= 400) {
        const message =
          typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
            ? body.message
            : undefined;
        reportSessionFailure(xhr.status, message);
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => {
      done();
      reject(new Error('network'));
    };
    xhr.onabort = () => {
      done();
      reject(abortError());
    };
    xhr.send(req.body ?? null);
  });
