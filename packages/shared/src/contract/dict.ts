/** Dictionaries, categories, duplicate checks and check rules (contract §2.4–§2.6). */
import { z } from 'zod';
import { flag, optionalStr, requiredStr, str } from './common.ts';
import { COMMON_TEXT } from '../constants.ts';

const TABLE_NAME_REQUIRED = '请输入表名';
const DEL_NOT_EXIST_INVALID = 'delNotExist参数不正确';

/** Dictionary option as the contract serialises it. */
export interface DictModel {
  value: string;
  text: string;
  title: string;
  label: string;
}

export const DuplicateCheckQuery = z.object({
  tableName: str(64, TABLE_NAME_REQUIRED),
  fieldName: str(64, '请输入字段名'),
  fieldVal: optionalStr(500),
  dataId: optionalStr(64),
  ds: optionalStr(64),
});

export const CheckRuleQuery = z.object({
  ruleCode: str(64, '请输入规则编码'),
  value: optionalStr(1000),
});

const DICT_CODE_REQUIRED = '请输入字典编码';

export const DictCodeParams = z.object({
  dictCode: requiredStr(500, DICT_CODE_REQUIRED),
});
export const DictParams = z.object({ dict: requiredStr(500, DICT_CODE_REQUIRED) });

export const LoadDictQuery = z.object({
  keyword: optionalStr(64),
  pageSize: z.coerce
    .number({ error: COMMON_TEXT.pageSizeInvalid })
    .int(COMMON_TEXT.pageSizeInvalid)
    .min(1, COMMON_TEXT.pageSizeInvalid)
    .max(1000, COMMON_TEXT.pageSizeInvalid)
    .optional(),
  column: optionalStr(200),
  order: optionalStr(64),
  sign: optionalStr(64),
});

/** loadDictOrderByValue: `keyword` holds the selected values (comma list), listed first. */
export const LoadDictOrderByValueQuery = LoadDictQuery.extend({ keyword: optionalStr(4000) });

/** getDictText/{dictCode}/{key}. */
export const DictTextParams = z.object({
  dictCode: requiredStr(500, DICT_CODE_REQUIRED),
  key: str(500, '请输入字典值'),
});

export const LoadDictItemQuery = z.object({
  key: optionalStr(4000),
  delNotExist: flag(true, DEL_NOT_EXIST_INVALID),
  sign: optionalStr(64),
});

export const LoadTreeDataQuery = z.object({
  pid: optionalStr(64),
  pidField: optionalStr(64),
  tableName: requiredStr(64, TABLE_NAME_REQUIRED),
  text: requiredStr(64, '请输入显示字段'),
  code: requiredStr(64, '请输入存储字段'),
  hasChildField: optionalStr(64),
  converIsLeafVal: z.preprocess(
    (v) => (v === undefined || v === '' ? '1' : typeof v === 'number' ? String(v) : v),
    z.enum(['0', '1'], { error: 'converIsLeafVal参数不正确' }),
  ),
  condition: optionalStr(2000),
  sign: optionalStr(64),
  ds: optionalStr(64),
});

/** TreeSelectModel of the dictionary and category tree loaders (the JSON key is `leaf`). */
export interface TreeSelectModel {
  key: string;
  title: string;
  leaf: boolean;
  parentId: string | null;
  value: string | null;
  code: string | null;
  icon: string | null;
  children: TreeSelectModel[] | null;
}

export const CategoryTreeRootQuery = z.object({
  async: flag(undefined, '请传入async参数'),
  pcode: optionalStr(100),
});

export const CategoryChildrenQuery = z.object({ pid: requiredStr(64, '请传入pid') });

export const CategoryLoadOneQuery = z.object({
  field: requiredStr(32, '请输入查询字段'),
  val: requiredStr(200, '请输入查询值'),
});

export const CategoryTreeDataQuery = z.object({
  pid: optionalStr(64),
  pcode: optionalStr(100),
  condition: optionalStr(2000),
});

export const CategoryIdsQuery = z.object({
  ids: optionalStr(4000),
  delNotExist: flag(true, DEL_NOT_EXIST_INVALID),
});

export const CategoryIdsParams = z.object({ ids: str(4000, COMMON_TEXT.idsRequired) });

export const CategoryAllDataQuery = z.object({ code: optionalStr(100) });

/** One rule of sys_check_rule.rule_json. */
export interface CheckRuleItem {
  digits: string;
  pattern: string;
  message: string;
}

export interface CheckRuleFailure extends CheckRuleItem {
  checkValue: string;
  passed: false;
  beginIndex?: number;
  endIndex?: number;
}
