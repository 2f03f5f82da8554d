/**
 * 会计科目 (the chart of accounts, acc_subject; issue 15): the tree list, add, edit and delete. Codes follow
 * 企业会计准则: a first-level code is 4 digits whose first digit names its category (1 资产 … 6 损益); a sub-account is
 * its parent's code plus 2 digits, up to 4 levels. Request schemas with their Chinese messages (the web form checks
 * with the same rules), the wire shape of the tree and the texts.
 */
import { z } from 'zod';
import './common.ts';
import { blank, asText, trimmed, CONTROL } from './input-text.ts';
import { PLAIN_ID } from './id-list.ts';
import { ACCOUNTING_PATHS, type SubjectRecord } from './accounting.ts';
import { filterText } from './pickers.ts';

export const SUBJECT_PATHS = {
  list: ACCOUNTING_PATHS.subjects,
  add: '/voucher/accSubject/add',
  edit: '/voucher/accSubject/edit',
  delete: '/voucher/accSubject/delete',
} as const;

/** 科目类别 by the first digit of a first-level code (企业会计准则). */
export const SUBJECT_CATEGORIES = ['资产', '负债', '共同', '所有者权益', '成本', '损益'] as const;
export type SubjectCategory = (typeof SUBJECT_CATEGORIES)[number];

export const SUBJECT_LIMITS = {
  nameMax: 100,
  firstLevelLength: 4,
  subLength: 2,
  maxLevel: 4,
} as const;

export const SUBJECT_DIRECTION_TEXT = { D: '借', C: '贷' } as const;
export const SUBJECT_STATUS_TEXT = { '1': '启用', '0': '停用' } as const;

export const SUBJECT_TEXT = {
  /** Shown beside the code field. */
  codeRule:
    '一级科目为 4 位数字（首位：1 资产、2 负债、3 共同、4 所有者权益、5 成本、6 损益），下级科目为上级编码加 2 位数字，最多 4 级',
  codeRequired: '请输入科目编码',
  codeFormat: '科目编码应为 4 位数字，下级科目为上级编码加 2 位数字（最多 4 级）',
  codeTaken: '科目编码已存在',
  /** The form of 新增下级: the code must extend the parent's. */
  childCodeFormat: (parent: string) => `下级科目编码应为上级编码 ${parent} 加 2 位数字`,
  maxLevel: '科目最多 4 级，不能再增加下级科目',
  nameRequired: '请输入科目名称',
  nameTooLong: `科目名称最多 ${SUBJECT_LIMITS.nameMax} 个字符`,
  nameControl: '科目名称不能包含换行或控制字符',
  directionRequired: '请选择余额方向',
  directionInvalid: '余额方向只能是借或贷',
  categoryRequired: '请选择科目类别',
  categoryInvalid: '科目类别不正确',
  categoryMismatch: (digit: string, category: string) => `一级科目编码以 ${digit} 开头，科目类别应为「${category}」`,
  categoryFirstDigit: '一级科目编码首位应为 1 到 6（1 资产、2 负债、3 共同、4 所有者权益、5 成本、6 损益）',
  statusInvalid: '状态只能是启用或停用',
  idRequired: '请传入科目ID',
  idInvalid: '科目ID不正确',
  versionInvalid: '版本号不正确',
  keywordTooLong: '关键字最多 64 个字符',
  notFound: '科目不存在或已被删除，请刷新',
  stale: '数据已被他人修改，请刷新后重试',
  parentMissing: (parent: string) => `上级科目 ${parent} 不存在，请先添加上级科目`,
  parentDisabled: (parent: string) => `上级科目「${parent}」已停用，请先启用上级科目`,
  /** Adding the first sub-account to a subject already carrying entries would leave them on a non-leaf subject. */
  parentUsed: (parent: string, what: string) => `科目「${parent}」已被${what}使用，不能再增加下级科目`,
  hasChildren: (subject: string, n: number) => `科目「${subject}」下还有 ${n} 个下级科目，请先删除下级科目`,
  usedByVouchers: (subject: string, n: number) => `科目「${subject}」已被 ${n} 条凭证分录使用，不能删除，可以停用`,
  usedByBalances: (subject: string) => `科目「${subject}」在账簿中已有余额，不能删除，可以停用`,
  usedByTemplates: (subject: string, templates: string) =>
    `科目「${subject}」已被凭证模板「${templates}」使用，不能删除`,
  disableUsedByTemplates: (subject: string, templates: string) =>
    `科目「${subject}」已被凭证模板「${templates}」使用，请先修改凭证模板再停用`,
  disableEnabledChildren: (subject: string, n: number) =>
    `科目「${subject}」下还有 ${n} 个启用的下级科目，请先停用下级科目`,
  added: '添加成功！',
  edited: '编辑成功!',
  deleted: '删除成功!',
} as const;

/** 4, 6, 8 or 10 digits. */
export const SUBJECT_CODE_PATTERN = /^\d{4}(?:\d{2}){0,3}$/;

/** 1 for a 4-digit code, 2 for 6 digits … (null for a malformed code). */
export function subjectLevel(code: string): number | null {
  return SUBJECT_CODE_PATTERN.test(code) ? (code.length - 2) / 2 : null;
}

/** The parent's code of a sub-account; null for a first-level code. */
export function parentCodeOf(code: string): string | null {
  return code.length > SUBJECT_LIMITS.firstLevelLength ? code.slice(0, -SUBJECT_LIMITS.subLength) : null;
}

/** The category a first-level code's first digit names (企业会计准则), or null for 0, 7, 8, 9. */
export function categoryOfCode(code: string): SubjectCategory | null {
  const digit = Number(code.charAt(0));
  return Number.isInteger(digit) && digit >= 1 && digit <= 6 ? (SUBJECT_CATEGORIES[digit - 1] ?? null) : null;
}

export const subjectCode = z.preprocess(
  trimmed,
  z.string({ error: SUBJECT_TEXT.codeRequired }).regex(SUBJECT_CODE_PATTERN, SUBJECT_TEXT.codeFormat),
);

export const subjectName = z.preprocess(
  trimmed,
  z
    .string({ error: SUBJECT_TEXT.nameRequired })
    .max(SUBJECT_LIMITS.nameMax, SUBJECT_TEXT.nameTooLong)
    .refine((v) => !CONTROL.test(v), SUBJECT_TEXT.nameControl),
);

export const subjectDirection = z.preprocess(
  asText,
  z.enum(['D', 'C'], {
    error: (iss) => (iss.input === undefined ? SUBJECT_TEXT.directionRequired : SUBJECT_TEXT.directionInvalid),
  }),
);

const category = z.preprocess(trimmed, z.enum(SUBJECT_CATEGORIES, { error: SUBJECT_TEXT.categoryInvalid }).optional());

/** '1' 启用, '0' 停用; left out → '1' on add, kept on edit. */
const status = z.preprocess(asText, z.enum(['0', '1'], { error: SUBJECT_TEXT.statusInvalid }).optional());

const requiredId = z.preprocess(
  trimmed,
  z.string({ error: SUBJECT_TEXT.idRequired }).regex(PLAIN_ID, SUBJECT_TEXT.idInvalid),
);

/**
 * POST /voucher/accSubject/add. A first-level subject names its category (it must match the code's first digit);
 * a sub-account inherits its parent's (a category sent with it is ignored).
 */
export const SubjectAddBody = z
  .object({ code: subjectCode, name: subjectName, direction: subjectDirection, category, status })
  .superRefine((v, ctx) => {
    if (v.code.length !== SUBJECT_LIMITS.firstLevelLength) return;
    const expected = categoryOfCode(v.code);
    if (expected === null) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: SUBJECT_TEXT.categoryFirstDigit });
    } else if (v.category === undefined) {
      ctx.addIssue({ code: 'custom', path: ['category'], message: SUBJECT_TEXT.categoryRequired });
    } else if (v.category !== expected) {
      ctx.addIssue({
        code: 'custom',
        path: ['category'],
        message: SUBJECT_TEXT.categoryMismatch(v.code.charAt(0), expected),
      });
    }
  });
export type SubjectAddBody = z.infer<typeof SubjectAddBody>;

/** PUT|POST /voucher/accSubject/edit: the code and the category never change; `version` checked when sent. */
export const SubjectEditBody = z.object({
  id: requiredId,
  name: subjectName,
  direction: subjectDirection,
  status,
  version: z.preprocess(
    (v) => (blank(v) ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ error: SUBJECT_TEXT.versionInvalid }).int(SUBJECT_TEXT.versionInvalid).optional(),
  ),
});
export type SubjectEditBody = z.infer<typeof SubjectEditBody>;

export const SubjectIdQuery = z.object({ id: requiredId });
export type SubjectIdQuery = z.infer<typeof SubjectIdQuery>;

/** GET /voucher/accSubject/list: `keyword` (code or name contains), `status`. */
export const SubjectListQuery = z.object({
  keyword: filterText(),
  status: z.preprocess(asText, z.enum(['0', '1'], { error: SUBJECT_TEXT.statusInvalid }).optional()),
});
export type SubjectListQuery = z.infer<typeof SubjectListQuery>;

/**
 * A node of the chart as the list answers it. `leaf` says whether the subject has sub-accounts in the whole chart;
 * with a filter, the matching subjects come with their ancestors (`matched` false on those) so the tree stays whole.
 */
export interface SubjectTreeNode extends SubjectRecord {
  direction_dictText: string;
  status_dictText: string;
  matched: boolean;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  version: number;
  /** Empty on a leaf. */
  children: SubjectTreeNode[];
}
