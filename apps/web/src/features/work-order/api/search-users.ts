/**
 * People to give a work order to: the table dictionary sys_user,realname,id (active users; signed, contract §4.1),
 * searched by real name.
 */
import type { DictModel } from '@houtai/shared/contract/dict';
import { http } from '../../../lib/http.ts';

export const USER_DICT = 'sys_user,realname,id';
export const USER_SEARCH_PAGE_SIZE = 20;

export interface UserOption {
  value: string;
  label: string;
}

export async function searchUsers(keyword: string): Promise<UserOption[]> {
  const params = { keyword: keyword.trim() || undefined, pageSize: USER_SEARCH_PAGE_SIZE };
  const res = await http.get<DictModel[]>(`/sys/dict/loadDict/${USER_DICT}`, params, { signed: true });
  if (!res.success || !Array.isArray(res.result)) throw new Error(res.message || '获取用户失败');
  return res.result.map((d) => ({ value: d.value, label: d.text }));
}
