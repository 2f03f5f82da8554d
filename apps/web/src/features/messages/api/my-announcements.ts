/**
 * GET /sys/sysAnnouncementSend/getMyAnnouncementSend: the user's messages, a page at a time, newest first
 * (spec §7, §9: column createTime, order desc).
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { MyAnnouncementRecord } from '@houtai/shared/contract/announcement';
import type { Page } from '@houtai/shared/contract/common';
import { http } from '../../../lib/http.ts';
import { MESSAGE_KEYS } from './message-keys.ts';

export type { MyAnnouncementRecord };

export interface MyAnnouncementParams {
  pageNo: number;
  pageSize: number;
  /** Title contains. */
  titile?: string;
  /** '0' unread, '1' read; absent: both. */
  readFlag?: '0' | '1';
}

export interface MyAnnouncementPage {
  records: MyAnnouncementRecord[];
  total: number;
}

export async function getMyAnnouncements(params: MyAnnouncementParams): Promise<MyAnnouncementPage> {
  const res = await http.get<Page<MyAnnouncementRecord> | null>('/sys/sysAnnouncementSend/getMyAnnouncementSend', {
    column: 'createTime',
    order: 'desc',
    pageNo: params.pageNo,
    pageSize: params.pageSize,
    ...(params.titile ? { titile: params.titile } : {}),
    ...(params.readFlag ? { readFlag: params.readFlag } : {}),
  });
  if (!res.success || !res.result) throw new Error(res.message || '获取消息失败');
  return { records: res.result.records ?? [], total: res.result.total ?? 0 };
}

export const myAnnouncementsQuery = (params: MyAnnouncementParams) =>
  queryOptions({
    queryKey: [...MESSAGE_KEYS.mine, params] as const,
    queryFn: () => getMyAnnouncements(params),
    // The previous page stays on screen under the spinner while the next one loads.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
