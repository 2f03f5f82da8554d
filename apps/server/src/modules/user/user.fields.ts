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

/**
 * The columns of 用户导出 / 用户导入 (user.tasks.ts), in their order: a separate declaration because the file shows
 * names where sys_user stores codes (职务) or nothing at all (部门: sys_user_depart; 初始密码: only a hash is kept).
 * No field here may be filtered, sorted or checked for duplicates; online reports read sys_user through
 * USER_FIELDS (the first entity of a table), and the table-dictionary screen lists only catalogue columns, so the
 * two columns that are not sys_user's (depart_names, initial_password) can never be named as SQL. Never password
 * or salt.
 */
export const USER_TRANSFER_FIELDS: EntityDef = {
  names: ['sys_user_transfer'],
  label: '用户导入导出',
  table: 'sys_user',
  columns: {
    username: stringField('username', '登录账号', { export: { width: 16 }, import: { required: true } }),
    realname: stringField('realname', '真实姓名', { export: { width: 12 }, import: { required: true } }),
    sex: numberField('sex', '性别', { dict: 'sex', export: true, import: true }),
    birthday: stringField('birthday', '生日', { format: 'date', export: { width: 12 }, import: true }),
    // Required by the add form's rules (checkMobile), so a template without it could import nothing.
    phone: stringField('phone', '手机号码', { export: { width: 14 }, import: { required: true } }),
    email: stringField('email', '电子邮件', { export: { width: 24 }, import: true }),
    telephone: stringField('telephone', '座机', { export: { width: 14 }, import: true }),
    work_no: stringField('work_no', '工号', { export: true, import: true }),
    // Names in the file, codes in sys_user.post.
    post: stringField('post', '职务', { export: { width: 20 }, import: true }),
    depart_names: stringField('depart_names', '部门', { export: { width: 30 }, import: true }),
    user_identity: stringField('user_identity', '身份', { export: true, import: true }),
    status: numberField('status', '状态', { dict: 'user_status', export: true }),
    create_time: stringField('create_time', '创建时间', { format: 'datetime', export: { width: 20 } }),
    initial_password: stringField('initial_password', '初始密码', { import: true }),
    del_flag: numberField('del_flag', '删除状态'),
  },
  dictPairs: [],
  // As USER_FIELDS, should a table dictionary ever be registered on this name.
  baseFilter: [
    { field: 'del_flag', op: '=', value: 0 },
    { field: 'status', op: '=', value: 1 },
  ],
  defaultOrder: [['username', 'asc']],
};
