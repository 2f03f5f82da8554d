/**
 * The pure side of 业务数据's screen: the dialog's values ⇄ the wire body (checked with the shared schemas, so the
 * form refuses what the server would, in the same words), the live 价税分离 preview, the search form's values → the
 * list's filters, and how money shows.
 */
import dayjs, { type Dayjs } from 'dayjs';
import { BizRecordAddBody, BizRecordEditBody, type BizRecordRecord } from '@houtai/shared/contract/accounting';
import { formatMoney, formatMoneyDisplay, formatRate, parseMoney, parseRate, splitTax } from '@houtai/shared/money';
import { checkWithSchema, type FieldErrors } from '../../../lib/zod-form.ts';
import type { BizRecordFilters } from './api/list-biz-records.ts';

/** The dialog's fields. Amount and rate are text (InputNumber's string mode): never a float. */
export interface BizRecordValues {
  orgId?: string | undefined;
  dataSource?: string | undefined;
  bizDate?: Dayjs | null | undefined;
  amount?: string | number | null | undefined;
  taxRate?: string | number | null | undefined;
  counterparty?: string | undefined;
  summary?: string | undefined;
}

export const BIZ_RECORD_FIELDS = [
  'orgId',
  'dataSource',
  'bizDate',
  'amount',
  'taxRate',
  'counterparty',
  'summary',
] as const;

/** What add / edit send: amounts as '1130.00', the rate as percent text ('13'), the date as 'YYYY-MM-DD'. */
export interface BizRecordWire {
  id?: string;
  orgId: string;
  dataSource: string;
  bizDate: string;
  amount: string;
  taxRate: string;
  counterparty?: string;
  summary: string;
  version?: number;
}

/** Common tax rates (%) offered by 税率; any 0–100 with two places is accepted. */
export const COMMON_RATES = ['13', '9', '6', '3', '1', '0'] as const;

export const STATUS_OPTIONS = [
  { value: '0', label: '未生成' },
  { value: '1', label: '已生成' },
];

export const DATE_FORMAT = 'YYYY-MM-DD';
export const PERIOD_FORMAT = 'YYYY-MM';

export function valuesOf(record: BizRecordRecord | null): BizRecordValues {
  if (!record) return { taxRate: '13' };
  return {
    orgId: record.orgId,
    dataSource: record.dataSource,
    bizDate: record.bizDate ? dayjs(record.bizDate) : null,
    amount: record.amount,
    taxRate: record.taxRate,
    counterparty: record.counterparty ?? '',
    summary: record.summary,
  };
}

const text = (v: unknown): string | undefined =>
  v === undefined || v === null ? undefined : typeof v === 'number' ? String(v) : (v as string);

/** The values as the schema reads them (the server's request). */
function rawOf(values: BizRecordValues) {
  return {
    orgId: values.orgId,
    dataSource: values.dataSource,
    bizDate: values.bizDate ? values.bizDate.format(DATE_FORMAT) : undefined,
    amount: text(values.amount),
    taxRate: text(values.taxRate),
    counterparty: values.counterparty,
    summary: values.summary,
  };
}

/**
 * Checks the values with BizRecordAddBody (a new record) or BizRecordEditBody (the record's id and version); the
 * body sent is the schema's reading of them written back as wire text.
 */
export function checkBizRecord(
  values: BizRecordValues,
  record: Pick<BizRecordRecord, 'id' | 'version'> | null,
): { ok: true; body: BizRecordWire } | { ok: false; errors: FieldErrors } {
  const raw = rawOf(values);
  const checked = record
    ? checkWithSchema(BizRecordEditBody, { ...raw, id: record.id, version: record.version })
    : checkWithSchema(BizRecordAddBody, raw);
  if (!checked.ok) return checked;
  const v = checked.value;
  const body: BizRecordWire = {
    ...(record ? { id: record.id } : {}),
    orgId: v.orgId,
    dataSource: v.dataSource,
    bizDate: v.bizDate,
    amount: formatMoney(v.amount),
    taxRate: formatRate(v.taxRate),
    ...(v.counterparty === undefined ? {} : { counterparty: v.counterparty }),
    // Required by the schema; its type is loose (one helper makes required and optional texts).
    summary: v.summary ?? '',
    ...(record ? { version: record.version } : {}),
  };
  return { ok: true, body };
}

/** One field's rule from the shared schema: its first message, or null when it passes. */
export function fieldError(field: (typeof BIZ_RECORD_FIELDS)[number], values: BizRecordValues): string | null {
  const parsed = BizRecordAddBody.shape[field].safeParse(rawOf(values)[field]);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? '');
}

/** 税额 and 不含税金额 of a valid amount at a valid rate (blank rate = 0), for screens; null otherwise. */
export function taxPreview(amount: unknown, rate: unknown): { tax: string; net: string } | null {
  const fen = parseMoney(typeof amount === 'number' ? String(amount) : amount);
  if (fen === null || fen === 0) return null;
  const blank = rate === undefined || rate === null || rate === '';
  const bp = blank ? 0 : parseRate(typeof rate === 'string' ? rate.replace(/%$/, '') : rate);
  if (bp === null) return null;
  const { tax, net } = splitTax(fen, bp);
  return { tax: formatMoneyDisplay(tax), net: formatMoneyDisplay(net) };
}

/** A wire amount ('1130.00') for screens ('1,130.00'); text that is no amount shows as it came. */
export function moneyText(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const negative = value.trim().startsWith('-');
  const fen = parseMoney(negative ? value.trim().slice(1) : value);
  if (fen === null) return value;
  return formatMoneyDisplay(negative ? -fen : fen);
}

/** The search form's fields. */
export interface BizRecordSearchValues {
  period?: Dayjs | null;
  orgId?: string;
  dataSource?: string;
  status?: string;
  counterparty?: string;
  summary?: string;
}

/** The search form's values → the list's filters (blank ones left out; the month as 'YYYY-MM'). */
export function searchFilters(values: BizRecordSearchValues): BizRecordFilters {
  const out: BizRecordFilters = {};
  if (values.period) out.period = values.period.format(PERIOD_FORMAT);
  if (values.orgId) out.orgId = values.orgId;
  if (values.dataSource) out.dataSource = values.dataSource;
  if (values.status) out.status = values.status;
  const counterparty = values.counterparty?.trim();
  if (counterparty) out.counterparty = counterparty;
  const summary = values.summary?.trim();
  if (summary) out.summary = summary;
  return out;
}
