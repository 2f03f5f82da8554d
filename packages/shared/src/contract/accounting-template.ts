/**
 * Administration of voucher templates (凭证模板: per business source leaf under A01, which subjects are debited and
 * credited with which part of the amount) and of ledgers (账簿管理: per settlement organisation, one main ledger)
 * — issue 15, deliverable 1. Paths, request schemas with their Chinese messages (the web forms validate with the
 * same rules), the balance rule of a template (the server's posting service applies the same one) and the wire
 * shapes of the answers.
 */
import { z } from 'zod';
import './common.ts';
import { blank, asText, trimmed, CONTROL, CATEGORY_CODE } from './input-text.ts';
import { PLAIN_ID } from './id-list.ts';
import { PickerPageQuery, filterText } from './pickers.ts';

export const TEMPLATE_PATHS = {
  list: '/voucher/voucherTemplate/list',
  /** The subjects a template line may use: active leaf subjects. */
  subjects: '/voucher/voucherTemplate/subjects',
  save: '/voucher/voucherTemplate/save',
  delete: '/voucher/voucherTemplate/delete',
} as const;

export const LEDGER_PATHS = {
  list: '/voucher/ledger/list',
  queryById: '/voucher/ledger/queryById',
  add: '/voucher/ledger/add',
  edit: '/voucher/ledger/edit',
  delete: '/voucher/ledger/delete',
} as const;

export const TEMPLATE_LIMITS = {
  nameMax: 100,
  summaryMax: 200,
  linesMin: 2,
  linesMax: 20,
} as const;

export const LEDGER_LIMITS = {
  codeMax: 64,
  nameMax: 100,
  /** The settlement organisation select of the ledger form (all active organisations). */
  orgDictCode: 'lg_base_settlement_org,name,id',
  defaultCurrency: 'CNY',
} as const;

export type TemplateSide = 'D' | 'C';
export type AmountKind = 'gross' | 'net' | 'tax';

export const SIDE_LABELS: Readonly<Record<TemplateSide, string>> = { D: '借', C: '贷' };
export const AMOUNT_KIND_LABELS: Readonly<Record<AmountKind, string>> = {
  gross: '价税合计',
  net: '不含税金额',
  tax: '税额',
};

export const TEMPLATE_TEXT = {
  sourceRequired: '请选择业务来源',
  sourceInvalid: '业务来源必须是 A01 下的末级分类',
  nameRequired: '请输入模板名称',
  nameTooLong: `模板名称最多 ${TEMPLATE_LIMITS.nameMax} 个字符`,
  textControl: '不能包含换行或控制字符',
  statusInvalid: '状态只能是启用或停用',
  linesRequired: '请添加分录',
  linesTooFew: `凭证模板至少需要 ${TEMPLATE_LIMITS.linesMin} 条分录`,
  linesTooMany: `凭证模板最多 ${TEMPLATE_LIMITS.linesMax} 条分录`,
  sideRequired: '请选择方向',
  sideInvalid: '方向只能是借或贷',
  subjectRequired: '请选择科目',
  subjectInvalid: '科目编码不正确',
  subjectNotLeaf: (code: string) => `科目 ${code} 不存在、已停用或不是末级科目`,
  kindRequired: '请选择金额取值',
  kindInvalid: '金额取值只能是价税合计、不含税金额或税额',
  summaryTooLong: `摘要最多 ${TEMPLATE_LIMITS.summaryMax} 个字符`,
  unbalanced: '借贷不平衡：借方与贷方的不含税金额和税额必须对应',
  balanced: '借贷平衡：借方与贷方的不含税金额和税额对应',
  versionInvalid: '版本号不正确',
  stale: '凭证模板已被他人修改，请刷新后重试',
  notFound: '该业务来源没有凭证模板，请刷新',
  saved: '保存成功！',
  deleted: '删除成功!',
} as const;

export const LEDGER_TEXT = {
  codeRequired: '请输入账簿编码',
  codeTooLong: `账簿编码最多 ${LEDGER_LIMITS.codeMax} 个字符`,
  codeFormat: '账簿编码只能由字母、数字、下划线和中划线组成',
  codeTaken: '账簿编码已存在',
  nameRequired: '请输入账簿名称',
  nameTooLong: `账簿名称最多 ${LEDGER_LIMITS.nameMax} 个字符`,
  nameControl: '账簿名称不能包含换行或控制字符',
  orgRequired: '请选择结算组织',
  orgInvalid: '结算组织不正确',
  orgUnknown: '结算组织不存在或已删除',
  currencyInvalid: '币种应为 3 位大写字母（如 CNY）',
  statusInvalid: '状态只能是启用或不启用',
  mainInvalid: '主账簿只能是是或否',
  idRequired: '请传入账簿ID',
  idInvalid: '账簿ID不正确',
  versionInvalid: '版本号不正确',
  notFound: '账簿不存在或已被删除，请刷新',
  stale: '数据已被他人修改，请刷新后重试',
  mainDisabled: '停用的账簿不能设为主账簿',
  /** Unsetting, disabling or deleting the main ledger while others of the organisation are active. */
  mainNeeded: (org: string) => `账簿是结算组织「${org}」的主账簿，请先把该组织的另一个启用账簿设为主账簿`,
  inUse: (ledger: string, what: string) => `账簿「${ledger}」已有${what}，不能删除`,
  orgLocked: (ledger: string) => `账簿「${ledger}」已有单据、凭证或余额，不能更换结算组织`,
  added: '添加成功！',
  edited: '编辑成功!',
  deleted: '删除成功!',
} as const;

// ---- the balance rule ----

export interface TemplateLineShape {
  side: TemplateSide;
  amountKind: AmountKind;
}

/** How many times each part of the amount (不含税金额, 税额) is carried on each side. */
export interface TemplateBalance {
  net: { debit: number; credit: number };
  tax: { debit: number; credit: number };
  enoughLines: boolean;
  ok: boolean;
}

/**
 * A template balances when each part of the amount — net and tax — is carried by as many debit lines as credit
 * lines (a 价税合计 line carries both parts), with at least two lines. Then every voucher built from it balances to
 * the fen whatever the amount and the rate. The posting service's `templateBalances` is the same rule.
 */
export function templateBalance(lines: readonly TemplateLineShape[]): TemplateBalance {
  const count = (side: TemplateSide, part: 'net' | 'tax') =>
    lines.filter((l) => l.side === side && (l.amountKind === 'gross' || l.amountKind === part)).length;
  const net = { debit: count('D', 'net'), credit: count('C', 'net') };
  const tax = { debit: count('D', 'tax'), credit: count('C', 'tax') };
  const enoughLines = lines.length >= TEMPLATE_LIMITS.linesMin;
  return { net, tax, enoughLines, ok: enoughLines && net.debit === net.credit && tax.debit === tax.credit };
}

// ---- field rules ----

/** 企业会计准则 codes: 4 digits, then 2 per level (up to 4 levels). */
const SUBJECT_CODE = /^\d{4}(?:\d{2}){0,3}$/;

const version = (message: string) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ error: message }).int(message).optional(),
  );

/** '1' 启用, '0' 停用; left out → '1'. */
const status = (message: string) =>
  z.preprocess((v) => (blank(v) ? '1' : asText(v)), z.enum(['0', '1'], { error: message }));

export const templateSource = z.preprocess(
  trimmed,
  z.string({ error: TEMPLATE_TEXT.sourceRequired }).regex(CATEGORY_CODE, TEMPLATE_TEXT.sourceInvalid),
);

export const templateName = z.preprocess(
  trimmed,
  z
    .string({ error: TEMPLATE_TEXT.nameRequired })
    .max(TEMPLATE_LIMITS.nameMax, TEMPLATE_TEXT.nameTooLong)
    .refine((v) => !CONTROL.test(v), TEMPLATE_TEXT.textControl),
);

export const TemplateLineInput = z.object({
  side: z.preprocess(
    asText,
    z.enum(['D', 'C'], {
      error: (i) => (i.input === undefined ? TEMPLATE_TEXT.sideRequired : TEMPLATE_TEXT.sideInvalid),
    }),
  ),
  subjectCode: z.preprocess(
    trimmed,
    z.string({ error: TEMPLATE_TEXT.subjectRequired }).regex(SUBJECT_CODE, TEMPLATE_TEXT.subjectInvalid),
  ),
  amountKind: z.preprocess(
    asText,
    z.enum(['gross', 'net', 'tax'], {
      error: (i) => (i.input === undefined ? TEMPLATE_TEXT.kindRequired : TEMPLATE_TEXT.kindInvalid),
    }),
  ),
  summary: z.preprocess(
    trimmed,
    z
      .string()
      .max(TEMPLATE_LIMITS.summaryMax, TEMPLATE_TEXT.summaryTooLong)
      .refine((v) => !CONTROL.test(v), TEMPLATE_TEXT.textControl)
      .optional(),
  ),
});
export type TemplateLineInput = z.infer<typeof TemplateLineInput>;

/**
 * POST /voucher/voucherTemplate/save: creates or replaces the template of a business source leaf with its lines (in
 * order). Refused unless it balances (templateBalance). `version` (of the template being replaced) checked when sent.
 */
export const TemplateSaveBody = z
  .object({
    dataSource: templateSource,
    name: templateName,
    status: status(TEMPLATE_TEXT.statusInvalid),
    lines: z
      .array(TemplateLineInput, { error: TEMPLATE_TEXT.linesRequired })
      .max(TEMPLATE_LIMITS.linesMax, TEMPLATE_TEXT.linesTooMany),
    version: version(TEMPLATE_TEXT.versionInvalid),
  })
  .superRefine((body, ctx) => {
    if (body.lines.length < TEMPLATE_LIMITS.linesMin) {
      ctx.addIssue({ code: 'custom', path: ['lines'], message: TEMPLATE_TEXT.linesTooFew });
    } else if (!templateBalance(body.lines).ok) {
      ctx.addIssue({ code: 'custom', path: ['lines'], message: TEMPLATE_TEXT.unbalanced });
    }
  });
export type TemplateSaveBody = z.infer<typeof TemplateSaveBody>;

/** DELETE /voucher/voucherTemplate/delete?dataSource= */
export const TemplateDeleteQuery = z.object({ dataSource: templateSource });
export type TemplateDeleteQuery = z.infer<typeof TemplateDeleteQuery>;

// ---- ledgers ----

const requiredId = (required: string, invalid: string) =>
  z.preprocess(trimmed, z.string({ error: required }).regex(PLAIN_ID, invalid));

export const ledgerCode = z.preprocess(
  trimmed,
  z
    .string({ error: LEDGER_TEXT.codeRequired })
    .max(LEDGER_LIMITS.codeMax, LEDGER_TEXT.codeTooLong)
    .regex(/^[A-Za-z0-9_-]+$/, LEDGER_TEXT.codeFormat),
);

export const ledgerName = z.preprocess(
  trimmed,
  z
    .string({ error: LEDGER_TEXT.nameRequired })
    .max(LEDGER_LIMITS.nameMax, LEDGER_TEXT.nameTooLong)
    .refine((v) => !CONTROL.test(v), LEDGER_TEXT.nameControl),
);

const ledgerFields = {
  code: ledgerCode,
  name: ledgerName,
  settlementOrgId: requiredId(LEDGER_TEXT.orgRequired, LEDGER_TEXT.orgInvalid),
  currency: z.preprocess(
    (v) => {
      const t = trimmed(v);
      return t === undefined ? LEDGER_LIMITS.defaultCurrency : typeof t === 'string' ? t.toUpperCase() : t;
    },
    z.string({ error: LEDGER_TEXT.currencyInvalid }).regex(/^[A-Z]{3}$/, LEDGER_TEXT.currencyInvalid),
  ),
  status: status(LEDGER_TEXT.statusInvalid),
  /** '1' the organisation's main ledger; left out → '0' (the first ledger of an organisation becomes main anyway). */
  isMain: z.preprocess(
    (v) => (blank(v) ? '0' : v === true ? '1' : v === false ? '0' : asText(v)),
    z.enum(['0', '1'], { error: LEDGER_TEXT.mainInvalid }),
  ),
};

/** POST /voucher/ledger/add */
export const LedgerAddBody = z.object(ledgerFields);
export type LedgerAddBody = z.infer<typeof LedgerAddBody>;

/** PUT|POST /voucher/ledger/edit: the whole ledger; `version` checked when sent. */
export const LedgerEditBody = z.object({
  id: requiredId(LEDGER_TEXT.idRequired, LEDGER_TEXT.idInvalid),
  ...ledgerFields,
  version: version(LEDGER_TEXT.versionInvalid),
});
export type LedgerEditBody = z.infer<typeof LedgerEditBody>;

export const LedgerIdQuery = z.object({ id: requiredId(LEDGER_TEXT.idRequired, LEDGER_TEXT.idInvalid) });
export type LedgerIdQuery = z.infer<typeof LedgerIdQuery>;

/** GET /voucher/ledger/list: exact organisation, contains-match on code and name, exact status. */
export const LedgerListQuery = PickerPageQuery.extend({
  settlementOrgId: z.preprocess(trimmed, z.string().regex(PLAIN_ID, LEDGER_TEXT.orgInvalid).optional()),
  code: filterText(),
  name: filterText(),
  status: z.preprocess(asText, z.enum(['0', '1'], { error: LEDGER_TEXT.statusInvalid }).optional()),
});
export type LedgerListQuery = z.infer<typeof LedgerListQuery>;

// ---- answers ----

export interface TemplateLineRecord {
  lineNo: number;
  side: TemplateSide;
  subjectCode: string;
  /** '' when the subject no longer exists. */
  subjectName: string;
  amountKind: AmountKind;
  summary: string | null;
}

export interface TemplateRecord {
  id: string;
  name: string;
  status: '0' | '1';
  status_dictText: string;
  lines: TemplateLineRecord[];
  updateBy: string | null;
  updateTime: string | null;
  version: number;
}

/** One business source leaf under A01 with its template (null: none — generation refuses the source). */
export interface TemplateSourceRecord {
  dataSource: string;
  sourceName: string;
  /** The names from the first level under A01 down to the leaf's parent, e.g. ['销售', '销售发票']. */
  parentNames: string[];
  template: TemplateRecord | null;
}

/** A subject a template line may use. */
export interface TemplateSubjectOption {
  code: string;
  name: string;
}

export interface LedgerRecord {
  id: string;
  code: string;
  name: string;
  settlementOrgId: string;
  settlementOrgId_dictText: string;
  currency: string;
  status: '0' | '1';
  status_dictText: string;
  isMain: '0' | '1';
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  version: number;
}
