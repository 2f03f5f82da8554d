/**
 * GET /sys/role/checkRoleCode?id&roleCode: whether the code is free (the role being edited does not count).
 * Resolves null when free, else the server's message (角色编码已存在).
 */
import { ROLE_TEXT } from '@houtai/shared/contract/admin-role';
import { http } from '../../../../lib/http.ts';

export async function checkRoleCode(roleCode: string, id?: string): Promise<string | null> {
  const res = await http.get<boolean>('/sys/role/checkRoleCode', { roleCode, id });
  return res.success ? null : res.message || ROLE_TEXT.roleCodeTaken;
}
