/** react-query keys of 菜单管理: a change to a menu invalidates `all`; a menu's data rules sit under `rules`. */
export const MENU_KEYS = {
  all: ['system', 'menu'] as const,
  tree: (name: string) => ['system', 'menu', 'tree', name] as const,
  rules: (permissionId: string) => ['system', 'menu', 'rules', permissionId] as const,
};
