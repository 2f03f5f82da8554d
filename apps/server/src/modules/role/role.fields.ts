/** Roles as the field registry knows them: duplicate checks of the role code (the administration screens come later). */
import { AUDIT_FIELDS, stringField } from '../../registry/fields.ts';
import type { EntityDef } from '../../registry/types.ts';

/** No dictionary pairs: roles are not offered as a table dictionary. */
export const ROLE_FIELDS: EntityDef = {
  names: ['sys_role'],
  label: '角色',
  table: 'sys_role',
  columns: {
    id: stringField('id', '主键', { sort: true }),
    role_code: stringField('role_code', '角色编码', { filter: true, sort: true, unique: true }),
    role_name: stringField('role_name', '角色名称', { filter: true, sort: true }),
    ...AUDIT_FIELDS,
  },
  dictPairs: [],
  baseFilter: [],
  defaultOrder: [['role_code', 'asc']],
};
