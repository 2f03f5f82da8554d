/**
 * The advanced query (高级查询) of JeecgBoot lists, as one set of rules for the builder in the browser and the
 * evaluator on the server (apps/server/src/registry/super-query.ts): the rules and match types, the record and
 * saved-query shapes, the wire form (`superQueryParams` = URI-encoded JSON array, `superQueryMatchType` = and|or,
 * contract §1.5), the zod schema of a decoded condition list with its limits, the §5.5 messages, the
 * reduce-to-one-value rule of dictionary fields, and the filter text box operators (`*x*`, `!x`, `>=x`, `<=x`).
 *
 * The list is flat, as JeecgBoot's form sends it: a nested group is refused (no depth to bound, no recursion on the
 * server). Values travel as strings (arrays joined by commas); the server types them by its own column types.
 */
import { z } from 'zod';

export const SUPER_QUERY_RULES = ['eq', 'like', 'right_like', 'left_like', 'in', 'ne', 'gt', 'ge', 'lt', 'le'] as const;
export type SuperQueryRule = (typeof SUPER_QUERY_RULES)[number];

export const SUPER_QUERY_MATCH_TYPES = ['and', 'or'] as const;
export type SuperQueryMatchType = (typeof SUPER_QUERY_MATCH_TYPES)[number];

/** Rules that only make sense on text. */
export const TEXT_ONLY_RULES: readonly SuperQueryRule[] = ['like', 'right_like', 'left_like'];

/** Labels of the rule select (JeecgBoot's texts). */
export const SUPER_QUERY_RULE_LABELS: Readonly<Record<SuperQueryRule, string>> = {
  eq: '等于',
  like: '包含',
  right_like: '以..开始',
  left_like: '以..结尾',
  in: '在...中',
  ne: '不等于',
  gt: '大于',
  ge: '大于等于',
  lt: '小于',
  le: '小于等于',
};

export const SUPER_QUERY_LIMITS = {
  /** Conditions in one query. */
  conditions: 50,
  /** Characters of one value (an `in` list counts as one value). */
  value: 500,
  /** Values of one `in` list. */
  inValues: 100,
  /** Characters of the encoded `superQueryParams` (50 records of 500 characters, URI-encoded, fit). */
  encoded: 200_000,
} as const;

/** API field names: what the registry could know (camelCase or snake_case), nothing SQL can be written with. */
export const SUPER_QUERY_FIELD = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

export const SUPER_QUERY_TEXT = {
  emptyQuery: '不能查询空条件',
  emptySave: '空条件不能保存',
  nameRequired: '保存名称不能为空',
  overwrite: (name: string) => `${name} 已存在，是否覆盖？`,
  deleteConfirm: '是否删除当前查询？',
  /** Server answers. None names anything of the SQL. */
  malformed: '高级查询参数格式不正确',
  tooMany: `高级查询条件不能超过${SUPER_QUERY_LIMITS.conditions}个`,
  tooLong: '高级查询参数过长',
  fieldInvalid: '高级查询字段名不正确',
  fieldNotAllowed: (field: string) => `高级查询字段“${field}”不存在或不允许查询`,
  ruleInvalid: '高级查询规则不正确',
  ruleNotForType: (label: string) => `“${label}”不支持该查询规则`,
  matchTypeInvalid: '高级查询匹配方式只能是 and 或 or',
  valueInvalid: '高级查询的值不正确',
  valueTooLong: `高级查询的值不能超过${SUPER_QUERY_LIMITS.value}个字符`,
  inTooMany: `高级查询“在...中”最多${SUPER_QUERY_LIMITS.inValues}个值`,
  numberInvalid: (label: string) => `“${label}”只能填写数字`,
  dateInvalid: (label: string) => `“${label}”的日期格式不正确`,
} as const;

/**
 * One condition as the builder saves it and sends it. Only field, rule and val are read by the server; the rest
 * describes the field for the builder (JeecgBoot's record: type, dbType, options, dictCode, dictTable, dictText, …).
 */
export interface SuperQueryRecord {
  field: string;
  rule: SuperQueryRule;
  val: string;
  type?: string;
  dbType?: string;
  dictCode?: string;
  dictTable?: string;
  dictText?: string;
  dictDataSource?: string;
  customReturnField?: string;
  popup?: unknown;
  options?: readonly { value: string; text?: string; label?: string }[];
}

/** A query saved in the browser under the route key. */
export interface SavedSuperQuery {
  title: string;
  matchType: SuperQueryMatchType;
  records: SuperQueryRecord[];
}

const value = z.union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()]))], {
  error: SUPER_QUERY_TEXT.valueInvalid,
});

/** One decoded record; unknown keys are dropped, nested groups (no `field`) are refused. */
export const SuperQueryRecordSchema = z.object(
  {
    field: z.string({ error: SUPER_QUERY_TEXT.fieldInvalid }).regex(SUPER_QUERY_FIELD, SUPER_QUERY_TEXT.fieldInvalid),
    // JeecgBoot takes a missing rule as eq.
    rule: z.preprocess(
      (v) => (v === undefined || v === null || v === '' ? 'eq' : v),
      z.enum(SUPER_QUERY_RULES, { error: SUPER_QUERY_TEXT.ruleInvalid }),
    ),
    val: z
      .preprocess((v) => (v === undefined || v === null ? '' : v), value)
      .transform((v) => (Array.isArray(v) ? v.join(',') : String(v)))
      .pipe(z.string().max(SUPER_QUERY_LIMITS.value, SUPER_QUERY_TEXT.valueTooLong)),
    type: z.string({ error: SUPER_QUERY_TEXT.valueInvalid }).max(32, SUPER_QUERY_TEXT.valueInvalid).optional(),
    dbType: z.string({ error: SUPER_QUERY_TEXT.valueInvalid }).max(32, SUPER_QUERY_TEXT.valueInvalid).optional(),
  },
  { error: SUPER_QUERY_TEXT.malformed },
);
export type SuperQueryCondition = z.output<typeof SuperQueryRecordSchema>;

export const SuperQueryConditionsSchema = z
  .array(SuperQueryRecordSchema, { error: SUPER_QUERY_TEXT.malformed })
  .max(SUPER_QUERY_LIMITS.conditions, SUPER_QUERY_TEXT.tooMany);

export const SuperQueryMatchTypeSchema = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? 'and' : typeof v === 'string' ? v.toLowerCase() : v),
  z.enum(SUPER_QUERY_MATCH_TYPES, { error: SUPER_QUERY_TEXT.matchTypeInvalid }),
);

/**
 * The two query-string fields every list schema takes. They stay raw text here: the server's evaluator decodes
 * and checks them (a refusal is a business answer naming the problem in Chinese).
 */
const firstOf = (v: unknown): unknown => (Array.isArray(v) ? (v as unknown[])[0] : v);
export const SuperQueryParamsQuery = {
  superQueryParams: z.preprocess(firstOf, z.string().optional()).optional(),
  superQueryMatchType: z.preprocess(firstOf, z.string().optional()).optional(),
};

export type DecodedSuperQuery =
  { ok: true; conditions: SuperQueryCondition[]; matchType: SuperQueryMatchType } | { ok: false; message: string };

/**
 * Decodes the wire form. The text may still be URI-encoded (what the Jeecg clients send: `encodeURI(JSON)`, then
 * the query string's own encoding) or plain JSON. Conditions whose value is empty are dropped afterwards by the
 * evaluator (JeecgBoot ignores them), but their field names are still checked.
 */
export function decodeSuperQuery(params: string | undefined, matchType: string | undefined): DecodedSuperQuery {
  const mt = SuperQueryMatchTypeSchema.safeParse(matchType);
  if (!mt.success) return { ok: false, message: SUPER_QUERY_TEXT.matchTypeInvalid };
  if (params === undefined || params.trim() === '') return { ok: true, conditions: [], matchType: mt.data };
  if (params.length > SUPER_QUERY_LIMITS.encoded) return { ok: false, message: SUPER_QUERY_TEXT.tooLong };
  let text = params.trim();
  if (!text.startsWith('[') && !text.startsWith('{')) {
    try {
      text = decodeURIComponent(text);
    } catch {
      return { ok: false, message: SUPER_QUERY_TEXT.malformed };
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, message: SUPER_QUERY_TEXT.malformed };
  }
  const result = SuperQueryConditionsSchema.safeParse(parsed);
  if (!result.success) return { ok: false, message: result.error.issues[0]?.message ?? SUPER_QUERY_TEXT.malformed };
  return { ok: true, conditions: result.data, matchType: mt.data };
}

/** The two request params of a list call; no params when there is no condition. */
export function encodeSuperQuery(
  records: readonly Pick<SuperQueryRecord, 'field' | 'rule' | 'val' | 'type' | 'dbType'>[],
  matchType: SuperQueryMatchType,
): { superQueryParams?: string; superQueryMatchType?: SuperQueryMatchType } {
  if (records.length === 0) return {};
  const wire = records.map((r) => ({
    field: r.field,
    rule: r.rule,
    val: r.val,
    ...(r.type ? { type: r.type } : {}),
    ...(r.dbType ? { dbType: r.dbType } : {}),
  }));
  return { superQueryParams: encodeURI(JSON.stringify(wire)), superQueryMatchType: matchType };
}

/** A builder row is empty when it lacks a field, a rule or a value (§5.5). */
export function isEmptyCondition(r: { field?: string | null; rule?: string | null; val?: unknown }): boolean {
  const v = r.val;
  const emptyValue =
    v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
  return !r.field || !r.rule || emptyValue;
}

/** The value as emitted: arrays joined by commas. */
export function emitValue(v: string | number | boolean | readonly (string | number)[] | null | undefined): string {
  if (Array.isArray(v)) return v.map(String).join(',');
  if (v === undefined || v === null) return '';
  return String(v);
}

/**
 * §4: choosing a rule other than `in` on a dictionary or option field reduces the value to its first item
 * (a comma-joined text or an array alike). `in` keeps every value.
 */
export function reduceForRule<T extends string | readonly string[] | undefined>(
  value: T,
  rule: SuperQueryRule,
): T | string {
  if (rule === 'in' || value === undefined) return value;
  if (Array.isArray(value)) return (value[0] as string | undefined) ?? '';
  const text = value as string;
  const comma = text.indexOf(',');
  return comma < 0 ? text : text.slice(0, comma);
}

/**
 * The filter text box (§5.5, contract §1.5): `*x*` contains, `x*` starts with, `*x` ends with, `!x` not equal,
 * `>=x`, `<=x` (and `>x`, `<x`); anything else is `defaultRule` (eq in JeecgBoot; a list may choose like).
 * Blank text or an operator without a value gives null: no filter.
 */
export function parseFilterText(
  text: string | undefined | null,
  defaultRule: SuperQueryRule = 'eq',
): { rule: SuperQueryRule; value: string } | null {
  const t = (text ?? '').trim();
  if (t === '') return null;
  const result = (rule: SuperQueryRule, v: string) => (v.trim() === '' ? null : { rule, value: v.trim() });
  if (t.startsWith('>=')) return result('ge', t.slice(2));
  if (t.startsWith('<=')) return result('le', t.slice(2));
  if (t.startsWith('>')) return result('gt', t.slice(1));
  if (t.startsWith('<')) return result('lt', t.slice(1));
  if (t.startsWith('!')) return result('ne', t.slice(1));
  const starts = t.startsWith('*');
  const ends = t.length > 1 && t.endsWith('*');
  if (starts && ends) return result('like', t.slice(1, -1));
  if (ends) return result('right_like', t.slice(0, -1));
  if (starts) return result('left_like', t.slice(1));
  return result(defaultRule, t);
}

/** The box's text for a rule and value (the inverse of parseFilterText, for rules it can spell). */
export function formatFilterText(rule: SuperQueryRule, value: string): string {
  switch (rule) {
    case 'like':
      return `*${value}*`;
    case 'right_like':
      return `${value}*`;
    case 'left_like':
      return `*${value}`;
    case 'ne':
      return `!${value}`;
    case 'ge':
      return `>=${value}`;
    case 'le':
      return `<=${value}`;
    case 'gt':
      return `>${value}`;
    case 'lt':
      return `<${value}`;
    case 'eq':
    case 'in':
      return value;
  }
}
