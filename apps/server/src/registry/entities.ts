/**
 * The field registry: every table and column a request may name (security design §2.1, architecture §8).
 * Dictionaries, trees, duplicate checks, conditions and sorting resolve names here; anything not listed
 * does not exist for the API. Secrets (sys_user.password, settings, tokens) are simply never listed.
 */
import { sql, type SqlBool } from 'kysely';
import type { ColumnDef, EntityDef } from './types.ts';

const s = (column: string, flags: Omit<ColumnDef, 'column' | 'type'> = {}): ColumnDef => ({
  column,
  type: 'string',
  ...flags,
});
const n = (column: string, flags: Omit<ColumnDef, 'column' | 'type'> = {}): ColumnDef => ({
  column,
  type: 'number',
  ...flags,
});

const audit = {
  create_by: s('create_by', { filter: true, sort: true }),
  create_time: s('create_time', { sort: true }),
  update_by: s('update_by', { sort: true }),
  update_time: s('update_time', { sort: true }),
} as const;

/** Settlement organisations; the accounting form knows them as `lg_base_settlement_org`. */
const settlementOrg: EntityDef = {
  names: ['lg_base_settlement_org', 'settlement_org'],
  table: 'settlement_org',
  columns: {
    id: s('id', { filter: true, sort: true }),
    code: s('code', { filter: true, sort: true, unique: true }),
    name: s('name', { filter: true, sort: true }),
    status: s('status', { filter: true }),
    sort_order: n('sort_order', { sort: true }),
    ...audit,
  },
  dictPairs: [
    ['name', 'id'],
    ['name', 'code'],
  ],
  baseFilter: [{ field: 'status', op: '=', value: '1' }],
  defaultOrder: [
    ['sort_order', 'asc'],
    ['code', 'asc'],
  ],
  scopes: {
    /**
     * `bi` (business integration: the accounting workspace sends `lg_base_settlement_org,name,id,bi`):
     * only the settlement organisations the calling user belongs to, the ones documents may be generated
     * or vouchers synchronised for. A scope key, never SQL from the request.
     */
    bi: {
      description: '当前用户所属的结算组织',
      build: (ctx, ref) =>
        sql<SqlBool>`${ref('id')} in (select settlement_org_id from sys_user_settlement_org where user_id = ${ctx.userId})`,
    },
  },
};

const ledger: EntityDef = {
  names: ['ledger'],
  table: 'ledger',
  columns: {
    id: s('id', { filter: true, sort: true }),
    code: s('code', { filter: true, sort: true, unique: true }),
    name: s('name', { filter: true, sort: true }),
    settlement_org_id: s('settlement_org_id', { filter: true }),
    currency: s('currency', { filter: true }),
    status: s('status', { filter: true }),
    ...audit,
  },
  dictPairs: [['name', 'id']],
  baseFilter: [{ field: 'status', op: '=', value: '1' }],
  defaultOrder: [['code', 'asc']],
  scopes: {
    /** `bi`: ledgers of the calling user's settlement organisations (same meaning as for settlement_org). */
    bi: {
      description: '当前用户所属结算组织的账簿',
      build: (ctx, ref) =>
        sql<SqlBool>`${ref('settlement_org_id')} in (select settlement_org_id from sys_user_settlement_org where user_id = ${ctx.userId})`,
    },
  },
};

/** Users: only active, not deleted rows; password, settings and login data are not columns of the API. */
const sysUser: EntityDef = {
  names: ['sys_user'],
  table: 'sys_user',
  columns: {
    id: s('id', { filter: true, sort: true }),
    username: s('username', { filter: true, sort: true, unique: true }),
    realname: s('realname', { filter: true, sort: true }),
    sex: n('sex', { filter: true, sort: true }),
    email: s('email', { unique: true }),
    phone: s('phone', { unique: true }),
    org_code: s('org_code', { filter: true, sort: true }),
    status: n('status', { filter: true, sort: true }),
    del_flag: n('del_flag', { filter: true }),
    work_no: s('work_no', { filter: true, sort: true, unique: true }),
    post: s('post', { filter: true }),
    ...audit,
  },
  dictPairs: [
    ['realname', 'username'],
    ['realname', 'id'],
  ],
  baseFilter: [
    { field: 'del_flag', op: '=', value: 0 },
    { field: 'status', op: '=', value: 1 },
  ],
  defaultOrder: [['username', 'asc']],
};

const sysDepart: EntityDef = {
  names: ['sys_depart'],
  table: 'sys_depart',
  columns: {
    id: s('id', { filter: true, sort: true }),
    parent_id: s('parent_id', { filter: true }),
    depart_name: s('depart_name', { filter: true, sort: true }),
    org_code: s('org_code', { filter: true, sort: true, unique: true }),
    org_category: s('org_category', { filter: true }),
    org_type: s('org_type', { filter: true }),
    depart_order: n('depart_order', { sort: true }),
    status: s('status', { filter: true }),
    del_flag: s('del_flag', { filter: true }),
    ...audit,
  },
  dictPairs: [
    ['depart_name', 'id'],
    ['depart_name', 'org_code'],
  ],
  baseFilter: [{ field: 'del_flag', op: '=', value: '0' }],
  defaultOrder: [
    ['depart_order', 'asc'],
    ['org_code', 'asc'],
  ],
  tree: { pidField: 'parent_id', parentKey: 'id' },
};

const sysPosition: EntityDef = {
  names: ['sys_position'],
  table: 'sys_position',
  columns: {
    id: s('id', { filter: true, sort: true }),
    code: s('code', { filter: true, sort: true, unique: true }),
    name: s('name', { filter: true, sort: true }),
    post_rank: s('post_rank', { filter: true, sort: true }),
    ...audit,
  },
  dictPairs: [['name', 'code']],
  baseFilter: [],
  defaultOrder: [['code', 'asc']],
};

const sysCategory: EntityDef = {
  names: ['sys_category'],
  table: 'sys_category',
  columns: {
    id: s('id', { filter: true, sort: true }),
    pid: s('pid', { filter: true }),
    name: s('name', { filter: true, sort: true }),
    code: s('code', { filter: true, sort: true, unique: true }),
    sys_org_code: s('sys_org_code', { filter: true }),
    has_child: s('has_child'),
    ...audit,
  },
  dictPairs: [
    ['name', 'id'],
    ['name', 'code'],
  ],
  baseFilter: [],
  defaultOrder: [['code', 'asc']],
  tree: { pidField: 'pid', parentKey: 'id', hasChildField: 'has_child' },
};

/** Registered for duplicate checks only (no dictionary pairs). */
const sysRole: EntityDef = {
  names: ['sys_role'],
  table: 'sys_role',
  columns: {
    id: s('id', { sort: true }),
    role_code: s('role_code', { filter: true, sort: true, unique: true }),
    role_name: s('role_name', { filter: true, sort: true }),
    ...audit,
  },
  dictPairs: [],
  baseFilter: [],
  defaultOrder: [['role_code', 'asc']],
};

const sysDict: EntityDef = {
  names: ['sys_dict'],
  table: 'sys_dict',
  columns: {
    id: s('id', { sort: true }),
    dict_code: s('dict_code', { filter: true, sort: true, unique: true }),
    dict_name: s('dict_name', { filter: true, sort: true }),
    ...audit,
  },
  dictPairs: [],
  baseFilter: [],
  defaultOrder: [['dict_code', 'asc']],
};

/** The operate log: filters and sorting of its list only (no dictionary pairs, no duplicate checks). */
const operateLog: EntityDef = {
  names: ['operate_log'],
  table: 'operate_log',
  columns: {
    id: s('id', { sort: true }),
    operate_time: s('operate_time', { sort: true }),
    operate_type: s('operate_type', { sort: true }),
    username: s('username', { sort: true }),
    // The list shows 'realname(username)' as `user`; sorting by it sorts by account.
    user: s('username', { sort: true }),
    content: s('content', { sort: true }),
    relate_id: s('relate_id', { sort: true }),
  },
  dictPairs: [],
  baseFilter: [],
  defaultOrder: [
    ['operate_time', 'desc'],
    ['id', 'desc'],
  ],
};

/**
 * Work orders: sorting of their list only (no dictionary pairs, no duplicate checks). The `*_dictText` names the
 * list shows sort by the stored code (the suffix is stripped); the people columns sort by id.
 */
const workOrder: EntityDef = {
  names: ['bi_work_order'],
  table: 'bi_work_order',
  columns: {
    id: s('id', { sort: true }),
    order_no: s('order_no', { sort: true }),
    title: s('title', { sort: true }),
    priority: s('priority', { sort: true }),
    status: s('status', { sort: true }),
    reporter_id: s('reporter_id', { sort: true }),
    assignee_id: s('assignee_id', { sort: true }),
    closed_time: s('closed_time', { sort: true }),
    ...audit,
  },
  dictPairs: [],
  baseFilter: [],
  defaultOrder: [
    ['create_time', 'desc'],
    ['id', 'desc'],
  ],
};

export const ENTITIES: readonly EntityDef[] = [
  settlementOrg,
  ledger,
  sysUser,
  sysDepart,
  sysPosition,
  sysCategory,
  sysRole,
  sysDict,
  operateLog,
  workOrder,
];
