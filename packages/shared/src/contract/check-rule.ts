/**
 * 编码校验规则 administration (/sys/checkRule/list|add|edit|delete|deleteBatch|queryById, contract §2.6). The rule
 * JSON is checked segment by segment with the shared evaluator's safety checks (../check-rule.ts), so a pattern
 * that does not compile, is too long or nests repeats is refused on save, on the server and in the form alike.
 * Request schemas carry Chinese messages; unknown body fields are dropped.
 */
import { z } from 'zod';
import './common.ts';
import {
  CHECK_RULE_LIMITS,
  CHECK_RULE_TEXT,
  normaliseSegment,
  segmentProblem,
  type CheckSegment,
} from '../check-rule.ts';
import { PAGE_SIZE_DEFAULT } from '../constants.ts';
import { idList, PLAIN_ID } from './id-list.ts';
import { ADMIN_LIMITS, ADMIN_TEXT } from './admin.ts';

export const CHECK_RULE_ADMIN_LIMITS = {
  nameMax: 100,
  codeMax: 64,
  descriptionMax: 500,
  filterMax: 100,
} as const;

export const CHECK_RULE_ADMIN_TEXT = {
  added: '添加成功！',
  edited: '编辑成功!',
  deleted: '删除成功!',
  nameRequired: '请输入规则名称',
  nameTooLong: `规则名称最多 ${CHECK_RULE_ADMIN_LIMITS.nameMax} 个字符`,
  codeRequired: '请输入规则编码',
  codeTooLong: `规则编码最多 ${CHECK_RULE_ADMIN_LIMITS.codeMax} 个字符`,
  codeInvalid: '规则编码只能包含字母、数字、下划线和短横线，且以字母开头',
  codeTaken: '规则编码已存在',
  descriptionTooLong: `规则描述最多 ${CHECK_RULE_ADMIN_LIMITS.descriptionMax} 个字符`,
  filterTooLong: `查询条件最多 ${CHECK_RULE_ADMIN_LIMITS.filterMax} 个字符`,
  idRequired: '请传入规则ID',
  idInvalid: '规则ID不正确',
  idsRequired: '请选择要删除的规则',
  versionInvalid: '版本号不正确',
} as const;

const blank = (v: unknown): boolean => v === undefined || v === null || v === '';
const trimmed = (v: unknown): unknown => {
  if (blank(v)) return undefined;
  const t = typeof v === 'number' ? String(v) : v;
  return typeof t === 'string' ? t.trim() || undefined : t;
};

const requiredId = z.preprocess(
  trimmed,
  z.string({ error: CHECK_RULE_ADMIN_TEXT.idRequired }).regex(PLAIN_ID, CHECK_RULE_ADMIN_TEXT.idInvalid),
);

export const CHECK_RULE_CODE = /^[A-Za-z][A-Za-z0-9_-]*$/;

const ruleName = z.preprocess(
  trimmed,
  z
    .string({ error: CHECK_RULE_ADMIN_TEXT.nameRequired })
    .max(CHECK_RULE_ADMIN_LIMITS.nameMax, CHECK_RULE_ADMIN_TEXT.nameTooLong),
);

const ruleCode = z.preprocess(
  trimmed,
  z
    .string({ error: CHECK_RULE_ADMIN_TEXT.codeRequired })
    .max(CHECK_RULE_ADMIN_LIMITS.codeMax, CHECK_RULE_ADMIN_TEXT.codeTooLong)
    .regex(CHECK_RULE_CODE, CHECK_RULE_ADMIN_TEXT.codeInvalid),
);

const ruleDescription = z.preprocess(
  (v) => (blank(v) ? null : v),
  z
    .string({ error: CHECK_RULE_ADMIN_TEXT.descriptionTooLong })
    .max(CHECK_RULE_ADMIN_LIMITS.descriptionMax, CHECK_RULE_ADMIN_TEXT.descriptionTooLong)
    .nullable(),
);

/** The segments' first problem, as "第N条规则：…" (null when every segment is fine). */
export function ruleSegmentsProblem(segments: readonly unknown[]): string | null {
  if (segments.length === 0) return CHECK_RULE_TEXT.segmentsRequired;
  if (segments.length > CHECK_RULE_LIMITS.segmentsMax) return CHECK_RULE_TEXT.segmentsTooMany;
  for (const [i, s] of segments.entries()) {
    const problem = segmentProblem(s);
    if (problem) return `第${i + 1}条规则：${problem}`;
  }
  return null;
}

/**
 * ruleJson: JSON text (JeecgBoot's form sends the text) or the array itself; answered as normalised JSON text of
 * {digits, pattern, message} segments.
 */
export const ruleJson = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    if (v.trim() === '') return [];
    if (v.length > CHECK_RULE_LIMITS.jsonMax) return null;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return null;
    }
  },
  z
    .array(z.unknown(), { error: CHECK_RULE_TEXT.jsonInvalid })
    .superRefine((segments, ctx) => {
      const problem = ruleSegmentsProblem(segments);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((segments) =>
      JSON.stringify(segments.map((s): CheckSegment => normaliseSegment(s as Record<string, unknown>))),
    ),
);

/** GET /sys/checkRule/list: IPage; ruleName / ruleCode are contains-filters (JeecgBoot's `*x*` accepted). */
export const CheckRuleListQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(PAGE_SIZE_DEFAULT),
  column: z.preprocess(trimmed, z.string().max(64).optional()),
  order: z.preprocess(trimmed, z.enum(['asc', 'desc']).optional()),
  ruleName: z.preprocess(
    trimmed,
    z.string().max(CHECK_RULE_ADMIN_LIMITS.filterMax, CHECK_RULE_ADMIN_TEXT.filterTooLong).optional(),
  ),
  ruleCode: z.preprocess(
    trimmed,
    z.string().max(CHECK_RULE_ADMIN_LIMITS.filterMax, CHECK_RULE_ADMIN_TEXT.filterTooLong).optional(),
  ),
});
export type CheckRuleListQuery = z.infer<typeof CheckRuleListQuery>;

/** POST /sys/checkRule/add. */
export const CheckRuleAddBody = z.object({
  ruleName,
  ruleCode,
  ruleJson,
  ruleDescription: ruleDescription.optional(),
});
export type CheckRuleAddBody = z.infer<typeof CheckRuleAddBody>;
export type CheckRuleAddInput = z.input<typeof CheckRuleAddBody>;

/** PUT|POST /sys/checkRule/edit; `version` (optional) is checked when sent. */
export const CheckRuleEditBody = CheckRuleAddBody.extend({
  id: requiredId,
  version: z.preprocess(
    (v) => (blank(v) ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ error: CHECK_RULE_ADMIN_TEXT.versionInvalid }).int(CHECK_RULE_ADMIN_TEXT.versionInvalid).optional(),
  ),
});
export type CheckRuleEditBody = z.infer<typeof CheckRuleEditBody>;

export const CheckRuleIdQuery = z.object({ id: requiredId });
export type CheckRuleIdQuery = z.infer<typeof CheckRuleIdQuery>;

export const CheckRuleIdsQuery = z.object({
  ids: idList({
    invalid: CHECK_RULE_ADMIN_TEXT.idInvalid,
    max: ADMIN_LIMITS.idsPerBatch,
    tooMany: ADMIN_TEXT.tooManyIds,
    required: CHECK_RULE_ADMIN_TEXT.idsRequired,
  }),
});
export type CheckRuleIdsQuery = z.infer<typeof CheckRuleIdsQuery>;

/** A rule as list and queryById answer it (times as 'yyyy-MM-dd HH:mm:ss'). */
export interface CheckRuleRecord {
  id: string;
  ruleName: string;
  ruleCode: string;
  ruleJson: string;
  ruleDescription: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  version: number;
}
