/** Settlement organisations and their ledgers as the field registry knows them (ledger screens: issue 15). */
import { sql, type SqlBool } from 'kysely';
import { AUDIT_FIELDS, numberField, stringField } from '../../registry/fields.ts';
import type { EntityDef } from '../../registry/types.ts';

/** Settlement organisations; the accounting form knows them as `lg_base_settlement_org`. */
export const SETTLEMENT_ORG_FIELDS: EntityDef = {
  names: ['lg_base_settlement_org', 'settlement_org'],
  label: '结算组织',
  table: 'settlement_org',
  columns: {
    id: stringField('id', '主键', { filter: true, sort: true }),
    code: stringField('code', '编码', { filter: true, sort: true, unique: true }),
    name: stringField('name', '名称', { filter: true, sort: true }),
    status: stringField('status', '状态', { filter: true, dict: 'depart_status' }),
    sort_order: numberField('sort_order', '排序', { sort: true }),
    ...AUDIT_FIELDS,
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

export const LEDGER_FIELDS: EntityDef = {
  names: ['ledger'],
  label: '账簿',
  table: 'ledger',
  columns: {
    id: stringField('id', '主键', { filter: true, sort: true }),
    code: stringField('code', '账簿编码', { filter: true, sort: true, unique: true }),
    name: stringField('name', '账簿名称', { filter: true, sort: true }),
    settlement_org_id: stringField('settlement_org_id', '结算组织', {
      filter: true,
      dict: 'lg_base_settlement_org,name,id',
    }),
    currency: stringField('currency', '币种', { filter: true }),
    status: stringField('status', '状态', { filter: true, dict: 'depart_status' }),
    ...AUDIT_FIELDS,
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
