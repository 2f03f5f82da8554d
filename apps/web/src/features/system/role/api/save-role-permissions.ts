/**
 * POST /sys/permission/saveRolePermission {roleId, permissionIds, lastpermissionIds}: the ids as comma text, as
 * JeecgBoot sends them (SaveRolePermissionBody takes text or arrays); the server grants what is ticked and removes
 * what was unticked since the read. Answers the server's message.
 */
import type { SaveRolePermissionBody } from '@houtai/shared/contract/admin-role';
import { http, unwrap } from '../../../../lib/http.ts';

/** The wire body: SaveRolePermissionBody's input with the id lists joined. */
export interface SaveRolePermissionWire {
  roleId: SaveRolePermissionBody['roleId'];
  permissionIds: string;
  lastpermissionIds: string;
}

export async function saveRolePermissions(
  roleId: string,
  permissionIds: readonly string[],
  lastPermissionIds: readonly string[],
): Promise<string> {
  const body: SaveRolePermissionWire = {
    roleId,
    permissionIds: permissionIds.join(','),
    lastpermissionIds: lastPermissionIds.join(','),
  };
  const res = await http.post<unknown>('/sys/permission/saveRolePermission', body);
  unwrap(res, '保存失败');
  return res.message;
}
