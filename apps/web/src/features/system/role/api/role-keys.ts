/** react-query keys of 角色管理: a change to a role invalidates `all`; a role's users are under `users`. */
export const ROLE_KEYS = {
  all: ['system', 'role'] as const,
  list: ['system', 'role', 'list'] as const,
  users: (roleId: string) => ['system', 'role', 'users', roleId] as const,
};
