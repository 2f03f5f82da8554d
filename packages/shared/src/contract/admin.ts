/**
 * Administration (issue 14): the permission codes of the administration screens and calls — ONE catalogue that
 * the server's route policies, the seed's buttons (seed step '0010-admin-permissions') and the screens' buttons
 * read. A code is a sys_permission row of menu type 2 (a button, permsType '1') under its screen's menu; the
 * admin role holds every one; another role holds what an administrator grants it on the permission tree.
 *
 * The reads an administration screen shares with the pickers (/sys/user/list, /sys/role/list, the department
 * trees, /sys/position/list) keep their picker policies and also accept the screen's `list` code.
 */

export const ADMIN_PERMISSIONS = {
  user: {
    list: 'system:user:list',
    add: 'user:add',
    edit: 'user:edit',
    delete: 'user:delete',
    /** 冻结 / 解冻 (frozenBatch): ends the user's sessions and sockets at once. */
    freeze: 'system:user:freeze',
    /** 离职 (resignBatch). */
    resign: 'system:user:resign',
    /** 密码 (changePassword by an administrator; the user must change it at the next sign-in). */
    password: 'system:user:password',
    import: 'system:user:import',
    export: 'system:user:export',
  },
  role: {
    list: 'system:role:list',
    add: 'system:role:add',
    edit: 'system:role:edit',
    delete: 'system:role:delete',
    /** 授权: the role's menus, buttons, field rules and data rules. */
    authorize: 'system:role:authorize',
    /** 用户: the users of a role (add, remove). */
    users: 'system:role:users',
  },
  menu: {
    list: 'system:permission:list',
    add: 'system:permission:add',
    edit: 'system:permission:edit',
    delete: 'system:permission:delete',
    /** 数据规则 of a menu. */
    rule: 'system:permission:rule',
  },
  depart: {
    list: 'system:depart:list',
    add: 'system:depart:add',
    edit: 'system:depart:edit',
    delete: 'system:depart:delete',
    /** 部门权限 and 部门角色. */
    authorize: 'system:depart:authorize',
  },
  dict: {
    list: 'system:dict:list',
    add: 'system:dict:add',
    edit: 'system:dict:edit',
    delete: 'system:dict:delete',
  },
  category: {
    list: 'system:category:list',
    edit: 'system:category:edit',
  },
  checkRule: {
    list: 'system:checkRule:list',
    edit: 'system:checkRule:edit',
  },
  tableDict: {
    list: 'system:tableDict:list',
    edit: 'system:tableDict:edit',
  },
  position: {
    list: 'system:position:list',
    edit: 'system:position:edit',
  },
  settlement: {
    list: 'system:settlement:list',
    edit: 'system:settlement:edit',
  },
  config: {
    list: 'system:config:list',
    edit: 'system:config:edit',
  },
  quartz: {
    list: 'system:quartz:list',
    edit: 'system:quartz:edit',
    /** 执行一次, 暂停, 启动. */
    run: 'system:quartz:run',
  },
  log: {
    /** 登录日志 and the operate log of everyone. */
    list: 'system:log:list',
  },
} as const;

type Codes<T> = T extends string ? T : { [K in keyof T]: Codes<T[K]> }[keyof T];

/** Every administration code (the seed grants them all to the admin role). */
export type AdminPermissionCode = Codes<typeof ADMIN_PERMISSIONS>;

/** The names of the seeded buttons, by code (shown on the permission tree). */
export const ADMIN_PERMISSION_NAMES: Readonly<Record<AdminPermissionCode, string>> = {
  'system:user:list': '用户查询',
  'user:add': '添加用户',
  'user:edit': '编辑用户',
  'user:delete': '删除用户',
  'system:user:freeze': '冻结/解冻用户',
  'system:user:resign': '用户离职',
  'system:user:password': '重置用户密码',
  'system:user:import': '导入用户',
  'system:user:export': '导出用户',
  'system:role:list': '角色查询',
  'system:role:add': '添加角色',
  'system:role:edit': '编辑角色',
  'system:role:delete': '删除角色',
  'system:role:authorize': '角色授权',
  'system:role:users': '角色用户',
  'system:permission:list': '菜单查询',
  'system:permission:add': '添加菜单',
  'system:permission:edit': '编辑菜单',
  'system:permission:delete': '删除菜单',
  'system:permission:rule': '数据规则',
  'system:depart:list': '部门查询',
  'system:depart:add': '添加部门',
  'system:depart:edit': '编辑部门',
  'system:depart:delete': '删除部门',
  'system:depart:authorize': '部门授权',
  'system:dict:list': '字典查询',
  'system:dict:add': '添加字典',
  'system:dict:edit': '编辑字典',
  'system:dict:delete': '删除字典',
  'system:category:list': '分类字典查询',
  'system:category:edit': '维护分类字典',
  'system:checkRule:list': '编码校验规则查询',
  'system:checkRule:edit': '维护编码校验规则',
  'system:tableDict:list': '表字典登记查询',
  'system:tableDict:edit': '维护表字典登记',
  'system:position:list': '职务查询',
  'system:position:edit': '维护职务',
  'system:settlement:list': '结算组织查询',
  'system:settlement:edit': '维护结算组织',
  'system:config:list': '系统配置查询',
  'system:config:edit': '维护系统配置',
  'system:quartz:list': '定时任务查询',
  'system:quartz:edit': '维护定时任务',
  'system:quartz:run': '执行/暂停/启动定时任务',
  'system:log:list': '日志查询',
};

/** Texts shared by the administration calls and screens. */
export const ADMIN_TEXT = {
  added: '添加成功！',
  edited: '修改成功!',
  deleted: '删除成功!',
  done: '操作成功!',
  notFound: '记录不存在或已被删除，请刷新',
  /** An optimistic-lock miss: someone saved the record since it was read. */
  stale: '数据已被他人修改，请刷新后重试',
  /** A parent chosen among the record's own descendants (department or menu tree). */
  parentCycle: '不能将上级设置为自身或其下级',
  lastAdmin: '不能删除或停用最后一个管理员',
  ownAdminRole: '不能移除自己的管理员角色',
  ownAccount: '不能对当前登录用户执行此操作',
  tooManyIds: '一次最多操作 500 条记录',
} as const;

/** Limits of the administration calls. */
export const ADMIN_LIMITS = {
  /** Ids per batch call (deleteBatch, frozenBatch, saveRolePermission's lists are longer: see permissionIds). */
  idsPerBatch: 500,
  /** Permission ids in one saveRolePermission / saveDepartPermission. */
  permissionIds: 5000,
} as const;
