/**
 * The direct-upload client (spec widgets §4, §7, §9; shell §4): a file goes with a short-lived credential from
 * GET /sys/file/oss/sts — one PUT under 5 MB, else a multipart upload of 5 MB parts, 4 at a time. A credential is
 * fetched again when 5 minutes or less remain (checked before every request) and every 429e5 ms while held; a
 * remove (the signal) or a credential that cannot be renewed cancels the upload and abandons its parts.
 * Messages: '获取授权失败！' without a credential, '{file}上传OSS失败！' when the store refuses, or the server's
 * own reason for a refused file ('请上传图片' …).
 */
import {
  CREDENTIAL_REFRESH_MARGIN_MS,
  CREDENTIAL_REFRESH_TIMER_MS,
  UPLOAD_PARALLEL_PARTS,
  UPLOAD_PART_BYTES,
  UPLOAD_TEXT,
  type UploadCredential,
} from '@houtai/shared/upload';
import type { ApiResult } from '@houtai/shared/contract/common';
import { http } from './http.ts';
import { abortError, isAbortError, xhrSend, type XhrAnswer, type XhrSend } from './xhr-send.ts';

export interface StoredUpload {
  /** The stored path (what upload fields keep). */
  path: string;
  name: string;
  size: number;
}

export interface UploadOptions {
  /** The upload folder (temp by default). */
  biz?: string;
  /** Percent sent, 0–100. */
  onProgress?: (percent: number) => void;
  /** Aborting cancels the upload (a removed file). */
  signal?: AbortSignal;
}

export interface DirectUploadDeps {
  send: XhrSend;
  /** GET /sys/file/oss/sts with the query. */
  credential: (query: Record<string, string | number>) => Promise<ApiResult<UploadCredential | null>>;
  now: () => number;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

export class UploadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadError';
  }
}

const defaults: DirectUploadDeps = {
  send: xhrSend,
  credential: (query) => http.get<UploadCredential | null>('/sys/file/oss/sts', query, { silent: true }),
  now: () => Date.now(),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

function isEnvelope(v: unknown): v is ApiResult<unknown> {
  return typeof v === 'object' && v !== null && 'success' in v;
}

/** What a refused storage request says: the server's reason for a refused file, else the spec's texts. */
function refusal(answer: XhrAnswer, name: string): UploadError {
  const body = answer.body;
  if (answer.status === 403) return new UploadError(UPLOAD_TEXT.authFailed);
  if (answer.status === 200 && isEnvelope(body) && body.message) return new UploadError(body.message);
  if (answer.status === 413 && isEnvelope(body) && body.message) return new UploadError(body.message);
  return new UploadError(UPLOAD_TEXT.ossFailed(name));
}

function okResult<T>(answer: XhrAnswer): T | null {
  const body = answer.body;
  if (answer.status < 200 || answer.status >= 300 || !isEnvelope(body) || !body.success) return null;
  return body.result as T;
}

export interface DirectUploader {
  upload(file: File, opts?: UploadOptions): Promise<StoredUpload>;
  /** Credentials held by uploads in progress (for tests and diagnostics). */
  held(): number;
}

export function createDirectUploader(overrides: Partial<DirectUploadDeps> = {}): DirectUploader {
  const deps: DirectUploadDeps = { ...defaults, ...overrides };
  const holders = new Set<CredentialHolder>();
  let timer: unknown = null;

  class CredentialHolder {
    private refreshing: Promise<UploadCredential> | null = null;
    constructor(public current: UploadCredential) {}

    /** The credential, renewed first when 5 minutes or less remain. */
    async fresh(): Promise<UploadCredential> {
      const left = Date.parse(this.current.expiration) - deps.now();
      return left > CREDENTIAL_REFRESH_MARGIN_MS ? this.current : this.refresh();
    }

    refresh(): Promise<UploadCredential> {
      this.refreshing ??= deps
        .credential({ key: this.current.key })
        .then(
          (res) => {
            if (!res.success || !res.result) throw new UploadError(UPLOAD_TEXT.authFailed);
            this.current = res.result;
            return res.result;
          },
          () => {
            throw new UploadError(UPLOAD_TEXT.authFailed);
          },
        )
        .finally(() => {
          this.refreshing = null;
        });
      return this.refreshing;
    }
  }

  function hold(h: CredentialHolder): void {
    holders.add(h);
    timer ??= deps.setInterval(() => {
      for (const held of holders) held.refresh().catch(() => undefined);
    }, CREDENTIAL_REFRESH_TIMER_MS);
  }

  function release(h: CredentialHolder): void {
    holders.delete(h);
    if (holders.size === 0 && timer !== null) {
      deps.clearInterval(timer);
      timer = null;
    }
  }

  async function firstCredential(file: File, biz: string | undefined): Promise<UploadCredential> {
    let res: ApiResult<UploadCredential | null>;
    try {
      res = await deps.credential({ biz: biz ?? 'temp', filename: file.name, size: file.size });
    } catch {
      throw new UploadError(UPLOAD_TEXT.authFailed);
    }
    if (!res.success || !res.result) throw new UploadError(UPLOAD_TEXT.authFailed);
    return res.result;
  }

  async function single(
    file: File,
    h: CredentialHolder,
    signal: AbortSignal,
    report: (loaded: number) => void,
  ): Promise<StoredUpload> {
    const c = await h.fresh();
    const answer = await deps.send({
      method: 'PUT',
      url: c.url,
      body: file,
      headers: { 'Content-Type': 'application/octet-stream' },
      onProgress: report,
      signal,
    });
    const stored = okResult<StoredUpload>(answer);
    if (!stored) throw refusal(answer, file.name);
    return stored;
  }

  async function multipart(
    file: File,
    h: CredentialHolder,
    signal: AbortSignal,
    report: (loaded: number) => void,
  ): Promise<StoredUpload> {
    const partSize = h.current.partSize || UPLOAD_PART_BYTES;
    const started = okResult<{ uploadId: string }>(
      await deps.send({ method: 'POST', url: `${(await h.fresh()).url}&uploads=1`, signal }),
    );
    if (!started) throw new UploadError(UPLOAD_TEXT.ossFailed(file.name));
    const uploadId = encodeURIComponent(started.uploadId);
    const count = Math.ceil(file.size / partSize);
    const loaded = new Array<number>(count).fill(0);
    const sum = () => loaded.reduce((a, b) => a + b, 0);
    // The parts share one abort: the first failure stops the others.
    const parts = new AbortController();
    const stop = () => parts.abort();
    signal.addEventListener('abort', stop, { once: true });
    let next = 0;
    const worker = async () => {
      while (next < count && !parts.signal.aborted) {
        const i = next++;
        const c = await h.fresh();
        const answer = await deps.send({
          method: 'PUT',
          url: `${c.url}&uploadId=${uploadId}&partNumber=${i + 1}`,
          body: file.slice(i * partSize, Math.min(file.size, (i + 1) * partSize)),
          headers: { 'Content-Type': 'application/octet-stream' },
          onProgress: (n) => {
            loaded[i] = n;
            report(sum());
          },
          signal: parts.signal,
        });
        if (!okResult(answer)) throw refusal(answer, file.name);
        loaded[i] = Math.min(file.size, (i + 1) * partSize) - i * partSize;
        report(sum());
      }
    };
    // The first failure is the reason; the aborts it causes in the other parts are not.
    let firstError: Error | null = null;
    try {
      await Promise.all(
        Array.from({ length: Math.min(UPLOAD_PARALLEL_PARTS, count) }, () =>
          worker().catch((err: unknown) => {
            firstError ??= err instanceof Error ? err : new Error('upload failed', { cause: err });
            parts.abort();
          }),
        ),
      );
      if (firstError !== null) {
        throw signal.aborted ? abortError() : firstError;
      }
      const c = await h.fresh();
      const answer = await deps.send({
        method: 'POST',
        url: `${c.url}&uploadId=${uploadId}`,
        body: JSON.stringify({ parts: Array.from({ length: count }, (_, i) => i + 1) }),
        headers: { 'Content-Type': 'application/json' },
        signal,
      });
      const stored = okResult<StoredUpload>(answer);
      if (!stored) throw refusal(answer, file.name);
      return stored;
    } catch (err) {
      // Abandon the parts (best effort; not tied to the aborted signal).
      void deps.send({ method: 'DELETE', url: `${h.current.url}&uploadId=${uploadId}` }).catch(() => undefined);
      throw err;
    } finally {
      signal.removeEventListener('abort', stop);
    }
  }

  return {
    held: () => holders.size,
    async upload(file, opts = {}) {
      const signal = opts.signal ?? new AbortController().signal;
      if (signal.aborted) throw abortError();
      const h = new CredentialHolder(await firstCredential(file, opts.biz));
      hold(h);
      let last = -1;
      const report = (loaded: number) => {
        const percent = file.size === 0 ? 99 : Math.min(99, Math.floor((loaded / file.size) * 100));
        if (percent !== last) opts.onProgress?.((last = percent));
      };
      try {
        const stored =
          file.size < (h.current.partSize || UPLOAD_PART_BYTES)
            ? await single(file, h, signal, report)
            : await multipart(file, h, signal, report);
        opts.onProgress?.(100);
        return stored;
      } catch (err) {
        if (signal.aborted || isAbortError(err)) throw abortError();
        if (err instanceof UploadError) throw err;
        throw new UploadError(UPLOAD_TEXT.ossFailed(file.name));
      } finally {
        release(h);
      }
    },
  };
}

/** The app's direct uploader (one refresh timer for every upload in progress). */
export const directUploader = createDirectUploader();
