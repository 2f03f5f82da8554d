/** Dictionaries as the field registry knows them: duplicate checks of the dictionary code. */
import { AUDIT_FIELDS, stringField } from '../../registry/fields.ts';
import type { EntityDef } from '../../registry/types.ts';

/** No dictionary pairs: a dictionary is not itself a table dictionary. */
export const DICT_FIELDS: EntityDef = {
  names: ['sys_dict'],
  label: '字典',
  table: 'sys_dict',
  columns: {
    id: stringField('id', '主键', { sort: true }),
    dict_code: stringField('dict_code', '字典编码', { filter: true, sort: true, unique: true }),
    dict_name: stringField('dict_name', '字典名称', { filter: true, sort: true }),
    ...AUDIT_FIELDS,
  },
  dictPairs: [],
  baseFilter: [],
  defaultOrder: [['dict_code', 'asc']],
};
