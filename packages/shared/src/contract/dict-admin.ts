/**
 * Administration of dictionaries (数据字典, issue 14 item 5, contract §2.4 "Admin"): /sys/dict/list, treeList, add,
 * edit, delete, deleteBatch, deleteList, back/{id}, deletePhysic/{id} and /sys/dictItem/list, add, edit, delete,
 * deleteBatch, dictItemCheck. Request schemas with their Chinese messages (the web's forms validate with the same
 * rules) and the wire shapes of the answers. Unknown body fields are dropped (JeecgBoot ignores them).
 */
import { z } from 'zod';
import './common.ts';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants.ts';
import { ADMIN_LIMITS, ADMIN_TEXT } from './admin.ts';
import { idList } from './id-list.ts';

export const DICT_LIMITS = {
  nameMax: 100,
  codeMax: 100,
  descriptionMax: 500,
  itemTextMax: 100,
  itemValueMax: 100,
  itemColorMax: 20,
  sortOrderMin: -999_999,
  sortOrderMax: 999_999,
  filterMax: 100,
} as const;

/**
 * A dictionary code: what getDictItems/loadDict accept as a plain code (dict.service.ts) — a letter first, then
 * letters, digits and _ . : - ; never a comma (a comma makes it a table dictionary).
 */
export const DICT_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_.:-]*$/;

/** sys_dict_item.status (JeecgBoot's dict_item_status). */
export const DICT_ITEM_STATUS_TEXT: Readonly<Record<string, string>> = { '1': '启用', '0': '不启用' };
/** sys_dict.type. */
export const DICT_TYPE_TEXT: Readonly<Record<string, string>> = { '0': '字符串', '1': '数字' };

export const DICT_TEXT = {
  dictNameRequired: '请输入字典名称',
  dictNameTooLong: `字典名称最多 ${DICT_LIMITS.nameMax} 个字符`,
  dictCodeRequired: '请输入字典编码',
  dictCodeTooLong: `字典编码最多 ${DICT_LIMITS.codeMax} 个字符`,
  dictCodeFormat: '字典编码须以字母开头，只能包含字母、数字和 _ . : -',
  /** JeecgBoot's duplicate-check wording. */
  dictCodeTaken: '字典编码已存在',
  dictCodeTakenDeleted: '字典编码已被回收站中的字典占用，请先还原或彻底删除该字典',
  descriptionTooLong: `描述最多 ${DICT_LIMITS.descriptionMax} 个字符`,
  typeInvalid: '字典类型只能为 0（字符串）或 1（数字）',
  controlChars: '不能包含换行或控制字符',
  idRequired: '请传入字典ID',
  idInvalid: '字典ID不正确',
  idsRequired: '请选择要删除的字典',
  versionInvalid: '版本号不正确',
  notDeleted: '该字典不在回收站中',
  restored: '还原成功!',
  itemIdRequired: '请传入字典项ID',
  itemIdInvalid: '字典项ID不正确',
  itemIdsRequired: '请选择要删除的字典项',
  itemTextRequired: '请输入名称',
  itemTextTooLong: `名称最多 ${DICT_LIMITS.itemTextMax} 个字符`,
  itemValueRequired: '请输入数据值',
  itemValueTooLong: `数据值最多 ${DICT_LIMITS.itemValueMax} 个字符`,
  itemValueComma: '数据值不能包含逗号',
  itemValueNumeric: '数字类型字典的数据值须为数字',
  /** JeecgBoot's dictItemCheck message. */
  itemValueTaken: '该值不可用，系统中已存在！',
  itemValueFree: '该值可用！',
  itemColorInvalid: '颜色须为 #RRGGBB 或颜色名称',
  sortOrderInvalid: `排序须为 ${DICT_LIMITS.sortOrderMin} 到 ${DICT_LIMITS.sortOrderMax} 之间的整数`,
  statusInvalid: '状态只能为 1（启用）或 0（不启用）',
  filterTooLong: `查询条件最多 ${DICT_LIMITS.filterMax} 个字符`,
  sortInvalid: '排序字段不正确',
} as const;

const blank = (v: unknown): boolean => v === undefined || v === null || v === '';
const asText = (v: unknown): unknown =>
  blank(v) ? undefined : typeof v === 'number' || typeof v === 'boolean' ? String(v) : v;
const trimmed = (v: unknown): unknown => {
  const t = asText(v);
  return typeof t === 'string' ? t.trim() || undefined : t;
};
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const requiredId = (required: string, invalid: string) =>
  z.preprocess(trimmed, z.string({ error: required }).regex(ID, invalid));
const optionalId = (invalid: string) =>
  z.preprocess(trimmed, z.string({ error: invalid }).regex(ID, invalid).optional());

/** A required single-line text, trimmed. */
const line = (max: number, required: string, tooLong: string) =>
  z.preprocess(
    trimmed,
    z
      .string({ error: required })
      .max(max, tooLong)
      .refine((v) => !CONTROL.test(v), DICT_TEXT.controlChars),
  );

/** Left out → undefined (kept on edit); null or blank → null (cleared). */
const description = z.preprocess(
  (v) => (v === undefined ? undefined : v === null || v === '' ? null : asText(v)),
  z
    .string({ error: DICT_TEXT.descriptionTooLong })
    .max(DICT_LIMITS.descriptionMax, DICT_TEXT.descriptionTooLong)
    .nullable()
    .optional(),
);

const version = z.preprocess(
  (v) => (blank(v) ? undefined : typeof v === 'string' ? Number(v) : v),
  z.number({ error: DICT_TEXT.versionInvalid }).int(DICT_TEXT.versionInvalid).optional(),
);

/** A filter of a list: `*` wildcards of the Jeecg clients stripped, matched as "contains". */
const filterText = z.preprocess(
  (v) => {
    const t = asText(v);
    return typeof t === 'string' ? t.replace(/^\*+|\*+$/g, '').trim() || undefined : t;
  },
  z.string({ error: DICT_TEXT.filterTooLong }).max(DICT_LIMITS.filterMax, DICT_TEXT.filterTooLong).optional(),
);

const pageNo = z.preprocess((v) => (blank(v) ? 1 : v), z.coerce.number().int().min(1).max(1_000_000));
const pageSize = z.preprocess(
  (v) => (blank(v) ? PAGE_SIZE_DEFAULT : v),
  z.coerce.number().int().min(1).max(PAGE_SIZE_MAX),
);
const sortColumn = z.preprocess(
  trimmed,
  z.string({ error: DICT_TEXT.sortInvalid }).max(64, DICT_TEXT.sortInvalid).optional(),
);
const sortOrder = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : asText(v)),
  z.enum(['asc', 'desc'], { error: DICT_TEXT.sortInvalid }).optional(),
);

// ---- Dictionaries ------------------------------------------------------------------------------------------------

export const dictCodeField = z.preprocess(
  trimmed,
  z
    .string({ error: DICT_TEXT.dictCodeRequired })
    .max(DICT_LIMITS.codeMax, DICT_TEXT.dictCodeTooLong)
    .regex(DICT_CODE_PATTERN, DICT_TEXT.dictCodeFormat),
);

const dictType = z.preprocess(
  (v) => (blank(v) ? undefined : typeof v === 'string' ? Number(v) : v),
  z.union([z.literal(0), z.literal(1)], { error: DICT_TEXT.typeInvalid }).optional(),
);

/** GET /sys/dict/list: IPage<SysDict> of live dictionaries; dictName / dictCode match as "contains". */
export const DictListQuery = z.object({
  pageNo,
  pageSize,
  column: sortColumn,
  order: sortOrder,
  dictName: filterText,
  dictCode: filterText,
});
export type DictListQuery = z.infer<typeof DictListQuery>;

/** GET /sys/dict/treeList?dictName. */
export const DictTreeListQuery = z.object({ dictName: filterText });
export type DictTreeListQuery = z.infer<typeof DictTreeListQuery>;

/** POST /sys/dict/add. */
export const DictAddBody = z.object({
  dictName: line(DICT_LIMITS.nameMax, DICT_TEXT.dictNameRequired, DICT_TEXT.dictNameTooLong),
  dictCode: dictCodeField,
  description,
  type: dictType,
});
export type DictAddBody = z.infer<typeof DictAddBody>;

/** PUT|POST /sys/dict/edit; `version` (optional) is checked when sent. */
export const DictEditBody = DictAddBody.extend({
  id: requiredId(DICT_TEXT.idRequired, DICT_TEXT.idInvalid),
  version,
});
export type DictEditBody = z.infer<typeof DictEditBody>;

/** ?id= of delete (and {id} of back / deletePhysic). */
export const DictIdQuery = z.object({ id: requiredId(DICT_TEXT.idRequired, DICT_TEXT.idInvalid) });
export type DictIdQuery = z.infer<typeof DictIdQuery>;

export const DictIdsQuery = z.object({
  ids: idList({
    invalid: DICT_TEXT.idInvalid,
    max: ADMIN_LIMITS.idsPerBatch,
    tooMany: ADMIN_TEXT.tooManyIds,
    required: DICT_TEXT.idsRequired,
  }),
});
export type DictIdsQuery = z.infer<typeof DictIdsQuery>;

/** A dictionary as list, treeList, add and edit answer it (SysDict). */
export interface DictRecord {
  id: string;
  dictName: string;
  dictCode: string;
  description: string | null;
  delFlag: number;
  type: number;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  version: number;
}

/** treeList's node: the record plus key (id) and title (dictName). */
export interface DictTreeNode extends DictRecord {
  key: string;
  title: string;
}

// ---- Items -------------------------------------------------------------------------------------------------------

const itemStatus = z.preprocess(
  (v) => (blank(v) ? undefined : typeof v === 'string' ? Number(v) : v),
  z.union([z.literal(0), z.literal(1)], { error: DICT_TEXT.statusInvalid }).optional(),
);

/** A stored value: one line, no comma (multi-valued fields store comma lists of values). */
export const itemValueField = z.preprocess(
  trimmed,
  z
    .string({ error: DICT_TEXT.itemValueRequired })
    .max(DICT_LIMITS.itemValueMax, DICT_TEXT.itemValueTooLong)
    .refine((v) => !CONTROL.test(v), DICT_TEXT.controlChars)
    .refine((v) => !v.includes(','), DICT_TEXT.itemValueComma),
);

const itemColor = z.preprocess(
  (v) => (v === undefined ? undefined : blank(v) ? null : trimmed(v)),
  z
    .string({ error: DICT_TEXT.itemColorInvalid })
    .max(DICT_LIMITS.itemColorMax, DICT_TEXT.itemColorInvalid)
    .regex(/^(#[0-9A-Fa-f]{3}|#[0-9A-Fa-f]{6}|[A-Za-z]+)$/, DICT_TEXT.itemColorInvalid)
    .nullable()
    .optional(),
);

const itemSortOrder = z.preprocess(
  (v) => (blank(v) ? undefined : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: DICT_TEXT.sortOrderInvalid })
    .int(DICT_TEXT.sortOrderInvalid)
    .min(DICT_LIMITS.sortOrderMin, DICT_TEXT.sortOrderInvalid)
    .max(DICT_LIMITS.sortOrderMax, DICT_TEXT.sortOrderInvalid)
    .optional(),
);

/**
 * GET /sys/dictItem/list?dictId: IPage<SysDictItem> of one dictionary, always in sortOrder (JeecgBoot's own order;
 * the clients' column/order, e.g. createTime desc, are accepted and ignored).
 */
export const DictItemListQuery = z.object({
  pageNo,
  pageSize,
  column: sortColumn,
  order: sortOrder,
  dictId: requiredId(DICT_TEXT.idRequired, DICT_TEXT.idInvalid),
  itemText: filterText,
  status: itemStatus,
});
export type DictItemListQuery = z.infer<typeof DictItemListQuery>;

/** POST /sys/dictItem/add. */
export const DictItemAddBody = z.object({
  dictId: requiredId(DICT_TEXT.idRequired, DICT_TEXT.idInvalid),
  itemText: line(DICT_LIMITS.itemTextMax, DICT_TEXT.itemTextRequired, DICT_TEXT.itemTextTooLong),
  itemValue: itemValueField,
  itemColor,
  description,
  sortOrder: itemSortOrder,
  status: itemStatus,
});
export type DictItemAddBody = z.infer<typeof DictItemAddBody>;

/** PUT|POST /sys/dictItem/edit: the item stays in its dictionary (a dictId that differs is refused). */
export const DictItemEditBody = DictItemAddBody.extend({
  id: requiredId(DICT_TEXT.itemIdRequired, DICT_TEXT.itemIdInvalid),
  dictId: optionalId(DICT_TEXT.idInvalid),
  version,
});
export type DictItemEditBody = z.infer<typeof DictItemEditBody>;

export const DictItemIdQuery = z.object({ id: requiredId(DICT_TEXT.itemIdRequired, DICT_TEXT.itemIdInvalid) });
export type DictItemIdQuery = z.infer<typeof DictItemIdQuery>;

export const DictItemIdsQuery = z.object({
  ids: idList({
    invalid: DICT_TEXT.itemIdInvalid,
    max: ADMIN_LIMITS.idsPerBatch,
    tooMany: ADMIN_TEXT.tooManyIds,
    required: DICT_TEXT.itemIdsRequired,
  }),
});
export type DictItemIdsQuery = z.infer<typeof DictItemIdsQuery>;

/** GET /sys/dictItem/dictItemCheck?dictId&itemValue&id: success false (with the message) when the value is used. */
export const DictItemCheckQuery = z.object({
  dictId: requiredId(DICT_TEXT.idRequired, DICT_TEXT.idInvalid),
  itemValue: itemValueField,
  id: optionalId(DICT_TEXT.itemIdInvalid),
});
export type DictItemCheckQuery = z.infer<typeof DictItemCheckQuery>;

/** An item as list, add and edit answer it (SysDictItem), with the status label. */
export interface DictItemRecord {
  id: string;
  dictId: string;
  itemText: string;
  itemValue: string;
  itemColor: string | null;
  description: string | null;
  sortOrder: number;
  status: number;
  status_dictText: string;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  version: number;
}
