/** The 系统通告 administration calls (contract §2.3, /sys/annountCement). */
import type { AnnouncementListRecord, AnnouncementRecord } from '@houtai/shared/contract/announcement';
import type { AnnouncementAddBody } from '@houtai/shared/contract/announcement';
import { http } from '../../../lib/http.ts';

export interface AnnouncementFilters {
  titile?: string;
  msgCategory?: string;
  sendStatus?: string;
}

export interface AnnouncementPage {
  records: AnnouncementListRecord[];
  total: number;
}

/** A failed answer as an error carrying the server's message. */
function fail(message: string | undefined, fallback: string): never {
  throw new Error(message || fallback);
}

export async function listAnnouncements(
  filters: AnnouncementFilters,
  pageNo: number,
  pageSize: number,
): Promise<AnnouncementPage> {
  const res = await http.get<AnnouncementPage>('/sys/annountCement/list', {
    ...filters,
    pageNo,
    pageSize,
    column: 'createTime',
    order: 'desc',
  });
  if (!res.success || !res.result) fail(res.message, '获取系统通告失败');
  return { records: res.result.records, total: res.result.total };
}

export async function getAnnouncement(id: string): Promise<AnnouncementRecord> {
  const res = await http.get<AnnouncementRecord>('/sys/annountCement/queryById', { id });
  if (!res.success || !res.result) fail(res.message, '获取系统通告失败');
  return res.result;
}

export type AnnouncementInput = AnnouncementAddBody;

/** Adds a draft; answers the server's message (the new id is in `result`). */
export async function addAnnouncement(input: AnnouncementInput): Promise<string> {
  const res = await http.post<string>('/sys/annountCement/add', input);
  if (!res.success) fail(res.message, '添加失败');
  return res.message;
}

export async function editAnnouncement(input: AnnouncementInput & { id: string; version?: number }): Promise<string> {
  const res = await http.put<unknown>('/sys/annountCement/edit', input);
  if (!res.success) fail(res.message, '编辑失败');
  return res.message;
}

export async function deleteAnnouncements(ids: readonly string[]): Promise<string> {
  const res =
    ids.length === 1
      ? await http.delete<unknown>('/sys/annountCement/delete', { id: ids[0] })
      : await http.delete<unknown>('/sys/annountCement/deleteBatch', { ids: ids.join(',') });
  if (!res.success) fail(res.message, '删除失败');
  return res.message;
}

export async function releaseAnnouncement(id: string): Promise<string> {
  const res = await http.get<unknown>('/sys/annountCement/doReleaseData', { id });
  if (!res.success) fail(res.message, '发布失败');
  return res.message;
}

export async function revokeAnnouncement(id: string): Promise<string> {
  const res = await http.get<unknown>('/sys/annountCement/doReovkeData', { id });
  if (!res.success) fail(res.message, '撤销失败');
  return res.message;
}
