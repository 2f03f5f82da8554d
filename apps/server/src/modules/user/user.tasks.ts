/**
 * The user kinds of the task centre: 用户导出 (the administration list with its filters, or the rows ticked on it;
 * never a secret column) and 用户导入 (each row a new account, as /sys/user/add makes one; a taken username, phone,
 * e-mail or work number is reported in the error file, never overwritten). Their columns are the fields flagged
 * `export` / `import` in USER_TRANSFER_FIELDS (user.fields.ts).
 */
import type { z } from 'zod';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import { AdminUserListQuery, UserImportRow } from '@houtai/shared/contract/admin-user';
import { exportSelections, type ExportKind, type ImportKind, type TaskKinds } from '../async-task/async-task.kinds.ts';
import { userListFilter } from './user-picker.service.ts';
import { countUsersForExport, userExportPages, userImportWriter } from './user-transfer.service.ts';
import { findActiveUserName } from './user.service.ts';

const EXPORT_PAGE = 500;
const ENTITY = 'sys_user_transfer';

/** The list's filters, and optionally the ids of the rows ticked on the list (comma-separated or an array). */
export const UserExportParams = AdminUserListQuery.extend({
  selections: exportSelections,
});
export type UserExportParams = z.infer<typeof UserExportParams>;

export const USER_EXPORT: ExportKind = {
  module: 'sys',
  method: 'userExport',
  urls: ['/sys/user/exportXls', '/sys/user/list'],
  title: '用户导出',
  permission: ADMIN_PERMISSIONS.user.export,
  entity: ENTITY,
  params: UserExportParams,
  async open(actor, params) {
    if (!(await findActiveUserName(actor.db, actor.userId))) return null;
    const q = params as UserExportParams;
    // The export code is an administrator's: contact columns and the phone filter apply.
    const filter = await userListFilter(actor.db, q, { seesContact: true, seesAdmin: true });
    if (q.selections !== undefined) filter.ids = q.selections;
    const total = await countUsersForExport(actor.db, filter);
    const pages = userExportPages(actor.db, filter, EXPORT_PAGE);
    return { total, pages: pages as AsyncIterable<Record<string, unknown>[]> };
  },
};

export const USER_IMPORT: ImportKind = {
  module: 'sys',
  method: 'userImport',
  urls: ['/sys/user/importExcel'],
  businessTypes: ['USER', 'sysUser'],
  title: '用户导入',
  permission: ADMIN_PERMISSIONS.user.import,
  entity: ENTITY,
  row: UserImportRow,
  async prepare(actor) {
    const user = await findActiveUserName(actor.db, actor.userId);
    if (!user) return null;
    const writer = userImportWriter(user.username, actor.now);
    return {
      refuse: (trx, rows) => writer.refuse(trx, rows as UserImportRow[]),
      insert: (trx, rows) => writer.insert(trx, rows as UserImportRow[]),
    };
  },
};

export const USER_TASK_KINDS: TaskKinds = { exports: [USER_EXPORT], imports: [USER_IMPORT] };
