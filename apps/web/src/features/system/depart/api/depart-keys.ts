/** react-query keys of the 部门管理 screen: a change to a department invalidates `all`. */
export const DEPART_KEYS = {
  all: ['system', 'depart'] as const,
  tree: ['system', 'depart', 'tree'] as const,
  search: (keyWord: string) => ['system', 'depart', 'search', keyWord] as const,
  roles: (departId: string, pageNo: number, pageSize: number) =>
    ['system', 'depart', 'roles', departId, pageNo, pageSize] as const,
  rolesOf: (departId: string) => ['system', 'depart', 'roles', departId] as const,
  users: (departId: string, realname: string) => ['system', 'depart', 'users', departId, realname] as const,
};
