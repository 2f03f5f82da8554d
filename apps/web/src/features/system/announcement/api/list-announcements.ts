/** GET /sys/annountCement/list: the administrator's announcements, a page at a time, newest first (contract §2.3). */
import { ANNOUNCEMENT_PAGE_SIZE_DEFAULT, type AnnouncementListRecord } from '@houtai/shared/contract/announcement';
import { http, unwrapResult } from '../../../../lib/http.ts';
import type { TableParams } from '../../../../lib/server-table/table-state.ts';
import { useServerTable } from '../../../../lib/server-table/use-server-table.ts';
import { ANNOUNCEMENT_KEYS } from './announcement-keys.ts';

export interface AnnouncementFilters {
  titile?: string;
  msgCategory?: string;
  sendStatus?: string;
}

export interface AnnouncementPage {
  records: AnnouncementListRecord[];
  total: number;
}

export async function listAnnouncements(params: TableParams<AnnouncementFilters>): Promise<AnnouncementPage> {
  const res = await http.get<AnnouncementPage>('/sys/annountCement/list', {
    ...params,
    column: 'createTime',
    order: 'desc',
  });
  const page = unwrapResult(res, '获取系统通告失败');
  return { records: page.records, total: page.total };
}

/** The administration list: filters, 10 a page, rows ticked for 批量删除. */
export function useAnnouncementTable() {
  return useServerTable<AnnouncementListRecord, AnnouncementFilters>({
    queryKey: ANNOUNCEMENT_KEYS.list,
    load: listAnnouncements,
    pageSize: ANNOUNCEMENT_PAGE_SIZE_DEFAULT,
    selection: 'page',
  });
}
