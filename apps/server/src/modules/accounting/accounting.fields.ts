/** Business records (业务数据) as the field registry knows them: the advanced query and sorting of their list. */
import { AUDIT_FIELDS, numberField, stringField } from '../../registry/fields.ts';
import type { EntityDef } from '../../registry/types.ts';

export const ACC_BIZ_RECORD_FIELDS: EntityDef = {
  names: ['acc_biz_record'],
  label: '业务数据',
  table: 'acc_biz_record',
  columns: {
    id: stringField('id', '主键', { filter: true, sort: true }),
    org_id: stringField('org_id', '结算组织', { filter: true, dict: 'lg_base_settlement_org,name,id' }),
    data_source: stringField('data_source', '业务来源', { filter: true, sort: true }),
    biz_date: stringField('biz_date', '业务日期', { filter: true, sort: true }),
    period: stringField('period', '会计期间', { filter: true, sort: true }),
    amount: numberField('amount', '价税合计（分）', { filter: true, sort: true }),
    tax_rate: numberField('tax_rate', '税率（万分之）', { filter: true, sort: true }),
    counterparty: stringField('counterparty', '往来单位', { filter: true, sort: true }),
    summary: stringField('summary', '摘要', { filter: true }),
    status: stringField('status', '状态', { filter: true, sort: true, dict: 'acc_biz_status' }),
    ...AUDIT_FIELDS,
  },
  dictPairs: [],
  baseFilter: [],
  defaultOrder: [
    ['biz_date', 'desc'],
    ['id', 'asc'],
  ],
};
