/** POST /sys/common/upload with biz avatar: answers the stored path (the contract puts it in the message). */
import { UPLOAD_TEXT } from '@houtai/shared/upload';
import { http, unwrap } from '../../../lib/http.ts';

export async function uploadAvatar(file: File): Promise<string> {
  // Silent: the avatar field reports a failed upload itself, next to the picture.
  const res = await http.upload<{ path: string }>('/sys/common/upload', file, { biz: 'avatar' }, { silent: true });
  unwrap(res, UPLOAD_TEXT.failed(file.name));
  return res.message;
}
