import { http, unwrapResult } from '../../../lib/http.ts';

/** GET /sys/randomImage/{key}: a captcha image as a data URI; the key comes back as checkKey at login. */
export async function fetchRandomImage(key: string): Promise<string> {
  const res = await http.get<string>(`/sys/randomImage/${encodeURIComponent(key)}`);
  return unwrapResult(res, '', (r) => typeof r === 'string');
}
