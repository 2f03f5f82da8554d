/**
 * 表字典登记 (/sys/tableDict/list|add|edit|delete|tables|columns): the registry of the table dictionaries
 * (`table,text,value`) a request may name. The table is picked from the server's registry of business tables and
 * the two columns from that table's registered columns (/tables, /columns); names are identifiers, never SQL, and
 * no where clause can be registered. Request schemas carry Chinese messages; unknown body fields are dropped.
 */
import { z } from 'zod';
import './common.ts';
import { PAGE_SIZE_DEFAULT } from '../constants.ts';
import { PLAIN_ID } from './id-list.ts';

export const TABLE_DICT_LIMITS = {
  nameMax: 64,
  descriptionMax: 200,
} as const;

export const TABLE_DICT_STATUS = { enabled: 1, disabled: 0 } as const;
export const TABLE_DICT_STATUS_TEXT: Readonly<Record<string, string>> = { '1': '启用', '0': '停用' };

export const TABLE_DICT_TEXT = {
  added: '添加成功！',
  edited: '编辑成功!',
  deleted: '删除成功!',
  tableRequired: '请选择表',
  tableInvalid: '表名只能从列表中选择',
  tableUnknown: '该表不在可登记的业务表中',
  textRequired: '请选择显示字段',
  valueRequired: '请选择存储字段',
  fieldInvalid: '字段名只能从列表中选择',
  fieldUnknown: '该字段不在此表可登记的字段中',
  taken: '该表字典已登记',
  descriptionTooLong: `描述最多 ${TABLE_DICT_LIMITS.descriptionMax} 个字符`,
  statusInvalid: '状态只能为 1（启用）或 0（停用）',
  idRequired: '请传入记录ID',
  idInvalid: '记录ID不正确',
  versionInvalid: '版本号不正确',
  filterTooLong: '查询条件过长',
} as const;

const blank = (v: unknown): boolean => v === undefined || v === null || v === '';
const trimmed = (v: unknown): unknown => {
  if (blank(v)) return undefined;
  const t = typeof v === 'number' ? String(v) : v;
  return typeof t === 'string' ? t.trim() || undefined : t;
};

/** A table or column name as the registry spells it: lower-case snake_case, nothing else (no spaces, no SQL). */
export const TABLE_DICT_NAME = /^[a-z][a-z0-9_]*$/;

const name = (required: string, invalid: string) =>
  z.preprocess(
    trimmed,
    z.string({ error: required }).max(TABLE_DICT_LIMITS.nameMax, invalid).regex(TABLE_DICT_NAME, invalid),
  );

const requiredId = z.preprocess(
  trimmed,
  z.string({ error: TABLE_DICT_TEXT.idRequired }).regex(PLAIN_ID, TABLE_DICT_TEXT.idInvalid),
);

const status = z.preprocess(
  (v) => (blank(v) ? undefined : typeof v === 'string' ? Number(v) : typeof v === 'boolean' ? (v ? 1 : 0) : v),
  z.union([z.literal(1), z.literal(0)], { error: TABLE_DICT_TEXT.statusInvalid }),
);

/** GET /sys/tableDict/list: IPage; tableName is a contains-filter, status exact. */
export const TableDictListQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(PAGE_SIZE_DEFAULT),
  tableName: z.preprocess(trimmed, z.string().max(TABLE_DICT_LIMITS.nameMax, TABLE_DICT_TEXT.filterTooLong).optional()),
  status: status.optional(),
});
export type TableDictListQuery = z.infer<typeof TableDictListQuery>;

/** POST /sys/tableDict/add. */
export const TableDictAddBody = z.object({
  tableName: name(TABLE_DICT_TEXT.tableRequired, TABLE_DICT_TEXT.tableInvalid),
  textField: name(TABLE_DICT_TEXT.textRequired, TABLE_DICT_TEXT.fieldInvalid),
  valueField: name(TABLE_DICT_TEXT.valueRequired, TABLE_DICT_TEXT.fieldInvalid),
  description: z.preprocess(
    (v) => (blank(v) ? null : v),
    z
      .string({ error: TABLE_DICT_TEXT.descriptionTooLong })
      .max(TABLE_DICT_LIMITS.descriptionMax, TABLE_DICT_TEXT.descriptionTooLong)
      .nullable()
      .optional(),
  ),
  status: status.optional(),
});
export type TableDictAddBody = z.infer<typeof TableDictAddBody>;
export type TableDictAddInput = z.input<typeof TableDictAddBody>;

/** PUT|POST /sys/tableDict/edit; `version` (optional) is checked when sent. */
export const TableDictEditBody = TableDictAddBody.extend({
  id: requiredId,
  version: z.preprocess(
    (v) => (blank(v) ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ error: TABLE_DICT_TEXT.versionInvalid }).int(TABLE_DICT_TEXT.versionInvalid).optional(),
  ),
});
export type TableDictEditBody = z.infer<typeof TableDictEditBody>;

export const TableDictIdQuery = z.object({ id: requiredId });

/** GET /sys/tableDict/columns?table= */
export const TableDictColumnsQuery = z.object({
  table: name(TABLE_DICT_TEXT.tableRequired, TABLE_DICT_TEXT.tableInvalid),
});

export interface TableDictRecord {
  id: string;
  tableName: string;
  /** The table's Chinese name in the registry. */
  tableName_dictText: string;
  textField: string;
  textField_dictText: string;
  valueField: string;
  valueField_dictText: string;
  /** The dictCode a form names: `table,text,value`. */
  dictCode: string;
  description: string | null;
  status: number;
  status_dictText: string;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  version: number;
}

/** A table the registry lets an administrator register (GET /sys/tableDict/tables). */
export interface TableDictTableOption {
  tableName: string;
  label: string;
}

/** A registered column of a table (GET /sys/tableDict/columns). */
export interface TableDictColumnOption {
  field: string;
  label: string;
  type: 'string' | 'number';
}
