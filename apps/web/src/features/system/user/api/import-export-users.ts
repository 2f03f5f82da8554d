/**
 * 用户管理's export and import (spec widgets §7 generic list pages): GET /sys/user/exportXls with the list's filters
 * (or the ticked rows), and the import as a task of the task centre with business type USER (the list-page kit
 * uploads the file and registers the task: lib/list-api.ts). The server's kinds: modules/user/user.tasks.ts.
 */
import { USER_TRANSFER_TEXT } from '@houtai/shared/contract/admin-user';

export const USER_EXPORT_URL = '/sys/user/exportXls';
export const USER_IMPORT_URL = '/sys/user/importExcel';
export const USER_EXPORT = { name: '用户导出', module: 'sys', method: 'userExport' } as const;
export const USER_IMPORT_TASK = { businessType: 'USER', module: 'sys', method: 'userImport' } as const;
export const USER_IMPORT_RULE = USER_TRANSFER_TEXT.importRule;
