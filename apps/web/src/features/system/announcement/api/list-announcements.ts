/** GET /sys/annountCement/list: the administrator's announcements, a page at a time, newest first (contract §2.3). */
import { useQueryClient } from '@tanstack/react-query';
import { ANNOUNCEMENT_PAGE_SIZE_DEFAULT, type AnnouncementListRecord } from '@houtai/shared/contract/announcement';
import { http, unwrapResult } from '../../../../lib/http.ts';
import { listApi, type ListApi } from '../../../../lib/list-api.ts';
import type { TableParams } from '../../../../lib/server-table/table-state.ts';
import { useListPage } from '../../../../widgets/list-page/use-list-page.ts';
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

/** The list's route: its key in the user's column settings. */
export const ANNOUNCEMENT_LIST_PATH = '/isystem/annountCement';

const ANNOUNCEMENT_API: ListApi<AnnouncementListRecord, AnnouncementFilters> = {
  ...listApi<AnnouncementListRecord, AnnouncementFilters>({
    delete: '/sys/annountCement/delete',
    deleteBatch: '/sys/annountCement/deleteBatch',
  }),
  load: listAnnouncements,
};

/** The administration list page: filters, 10 a page, rows ticked for 批量删除. */
export function useAnnouncementTable(selectable: boolean) {
  const client = useQueryClient();
  return useListPage<AnnouncementListRecord, AnnouncementFilters>({
    api: ANNOUNCEMENT_API,
    queryKey: ANNOUNCEMENT_KEYS.list,
    pageSize: ANNOUNCEMENT_PAGE_SIZE_DEFAULT,
    selection: selectable ? 'page' : undefined,
    // The bell and 我的消息 show announcements too.
    onRemoved: () => void client.invalidateQueries({ queryKey: ANNOUNCEMENT_KEYS.all }),
  });
}
