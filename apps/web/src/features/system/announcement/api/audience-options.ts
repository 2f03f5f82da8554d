/** The audience pickers of an announcement: users and departments from their table dictionaries. */
import { tableDictLoader } from '../../../../lib/dict/table-dict.ts';

export const USER_OPTIONS = tableDictLoader('sys_user,realname,id');
export const DEPART_OPTIONS = tableDictLoader('sys_depart,depart_name,id');
