/** The server's {auth, allAuth} for the seeded admin and guest (GET /sys/permission/getUserPermissionByToken). */
import type { PermissionEntry } from '@houtai/shared/contract/permission';

const rule = (action: string, type: string, status: string, describe: string): PermissionEntry => ({
  action,
  status,
  type,
  describe,
});

export const SEEDED_ALL_AUTH: PermissionEntry[] = [
  rule('system:user:loginByAdmin', '1', '1', '以用户身份登录'),
  rule('user:add', '1', '1', '添加用户'),
  rule('system:online:list', '1', '1', '在线用户查询'),
  rule('user:edit', '1', '1', '编辑用户'),
  rule('system:online:forceLogout', '1', '1', '强制退出'),
  rule('user:delete', '1', '1', '删除用户'),
  rule('system:docs:view', '1', '1', '接口文档'),
  rule('user:phone', '1', '1', '手机号字段'),
  rule('user:form:birthday', '2', '0', '生日禁用'),
  rule('hz:entrance', '1', '1', 'ERP入口'),
];

/** Held codes come without status: only enabled rules are granted. */
export const ADMIN_AUTH: PermissionEntry[] = SEEDED_ALL_AUTH.filter((r) => r.status === '1').map(
  ({ action, type, describe }) => ({ action, type, ...(describe ? { describe } : {}) }),
);

export const GUEST_AUTH: PermissionEntry[] = [];
