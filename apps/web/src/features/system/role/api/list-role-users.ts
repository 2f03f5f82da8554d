/** GET /sys/user/userRoleList?roleId: the users of a role, a page at a time, filtered by account and name. */
import type { Page } from '@houtai/shared/contract/common';
import type { PickerUser } from '@houtai/shared/contract/pickers-rules';
import { http, unwrapResult } from '../../../../lib/http.ts';
import type { TablePage } from '../../../../lib/server-table/use-server-table.ts';
import type { TableParams } from '../../../../lib/server-table/table-state.ts';
import type { MemberFilters } from '../../../../widgets/members-drawer/members-drawer.tsx';

export async function listRoleUsers(
  roleId: string,
  params: TableParams<MemberFilters>,
): Promise<TablePage<PickerUser>> {
  const page = unwrapResult(
    await http.get<Page<PickerUser>>('/sys/user/userRoleList', { ...params, roleId }),
    '获取角色用户失败',
    (p) => Array.isArray(p.records),
  );
  return { records: page.records, total: page.total };
}
