/**
 * People to give a work order to: the table dictionary sys_user,realname,id (active users; signed, contract §4.1),
 * searched by real name.
 */
import { searchTableDict } from '../../../lib/dict/table-dict.ts';
import type { DictOption } from '../../../lib/dict/use-dict-options.ts';

export const USER_DICT = 'sys_user,realname,id';
export const USER_SEARCH_PAGE_SIZE = 20;

export type UserOption = DictOption;

export function searchUsers(keyword: string): Promise<UserOption[]> {
  return searchTableDict(USER_DICT, keyword, { pageSize: USER_SEARCH_PAGE_SIZE, fallback: '获取用户失败' });
}
