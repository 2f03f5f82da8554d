import { describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '@houtai/shared/contract/common';
import type { UploadCredential } from '@houtai/shared/upload';
import { createDirectUploader } from './direct-upload.ts';
import type { XhrAnswer, XhrRequest } from './xhr-send.ts';

const MB = 1024 * 1024;
const T0 = Date.parse('2026-11-25T08:00:00Z');

function envelope<T>(result: T, success = true, message = ''): ApiResult<T> {
  return { success, message, code: success ? 200 : 500, result, timestamp: 0 };
}

function credential(n: number, expiresInMs = 15 * 60_000, at = T0): UploadCredential {
  return {
    method: 'PUT',
    url: `/sys/file/oss/put/temp/zhangsan/20261125/160000/a.pdf?expires=1&nonce=n${n}&signature=s${n}`,
    key: 'temp/zhangsan/20261125/160000/a.pdf',
    expiration: new Date(at + expiresInMs).toISOString(),
    maxBytes: 20 * MB,
    partSize: 5 * MB,
  };
}

function file(size: number, name = 'a.pdf'): File {
  return new File([new Uint8Array(size)], name);
}

const stored = { path: 'temp/20261125/00000000-0000-0000-0000-000000000001.pdf', name: 'a.pdf', size: 0 };

/** A scripted server: credentials in order, and an answer per request. */
function harness(opts: {
  credentials?: (ApiResult<UploadCredential | null> | Error)[];
  answer?: (req: XhrRequest) => XhrAnswer | Promise<XhrAnswer>;
  now?: () => number;
}) {
  const queries: Record<string, string | number>[] = [];
  const requests: XhrRequest[] = [];
  const creds = [...(opts.credentials ?? [envelope(credential(1))])];
  const timers = { set: vi.fn((_fn: () => void, _ms: number) => 'timer'), clear: vi.fn() };
  let inFlight = 0;
  let maxInFlight = 0;
  const uploader = createDirectUploader({
    now: opts.now ?? (() => T0),
    credential: (query) => {
      queries.push(query);
      const next = creds.shift() ?? envelope(null, false, '获取授权失败！');
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
    },
    send: async (req) => {
      requests.push(req);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        await new Promise((r) => setTimeout(r, 1));
        if (req.signal?.aborted) throw Object.assign(new Error('aborted'), { name: 'AbortError' });
        const body = req.body;
        if (req.onProgress && body instanceof Blob) req.onProgress(body.size);
        return await (opts.answer ?? defaultAnswer)(req);
      } finally {
        inFlight -= 1;
      }
    },
    setInterval: timers.set,
    clearInterval: timers.clear,
  });
  return { uploader, queries, requests, timers, maxInFlight: () => maxInFlight };
}

function defaultAnswer(req: XhrRequest): XhrAnswer {
  if (req.method === 'POST' && req.url.includes('&uploads=1'))
    return { status: 200, body: envelope({ uploadId: 'u-1' }) };
  if (req.method === 'PUT' && req.url.includes('&partNumber=')) {
    return { status: 200, body: envelope({ partNumber: Number(/partNumber=(\d+)/.exec(req.url)![1]), size: 1 }) };
  }
  return { status: 200, body: envelope(stored, true, stored.path) };
}

describe('createDirectUploader', () => {
  it('sends a file under 5 MB as one PUT with the credential asked for its folder, name and size', async () => {
    const h = harness({});
    const progress: number[] = [];
    const f = file(1000);
    expect(await h.uploader.upload(f, { biz: 'avatar', onProgress: (p) => progress.push(p) })).toEqual(stored);
    expect(h.queries).toEqual([{ biz: 'avatar', filename: 'a.pdf', size: 1000 }]);
    expect(h.requests).toHaveLength(1);
    expect(h.requests[0]).toMatchObject({ method: 'PUT', url: credential(1).url });
    expect(h.requests[0]!.body).toBe(f);
    expect(progress.at(-1)).toBe(100);
    // The refresh timer ran while the credential was held, and stopped after.
    expect(h.timers.set).toHaveBeenCalledWith(expect.any(Function), 429e5);
    expect(h.timers.clear).toHaveBeenCalledTimes(1);
    expect(h.uploader.held()).toBe(0);
  });

  it('without a credential says 获取授权失败！ and sends nothing', async () => {
    const h = harness({ credentials: [envelope(null, false, '获取授权失败！')] });
    await expect(h.uploader.upload(file(10))).rejects.toThrow('获取授权失败！');
    const network = harness({ credentials: [new Error('offline')] });
    await expect(network.uploader.upload(file(10))).rejects.toThrow('获取授权失败！');
    expect(h.requests).toEqual([]);
  });

  it("says the server's reason for a refused file, or '{file}上传OSS失败！'", async () => {
    const refused = harness({ answer: () => ({ status: 200, body: envelope(null, false, '请上传图片') }) });
    await expect(refused.uploader.upload(file(10, 'x.png'))).rejects.toThrow('请上传图片');
    const broken = harness({ answer: () => ({ status: 502, body: 'Bad Gateway' }) });
    await expect(broken.uploader.upload(file(10, '报告.pdf'))).rejects.toThrow('报告.pdf上传OSS失败！');
    const expired = harness({ answer: () => ({ status: 403, body: envelope(null, false, '获取授权失败！') }) });
    await expect(expired.uploader.upload(file(10))).rejects.toThrow('获取授权失败！');
  });

  it('sends 5 MB or more as 5 MB parts, at most 4 at a time, then joins them in order', async () => {
    const h = harness({});
    const progress: number[] = [];
    const f = file(22 * MB);
    await h.uploader.upload(f, { onProgress: (p) => progress.push(p) });
    const [start, ...rest] = h.requests;
    expect(start).toMatchObject({ method: 'POST', url: `${credential(1).url}&uploads=1` });
    const parts = rest.filter((r) => r.method === 'PUT');
    expect(parts.map((p) => Number(/partNumber=(\d+)/.exec(p.url)![1])).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(parts.map((p) => (p.body as Blob).size).sort((a, b) => a - b)).toEqual([
      2 * MB,
      5 * MB,
      5 * MB,
      5 * MB,
      5 * MB,
    ]);
    expect(parts.every((p) => p.url.includes('&uploadId=u-1&'))).toBe(true);
    expect(h.maxInFlight()).toBe(4);
    const complete = rest.at(-1)!;
    expect(complete).toMatchObject({ method: 'POST', url: `${credential(1).url}&uploadId=u-1` });
    expect(JSON.parse(complete.body as string)).toEqual({ parts: [1, 2, 3, 4, 5] });
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(100);
  });

  it('renews the credential when 5 minutes or less remain and goes on with the same upload', async () => {
    let now = T0;
    const h = harness({
      credentials: [envelope(credential(1, 6 * 60_000)), envelope(credential(2, 15 * 60_000, T0 + 2 * 60_000))],
      now: () => now,
      answer: (req) => {
        // Time passes while the first part goes.
        if (req.url.includes('partNumber=1')) now = T0 + 2 * 60_000;
        return defaultAnswer(req);
      },
    });
    await h.uploader.upload(file(12 * MB));
    expect(h.queries[1]).toEqual({ key: credential(1).key });
    const complete = h.requests.at(-1)!;
    expect(complete.url).toBe(`${credential(2).url}&uploadId=u-1`);
  });

  it('a credential that cannot be renewed cancels the upload and abandons its parts', async () => {
    let now = T0;
    const h = harness({
      credentials: [envelope(credential(1, 6 * 60_000))],
      now: () => now,
      answer: (req) => {
        now = T0 + 2 * 60_000;
        return defaultAnswer(req);
      },
    });
    await expect(h.uploader.upload(file(12 * MB))).rejects.toThrow('获取授权失败！');
    await vi.waitFor(() => expect(h.requests.some((r) => r.method === 'DELETE')).toBe(true));
    expect(h.requests.find((r) => r.method === 'DELETE')!.url).toBe(`${credential(1).url}&uploadId=u-1`);
    expect(h.requests.some((r) => r.method === 'POST' && !r.url.includes('uploads=1'))).toBe(false);
  });

  it('a remove (abort) cancels the upload and abandons its parts', async () => {
    const controller = new AbortController();
    const h = harness({
      answer: (req) => {
        if (req.url.includes('partNumber=2')) controller.abort();
        return defaultAnswer(req);
      },
    });
    await expect(h.uploader.upload(file(12 * MB), { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    await vi.waitFor(() => expect(h.requests.some((r) => r.method === 'DELETE')).toBe(true));
    expect(h.uploader.held()).toBe(0);
  });

  it('a failed part stops the others and abandons the upload', async () => {
    const h = harness({
      answer: (req) => (req.url.includes('partNumber=3') ? { status: 500, body: 'boom' } : defaultAnswer(req)),
    });
    await expect(h.uploader.upload(file(22 * MB, '视频.mp4'))).rejects.toThrow('视频.mp4上传OSS失败！');
    await vi.waitFor(() => expect(h.requests.some((r) => r.method === 'DELETE')).toBe(true));
  });
});
