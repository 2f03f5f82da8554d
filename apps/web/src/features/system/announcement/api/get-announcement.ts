/** GET /sys/annountCement/queryById: one announcement, for 查看 and 编辑. */
import type { AnnouncementRecord } from '@houtai/shared/contract/announcement';
import { http, unwrapResult } from '../../../../lib/http.ts';

export async function getAnnouncement(id: string): Promise<AnnouncementRecord> {
  return unwrapResult(await http.get<AnnouncementRecord>('/sys/annountCement/queryById', { id }), '获取系统通告失败');
}
