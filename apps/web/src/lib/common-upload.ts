/**
 * POST /sys/common/upload with progress (spec widgets §7): multipart `file` and `biz`; the stored path comes back
 * in `message`. Refusals carry the server's message ('禁止上传.jsp文件', '上传文件大小不能超过20MB' …); anything
 * else is '{file} 上传失败.'.
 */
import { UPLOAD_TEXT } from '@houtai/shared/upload';
import { UploadError, type StoredUpload, type UploadOptions } from './direct-upload.ts';
import { abortError, xhrSend, type XhrSend } from './xhr-send.ts';

export async function commonUpload(
  file: File,
  opts: UploadOptions = {},
  send: XhrSend = xhrSend,
): Promise<StoredUpload> {
  const form = new FormData();
  form.append('biz', opts.biz ?? 'temp');
  form.append('file', file, file.name);
  let last = -1;
  const answer = await send({
    method: 'POST',
    url: '/sys/common/upload',
    body: form,
    signal: opts.signal,
    onProgress: (loaded) => {
      const percent = file.size === 0 ? 99 : Math.min(99, Math.floor((loaded / file.size) * 100));
      if (percent !== last) opts.onProgress?.((last = percent));
    },
  }).catch((err: unknown) => {
    if (opts.signal?.aborted) throw abortError();
    throw err instanceof Error && err.name === 'AbortError' ? err : new UploadError(UPLOAD_TEXT.failed(file.name));
  });
  const body = answer.body as { success?: boolean; message?: string; result?: Partial<StoredUpload> } | null;
  if (answer.status >= 200 && answer.status < 300 && body?.success && body.message) {
    opts.onProgress?.(100);
    return { path: body.message, name: body.result?.name ?? file.name, size: body.result?.size ?? file.size };
  }
  throw new UploadError(body?.message || UPLOAD_TEXT.failed(file.name));
}
