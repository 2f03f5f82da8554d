/** react-query keys of 用户管理: a change to a user invalidates `all` (the list reloads). */
export const USER_KEYS = {
  all: ['system', 'user'] as const,
  list: ['system', 'user', 'list'] as const,
  roles: ['system', 'user', 'roles'] as const,
};
