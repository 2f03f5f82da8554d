/**
 * The accounting workspace (业务凭证, issue 15; spec widgets §2.1, §3, §4, §5.1, §7, §8, §9): business records (业务数据)
 * become documents (单据) and draft vouchers (凭证) built from the voucher template of their business source, and
 * synchronisation posts the drafts to the ledger (账簿) with numbers 记-0001… per ledger and period. The request
 * schemas with their Chinese messages (the web forms validate with the same rules), the wire shapes of the answers,
 * the permission codes, the paths and the texts. Amounts travel as decimal strings with two places (../money.ts).
 */
import { z } from 'zod';
import './common.ts';
import { blank, asText, trimmed, CONTROL, CATEGORY_CODE } from './input-text.ts';
import { MONEY_MAX_FEN, parseMoney, parseRate, periodOf } from '../money.ts';
import { PLAIN_ID, idList } from './id-list.ts';
import { PickerPageQuery, filterText } from './pickers.ts';

/** Route policy codes: viewing, generating, synchronising and closing are separate grants. */
export const ACCOUNTING_PERMISSIONS = {
  view: 'acc:voucher:view',
  generate: 'acc:voucher:generate',
  sync: 'acc:voucher:sync',
  /** 结账 */
  close: 'acc:period:close',
  /** 反结账: an administrator's step, audited. */
  reopen: 'acc:period:reopen',
  bizRecordView: 'acc:bizRecord:list',
  bizRecordEdit: 'acc:bizRecord:edit',
  bizRecordImport: 'acc:bizRecord:import',
  bizRecordExport: 'acc:bizRecord:export',
  subjectEdit: 'acc:subject:edit',
  templateEdit: 'acc:template:edit',
  ledgerEdit: 'acc:ledger:edit',
} as const;

export const ACCOUNTING_PATHS = {
  generate: '/voucher/voucherRecord/batchCreateVoucher',
  sync: '/voucher/voucherRecord/syncVoucher',
  bills: '/voucher/billRecord/list',
  vouchers: '/voucher/voucherRecord/list',
  voucherLines: '/voucher/voucherRecord/queryLines',
  syncLogs: '/voucher/syncLog/list',
  balances: '/voucher/ledgerBalance/list',
  myLedgers: '/voucher/ledger/myLedgers',
  periods: '/voucher/accPeriod/list',
  closePeriod: '/voucher/accPeriod/close',
  reopenPeriod: '/voucher/accPeriod/reopen',
  bizRecordList: '/voucher/bizRecord/list',
  bizRecordQuery: '/voucher/bizRecord/queryById',
  bizRecordAdd: '/voucher/bizRecord/add',
  bizRecordEdit: '/voucher/bizRecord/edit',
  bizRecordDelete: '/voucher/bizRecord/delete',
  bizRecordDeleteBatch: '/voucher/bizRecord/deleteBatch',
  bizRecordExport: '/voucher/bizRecord/exportXls',
  bizRecordImport: '/voucher/bizRecord/importExcel',
  subjects: '/voucher/accSubject/list',
} as const;

/** Spec §9 and §2.1. */
export const ACCOUNTING_LIMITS = {
  /** Root category of the business sources. */
  sourceRoot: 'A01',
  /** Sources the generate modal shows disabled. */
  generateExcluded: ['A01A04', 'A01A05'],
  modalWidth: 600,
  workspaceMinHeight: 550,
  /** Session-storage key of the cached business source categories (spec §3). */
  sourceCacheKey: 'DATASOURCE',
  /** The organisation picker's dictionary: the caller's own settlement organisations (`bi`). */
  orgDictCode: 'lg_base_settlement_org,name,id,bi',
  counterpartyMax: 100,
  summaryMax: 200,
  reasonMax: 200,
  idsPerBatch: 500,
} as const;

export const ACCOUNTING_TEXT = {
  generate: '生成单据',
  sync: '同步凭证',
  generateTitle: '请选择生成单据的条件',
  syncTitle: '请选择同步凭证的条件',
  ledgerPlaceholder: '请选择当前账簿',
  period: '会计期间',
  periodRequired: '请选择账期',
  periodInvalid: '账期格式应为 YYYY-MM-DD',
  sourceLabel: '业务来源',
  sourceRequired: '请选择业务来源',
  sourceInvalid: '业务来源不正确',
  /** The organisation picker's label: generating / synchronising. */
  orgLabelGenerate: '结算组织',
  orgLabelSync: '账簿',
  all: '全部',
  orgInvalid: '结算组织不正确',
  tabs: { bills: '单据', vouchers: '凭证', syncLogs: '同步日志', balances: '科目余额表', periods: '期间结账' },
  noLedger: '请先在页头选择当前账簿',
  // ---- generate / sync answers ----
  generated: (bills: number) => `成功生成 ${bills} 张单据及 ${bills} 张凭证`,
  nothingNew: '所选账期没有新的业务数据，未生成单据',
  synced: (vouchers: number, ledgers: number) => `成功同步 ${vouchers} 张凭证到 ${ledgers} 个账簿`,
  nothingToSync: '所选账期没有待同步的凭证',
  notYourOrg: '包含无权操作的结算组织',
  ledgersChanged: '账簿刚被修改（删除或停用），请刷新后重试',
  noOrgs: '您没有可操作的结算组织',
  orgWithoutLedger: (org: string) => `结算组织「${org}」没有启用的账簿，请先在账簿管理中添加`,
  noTemplate: (source: string) => `业务来源「${source}」没有启用的凭证模板，请先在凭证模板中设置`,
  badTemplate: (source: string) => `业务来源「${source}」的凭证模板借贷不平衡，请先修改凭证模板`,
  periodClosed: (ledger: string, period: string) => `账簿「${ledger}」的 ${period} 期间已结账，不能再生成、同步或修改`,
  unbalanced: (voucher: string, debit: string, credit: string) =>
    `凭证 ${voucher} 借贷不平衡（借方 ${debit}，贷方 ${credit}），本次同步未执行`,
  // ---- business records ----
  orgRequired: '请选择结算组织',
  leafRequired: '请选择末级业务来源',
  bizDateRequired: '请选择业务日期',
  bizDateInvalid: '业务日期格式应为 YYYY-MM-DD',
  amountRequired: '请输入金额',
  amountInvalid: `金额必须是 0.01 到 ${(MONEY_MAX_FEN / 100).toFixed(2)} 之间、最多两位小数的数`,
  rateInvalid: '税率必须是 0 到 100 之间、最多两位小数的百分数',
  counterpartyTooLong: '往来单位最多 100 个字符',
  summaryRequired: '请输入摘要',
  summaryTooLong: '摘要最多 200 个字符',
  textControl: '不能包含换行或控制字符',
  idRequired: '请传入ID',
  idInvalid: 'ID不正确',
  idsRequired: '请选择记录',
  versionInvalid: '版本号不正确',
  notFound: '记录不存在或已被删除，请刷新',
  stale: '数据已被他人修改，请刷新后重试',
  documented: '该业务数据已生成单据，不能修改或删除',
  documentedSome: (n: number) => `所选记录中有 ${n} 条已生成单据，不能删除`,
  added: '添加成功！',
  edited: '编辑成功!',
  deleted: '删除成功!',
  // ---- periods ----
  ledgerRequired: '请选择账簿',
  ledgerUnknown: '账簿不存在或无权访问',
  closed: (ledger: string, period: string) => `账簿「${ledger}」${period} 期间结账成功`,
  reopened: (ledger: string, period: string) => `账簿「${ledger}」${period} 期间已反结账`,
  alreadyClosed: '该期间已结账',
  notClosed: '该期间未结账，无需反结账',
  draftsLeft: (n: number) => `该期间还有 ${n} 张未同步的凭证，请先同步再结账`,
  reasonRequired: '请输入反结账原因',
  reasonTooLong: '反结账原因最多 200 个字符',
  laterClosed: (period: string) => `${period} 期间已结账，请先反结账后面的期间`,
} as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day 'YYYY-MM-DD' (no 2026-02-30). */
export function isCalendarDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 2999 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

const requiredId = (message: string = ACCOUNTING_TEXT.idRequired) =>
  z.preprocess(trimmed, z.string({ error: message }).regex(PLAIN_ID, ACCOUNTING_TEXT.idInvalid));

const version = z.preprocess(
  (v) => (blank(v) ? undefined : typeof v === 'string' ? Number(v) : v),
  z.number({ error: ACCOUNTING_TEXT.versionInvalid }).int(ACCOUNTING_TEXT.versionInvalid).optional(),
);

/**
 * The request's date: 'YYYY-MM-DD' (the date picker; also with a time, or 'YYYY-MM'); its month is the period.
 * Parsed to the period 'YYYY-MM'.
 */
const requestPeriod = z.preprocess(
  trimmed,
  z
    .string({ error: ACCOUNTING_TEXT.periodRequired })
    .refine((v) => /^\d{4}-\d{2}(?:-\d{2}(?:[ T][\d:.]+Z?)?)?$/.test(v) && periodOf(v) !== null, {
      message: ACCOUNTING_TEXT.periodInvalid,
    })
    .transform((v) => periodOf(v)!),
);

/** A business source: a category code under A01. */
const sourceCode = (message: string) =>
  z.preprocess(trimmed, z.string({ error: message }).regex(CATEGORY_CODE, ACCOUNTING_TEXT.sourceInvalid));

/** Comma-joined settlement organisation ids (empty → all the caller's). */
const orgIds = idList({ invalid: ACCOUNTING_TEXT.orgInvalid, max: 200, tooMany: ACCOUNTING_TEXT.orgInvalid });

/**
 * POST batchCreateVoucher / syncVoucher (spec §3 "voucher generation or sync request"): date, orgId (comma-joined
 * settlement organisation ids, empty = all of the caller's), dataSource (a non-leaf child of A01).
 */
export const VoucherRequestBody = z.object({
  date: requestPeriod,
  orgId: orgIds,
  dataSource: sourceCode(ACCOUNTING_TEXT.sourceRequired),
});
export type VoucherRequestBody = z.infer<typeof VoucherRequestBody>;

/** 'YYYY-MM' (also the first 7 characters of a date). */
const periodFilter = z.preprocess(
  (v) => {
    const t = trimmed(v);
    return typeof t === 'string' ? (periodOf(t) ?? t) : t;
  },
  z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '期间格式应为 YYYY-MM')
    .optional(),
);
const exactId = z.preprocess(trimmed, z.string().regex(PLAIN_ID, ACCOUNTING_TEXT.idInvalid).optional());

/** Filters shared by the workspace's lists: period, orgId (one or a comma list), dataSource (any level), ledgerId. */
export const AccountingListQuery = PickerPageQuery.extend({
  period: periodFilter,
  orgId: orgIds,
  dataSource: z.preprocess(trimmed, z.string().regex(CATEGORY_CODE, ACCOUNTING_TEXT.sourceInvalid).optional()),
  ledgerId: exactId,
});
export type AccountingListQuery = z.infer<typeof AccountingListQuery>;

/** GET /voucher/voucherRecord/list: also status '0' draft / '1' posted and a voucher number. */
export const VoucherListQuery = AccountingListQuery.extend({
  status: z.preprocess(asText, z.enum(['0', '1'], { error: '状态不正确' }).optional()),
  voucherNo: filterText(),
});
export type VoucherListQuery = z.infer<typeof VoucherListQuery>;

export const VoucherLinesQuery = z.object({ voucherId: requiredId() });
export type VoucherLinesQuery = z.infer<typeof VoucherLinesQuery>;

/** GET /voucher/ledgerBalance/list?ledgerId=&period= */
export const LedgerBalanceQuery = z.object({
  ledgerId: requiredId(ACCOUNTING_TEXT.ledgerRequired),
  period: z.preprocess(
    (v) => {
      const t = trimmed(v);
      return typeof t === 'string' ? (periodOf(t) ?? t) : t;
    },
    z.string({ error: ACCOUNTING_TEXT.periodRequired }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, '期间格式应为 YYYY-MM'),
  ),
});
export type LedgerBalanceQuery = z.infer<typeof LedgerBalanceQuery>;

export const PeriodListQuery = z.object({ ledgerId: requiredId(ACCOUNTING_TEXT.ledgerRequired) });
export type PeriodListQuery = z.infer<typeof PeriodListQuery>;

/** POST /voucher/accPeriod/close {ledgerId, period}. */
export const PeriodCloseBody = LedgerBalanceQuery;
export type PeriodCloseBody = z.infer<typeof PeriodCloseBody>;

/** POST /voucher/accPeriod/reopen {ledgerId, period, reason}. */
export const PeriodReopenBody = LedgerBalanceQuery.extend({
  reason: z.preprocess(
    trimmed,
    z
      .string({ error: ACCOUNTING_TEXT.reasonRequired })
      .max(ACCOUNTING_LIMITS.reasonMax, ACCOUNTING_TEXT.reasonTooLong)
      .refine((v) => !CONTROL.test(v), ACCOUNTING_TEXT.textControl),
  ),
});
export type PeriodReopenBody = z.infer<typeof PeriodReopenBody>;

// ---- business records ----

const optionalLine = (max: number, tooLong: string) =>
  z.preprocess(
    trimmed,
    z
      .string()
      .max(max, tooLong)
      .refine((v) => !CONTROL.test(v), ACCOUNTING_TEXT.textControl)
      .optional(),
  );

const requiredLine = (max: number, tooLong: string, required: string) =>
  z.preprocess(
    trimmed,
    z
      .string({ error: required })
      .max(max, tooLong)
      .refine((v) => !CONTROL.test(v), ACCOUNTING_TEXT.textControl),
  );

/** Amount: a decimal text or number with at most two places, 0.01 … 99,999,999.99 → fen. */
export const moneyField = z
  .preprocess((v) => (blank(v) ? undefined : v), z.unknown())
  .refine((v) => v !== undefined, ACCOUNTING_TEXT.amountRequired)
  .transform((v, ctx) => {
    const fen = parseMoney(v);
    if (fen === null || fen === 0) {
      ctx.addIssue({ code: 'custom', message: ACCOUNTING_TEXT.amountInvalid });
      return z.NEVER;
    }
    return fen;
  });

/** Tax rate in percent ('13', '6', '0'); left out → 0. → basis points. */
export const rateField = z
  .preprocess((v) => (blank(v) ? '0' : v), z.unknown())
  .transform((v, ctx) => {
    const bp = parseRate(typeof v === 'string' ? v.replace(/%$/, '') : v);
    if (bp === null) {
      ctx.addIssue({ code: 'custom', message: ACCOUNTING_TEXT.rateInvalid });
      return z.NEVER;
    }
    return bp;
  });

const bizDate = z.preprocess(
  trimmed,
  z
    .string({ error: ACCOUNTING_TEXT.bizDateRequired })
    .refine((v) => isCalendarDate(v.slice(0, 10)) && /^\d{4}-\d{2}-\d{2}(?:[ T][\d:.]+Z?)?$/.test(v), {
      message: ACCOUNTING_TEXT.bizDateInvalid,
    })
    .transform((v) => v.slice(0, 10)),
);

const bizRecordFields = {
  orgId: requiredId(ACCOUNTING_TEXT.orgRequired),
  dataSource: sourceCode(ACCOUNTING_TEXT.sourceRequired),
  bizDate,
  amount: moneyField,
  taxRate: rateField,
  counterparty: optionalLine(ACCOUNTING_LIMITS.counterpartyMax, ACCOUNTING_TEXT.counterpartyTooLong),
  summary: requiredLine(ACCOUNTING_LIMITS.summaryMax, ACCOUNTING_TEXT.summaryTooLong, ACCOUNTING_TEXT.summaryRequired),
};

/** POST /voucher/bizRecord/add. `amount` is tax-inclusive (价税合计). */
export const BizRecordAddBody = z.object(bizRecordFields);
export type BizRecordAddBody = z.infer<typeof BizRecordAddBody>;

/** PUT|POST /voucher/bizRecord/edit: the whole record; `version` checked when sent. */
export const BizRecordEditBody = z.object({ id: requiredId(), ...bizRecordFields, version });
export type BizRecordEditBody = z.infer<typeof BizRecordEditBody>;

export const BizRecordIdQuery = z.object({ id: requiredId() });
export type BizRecordIdQuery = z.infer<typeof BizRecordIdQuery>;

export const BizRecordIdsQuery = z.object({
  ids: idList({
    invalid: ACCOUNTING_TEXT.idInvalid,
    max: ACCOUNTING_LIMITS.idsPerBatch,
    tooMany: `每次最多 ${ACCOUNTING_LIMITS.idsPerBatch} 条`,
    required: ACCOUNTING_TEXT.idsRequired,
  }),
});
export type BizRecordIdsQuery = z.infer<typeof BizRecordIdsQuery>;

/** GET /voucher/bizRecord/list: the workspace filters plus status ('0' 未生成 / '1' 已生成) and text filters. */
export const BizRecordListQuery = AccountingListQuery.extend({
  status: z.preprocess(asText, z.enum(['0', '1'], { error: '状态不正确' }).optional()),
  counterparty: filterText(),
  summary: filterText(),
});
export type BizRecordListQuery = z.infer<typeof BizRecordListQuery>;

/**
 * One row of a 业务数据 import (the task centre): the organisation and the business source by name or code (the
 * export writes names), the other fields with the add form's rules.
 */
export const BizRecordImportRow = z.object({
  orgName: requiredLine(100, '结算组织最多 100 个字符', ACCOUNTING_TEXT.orgRequired),
  sourceName: requiredLine(100, '业务来源最多 100 个字符', ACCOUNTING_TEXT.sourceRequired),
  bizDate,
  amount: moneyField,
  taxRate: rateField,
  counterparty: optionalLine(ACCOUNTING_LIMITS.counterpartyMax, ACCOUNTING_TEXT.counterpartyTooLong),
  summary: requiredLine(ACCOUNTING_LIMITS.summaryMax, ACCOUNTING_TEXT.summaryTooLong, ACCOUNTING_TEXT.summaryRequired),
});
export type BizRecordImportRow = z.infer<typeof BizRecordImportRow>;

export const BIZ_RECORD_TRANSFER_TEXT = {
  orgUnknown: (name: string) => `结算组织「${name}」不存在或不是您所属的结算组织`,
  sourceUnknown: (name: string) => `业务来源「${name}」不存在或不是末级业务来源`,
} as const;

// ---- answers ----

/** A business record (业务数据). Amounts: decimal strings with two places; taxRate: percent text. */
export interface BizRecordRecord {
  id: string;
  orgId: string;
  orgId_dictText: string;
  dataSource: string;
  dataSource_dictText: string;
  bizDate: string;
  period: string;
  amount: string;
  taxRate: string;
  taxAmount: string;
  netAmount: string;
  counterparty: string | null;
  summary: string;
  /** '0' 未生成, '1' 已生成单据. */
  status: '0' | '1';
  status_dictText: string;
  billId: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  version: number;
}

/** A document (单据) made from one business record. */
export interface BillRecord {
  id: string;
  billNo: string;
  bizRecordId: string;
  orgId: string;
  orgId_dictText: string;
  ledgerId: string;
  ledgerId_dictText: string;
  dataSource: string;
  dataSource_dictText: string;
  bizDate: string;
  period: string;
  amount: string;
  taxAmount: string;
  netAmount: string;
  counterparty: string | null;
  summary: string;
  voucherId: string;
  /** The voucher's number once posted, else null. */
  voucherNo: string | null;
  createBy: string | null;
  createTime: string | null;
}

export interface VoucherRecord {
  id: string;
  /** 记-0001 … once posted; null while draft. */
  voucherNo: string | null;
  billId: string;
  billNo: string;
  period: string;
  bizDate: string;
  orgId: string;
  orgId_dictText: string;
  ledgerId: string;
  ledgerId_dictText: string;
  dataSource: string;
  dataSource_dictText: string;
  summary: string;
  debitTotal: string;
  creditTotal: string;
  /** '0' draft, '1' posted. */
  status: '0' | '1';
  status_dictText: string;
  postTime: string | null;
  postBy: string | null;
  createTime: string | null;
}

export interface VoucherLine {
  id: string;
  lineNo: number;
  summary: string;
  subjectCode: string;
  subjectName: string;
  debit: string;
  credit: string;
}

export interface SyncLogRecord {
  id: string;
  ledgerId: string;
  ledgerId_dictText: string;
  period: string;
  dataSource: string;
  dataSource_dictText: string;
  /** Vouchers posted by this run. */
  voucherCount: number;
  firstNo: string | null;
  lastNo: string | null;
  debitTotal: string;
  creditTotal: string;
  /** '1' 成功, '0' 失败 */
  status: '0' | '1';
  status_dictText: string;
  message: string;
  createBy: string | null;
  createTime: string | null;
}

/** One subject's row of the trial balance (科目余额表). Parent subjects sum their children. */
export interface LedgerBalanceRow {
  subjectCode: string;
  subjectName: string;
  /** 1 for a first-level subject. */
  level: number;
  leaf: boolean;
  openingDebit: string;
  openingCredit: string;
  periodDebit: string;
  periodCredit: string;
  closingDebit: string;
  closingCredit: string;
}

export interface LedgerBalanceAnswer {
  ledgerId: string;
  period: string;
  records: LedgerBalanceRow[];
  /** Sums of the first-level rows: opening, period and closing debit equal their credit. */
  totals: Omit<LedgerBalanceRow, 'subjectCode' | 'subjectName' | 'level' | 'leaf'>;
  /** Whether the period is closed (结账). */
  closed: boolean;
}

/** A ledger the caller may work in (the workspace's current-ledger selector). */
export interface MyLedger {
  id: string;
  code: string;
  name: string;
  settlementOrgId: string;
  settlementOrgName: string;
  /** The organisation's main ledger (vouchers are generated into it). */
  main: boolean;
}

export interface PeriodRecord {
  ledgerId: string;
  period: string;
  /** '1' 已结账, '0' 未结账 */
  closed: '0' | '1';
  closedBy: string | null;
  closedTime: string | null;
  reopenedBy: string | null;
  reopenedTime: string | null;
  reopenReason: string | null;
  draftCount: number;
  postedCount: number;
}

export interface SubjectRecord {
  id: string;
  code: string;
  name: string;
  parentCode: string | null;
  /** 'D' 借, 'C' 贷 */
  direction: 'D' | 'C';
  /** 资产, 负债, 共同, 所有者权益, 成本, 损益 */
  category: string;
  level: number;
  leaf: boolean;
  status: '0' | '1';
}
