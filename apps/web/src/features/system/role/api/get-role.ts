/** GET /sys/role/queryById: one role with its version, for 编辑. */
import type { RoleRecord } from '@houtai/shared/contract/admin-role';
import { http, unwrapResult } from '../../../../lib/http.ts';

export async function getRole(id: string): Promise<RoleRecord> {
  return unwrapResult(await http.get<RoleRecord>('/sys/role/queryById', { id }), '获取角色失败');
}
