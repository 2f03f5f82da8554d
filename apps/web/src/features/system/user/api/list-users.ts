/** GET /sys/user/list: the administrator's page of users (contract §2.7), newest account first by default. */
import type { PickerUser } from '@houtai/shared/contract/pickers-rules';
import { listApi, type ListApi } from '../../../../lib/list-api.ts';
import { useListPage } from '../../../../widgets/list-page/use-list-page.ts';
import { USER_EXPORT_URL, USER_IMPORT_URL } from './import-export-users.ts';
import { USER_KEYS } from './user-keys.ts';

/** A row as the list answers it to a holder of the user-administration list code (user-picker.service.ts). */
export interface UserListRecord extends PickerUser {
  avatar?: string | null;
  nickname?: string | null;
  telephone?: string | null;
  birthday?: string | null;
  userIdentity?: number | null;
}

/** The search form's fields, as /sys/user/list names them. */
export interface UserFilters {
  username?: string;
  realname?: string;
  phone?: string;
  status?: string;
  /** Users of this department and its sub-departments. */
  departId?: string;
  /** Holders of this role. */
  roleId?: string;
}

/** The list's route: its key in the user's column settings. */
export const USER_LIST_PATH = '/isystem/user';

export const USER_LIST_URLS = {
  list: '/sys/user/list',
  delete: '/sys/user/delete',
  deleteBatch: '/sys/user/deleteBatch',
  exportXls: USER_EXPORT_URL,
  importExcel: USER_IMPORT_URL,
} as const;

const URLS = listApi<UserListRecord, UserFilters>(USER_LIST_URLS, { loadFailed: '获取用户列表失败' });

/** The page's calls: the batch delete is one of the 批量操作 (delete-users.ts), not the kit's own button. */
const USER_API: ListApi<UserListRecord, UserFilters> = {
  urls: {
    list: USER_LIST_URLS.list,
    delete: USER_LIST_URLS.delete,
    exportXls: USER_LIST_URLS.exportXls,
    importExcel: USER_LIST_URLS.importExcel,
  },
  ...(URLS.load ? { load: URLS.load } : {}),
  ...(URLS.deleteOne ? { deleteOne: URLS.deleteOne } : {}),
};

/** The administration list: filters, 10 a page; rows are ticked for the 批量操作 when the caller may run one. */
export function useUserTable(selectable: boolean) {
  return useListPage<UserListRecord, UserFilters>({
    api: USER_API,
    queryKey: USER_KEYS.list,
    selection: selectable ? 'page' : undefined,
  });
}
