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

/**
 * The columns of 业务数据导出 / 业务数据导入 (the task centre): the organisation and the source as names (an import
 * also takes codes), amounts as decimal text with two places, the rate in percent.
 */
export const ACC_BIZ_RECORD_TRANSFER_FIELDS: EntityDef = {
  names: ['acc_biz_record_transfer'],
  label: '业务数据导入导出',
  table: 'acc_biz_record',
  columns: {
    biz_date: stringField('biz_date', '业务日期', {
      format: 'date',
      export: { width: 12 },
      import: { required: true },
    }),
    org_name: stringField('org_name', '结算组织', { export: { width: 24 }, import: { required: true } }),
    source_name: stringField('source_name', '业务来源', { export: { width: 16 }, import: { required: true } }),
    amount: stringField('amount', '价税合计', { export: { width: 14 }, import: { required: true } }),
    tax_rate: stringField('tax_rate', '税率(%)', { export: true, import: true }),
    tax_amount: stringField('tax_amount', '税额', { export: { width: 14 } }),
    net_amount: stringField('net_amount', '不含税金额', { export: { width: 14 } }),
    counterparty: stringField('counterparty', '往来单位', { export: { width: 24 }, import: true }),
    summary: stringField('summary', '摘要', { export: { width: 30 }, import: { required: true } }),
    status: stringField('status', '状态', { dict: 'acc_biz_status', export: true }),
  },
  dictPairs: [],
  baseFilter: [],
  defaultOrder: [['biz_date', 'desc']],
};
