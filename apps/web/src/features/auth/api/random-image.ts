import { http } from '../../../lib/http.ts';

/** GET /sys/randomImage/{key}: a captcha image as a data URI; the key comes back as checkKey at login. */
export function fetchRandomImage(key: string) {
  return http.get<string>(`/sys/randomImage/${encodeURIComponent(key)}`);
}
