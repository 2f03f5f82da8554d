/** Users as the field registry knows them: only active, not deleted rows; secrets are never fields. */
import { AUDIT_FIELDS, numberField, stringField } from '../../registry/fields.ts';
import type { EntityDef } from '../../registry/types.ts';

/** Password, salt, settings and login data are not listed, so no request can name them. */
export const USER_FIELDS: EntityDef = {
  names: ['sys_user'],
  label: '用户',
  table: 'sys_user',
  columns: {
    id: stringField('id', '主键', { filter: true, sort: true }),
    username: stringField('username', '登录账号', { filter: true, sort: true, unique: true }),
    realname: stringField('realname', '真实姓名', { filter: true, sort: true }),
    sex: numberField('sex', '性别', { filter: true, sort: true, dict: 'sex' }),
    email: stringField('email', '电子邮件', { unique: true }),
    phone: stringField('phone', '手机号码', { unique: true }),
    org_code: stringField('org_code', '机构编码', { filter: true, sort: true }),
    status: numberField('status', '状态', { filter: true, sort: true, dict: 'user_status' }),
    del_flag: numberField('del_flag', '删除状态', { filter: true, dict: 'del_flag' }),
    work_no: stringField('work_no', '工号', { filter: true, sort: true, unique: true }),
    post: stringField('post', '职务', { filter: true, dict: 'sys_position,name,code' }),
    ...AUDIT_FIELDS,
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
