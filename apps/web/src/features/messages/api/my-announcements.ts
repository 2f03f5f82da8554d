/**
 * GET /sys/sysAnnouncementSend/getMyAnnouncementSend: the user's messages, a page at a time, newest first
 * (spec §7, §9: column createTime, order desc).
 */
import type { MyAnnouncementRecord } from '@houtai/shared/contract/announcement';
import type { Page } from '@houtai/shared/contract/common';
import { http, unwrapResult } from '../../../lib/http.ts';

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
  const page = unwrapResult(res, '获取消息失败');
  return { records: page.records ?? [], total: page.total ?? 0 };
}
