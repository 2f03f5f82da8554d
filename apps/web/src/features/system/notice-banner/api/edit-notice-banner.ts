/** PUT /sys/sysConfig/editNotice: saves the banner and pushes it to every open page (`cmd: 'notice'`). */
import { useMutation } from '@tanstack/react-query';
import type { NoticeBannerBody } from '@houtai/shared/contract/announcement';
import { http, unwrap } from '../../../../lib/http.ts';

/** Answers the server's message. */
export async function editNoticeBanner(body: NoticeBannerBody): Promise<string> {
  const res = await http.put<unknown>('/sys/sysConfig/editNotice', body);
  unwrap(res, '保存失败');
  return res.message;
}

/** Nothing to invalidate: the page's form holds the setting, and open banners hear of it over the socket. */
export function useEditNoticeBanner() {
  return useMutation({ mutationFn: editNoticeBanner });
}
