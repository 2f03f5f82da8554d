/**
 * People to give a work order to: the table dictionary sys_user,realname,id (active users; signed, contract §4.1),
 * searched by real name, a page of TABLE_DICT_PAGE_SIZE.
 */
import { searchTableDict } from '../../../lib/dict/table-dict.ts';
import type { DictOption } from '../../../lib/dict/use-dict-options.ts';

export const USER_DICT = 'sys_user,realname,id';

export type UserOption = DictOption;

export function searchUsers(keyword: string): Promise<UserOption[]> {
  return searchTableDict(USER_DICT, keyword, { fallback: '获取用户失败' });
}
