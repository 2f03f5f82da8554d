import type { PermissionResult } from '@houtai/shared/contract/permission';
import { http } from '../../../lib/http.ts';

export class PermissionLoadError extends Error {}

/**
 * GET /sys/permission/getUserPermissionByToken. Rejects when the call fails or the menu is empty:
 * either way the guard logs the user out (spec §2.2).
 */
export async function fetchUserPermission(): Promise<PermissionResult> {
  const res = await http.get<PermissionResult>('/sys/permission/getUserPermissionByToken');
  if (!res.success) throw new PermissionLoadError(res.message || '获取权限失败');
  if (!res.result || !Array.isArray(res.result.menu) || res.result.menu.length === 0) {
    throw new PermissionLoadError('菜单为空');
  }
  return res.result;
}
