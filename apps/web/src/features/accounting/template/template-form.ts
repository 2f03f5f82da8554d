/**
 * The template dialog's values and rules without React: the form values of a source's template, the live balance
 * text (the shared rule templateBalance), and the body checked by the shared schema before it is sent.
 */
import {
  AMOUNT_KIND_LABELS,
  SIDE_LABELS,
  TEMPLATE_TEXT,
  TemplateSaveBody,
  templateBalance,
  type AmountKind,
  type TemplateLineRecord,
  type TemplateSide,
  type TemplateSourceRecord,
} from '@houtai/shared/contract/accounting-template';

export interface LineValues {
  side?: TemplateSide;
  subjectCode?: string;
  amountKind?: AmountKind;
  summary?: string;
}

export interface TemplateValues {
  name?: string;
  status?: '0' | '1';
  lines?: (LineValues | undefined)[];
}

export const SIDE_OPTIONS = (['D', 'C'] as const).map((v) => ({ value: v, label: SIDE_LABELS[v] }));
export const KIND_OPTIONS = (['gross', 'net', 'tax'] as const).map((v) => ({ value: v, label: AMOUNT_KIND_LABELS[v] }));
export const TEMPLATE_STATUS_OPTIONS = [
  { value: '1', label: '启用' },
  { value: '0', label: '停用' },
];

/** A new template starts as the common purchase shape: debit net and tax, credit the gross. */
const NEW_LINES: LineValues[] = [
  { side: 'D', amountKind: 'net' },
  { side: 'D', amountKind: 'tax' },
  { side: 'C', amountKind: 'gross' },
];

export function valuesOf(source: TemplateSourceRecord): TemplateValues {
  const t = source.template;
  if (!t) return { name: source.sourceName, status: '1', lines: NEW_LINES.map((l) => ({ ...l })) };
  return {
    name: t.name,
    status: t.status,
    lines: t.lines.map((l) => ({
      side: l.side,
      subjectCode: l.subjectCode,
      amountKind: l.amountKind,
      summary: l.summary ?? undefined,
    })),
  };
}

export interface BalanceView {
  ok: boolean;
  title: string;
  detail: string;
}

/** The live balance of the lines chosen so far (a line counts once its 方向 and 金额取值 are set). */
export function balanceView(lines: readonly (LineValues | undefined)[] | undefined): BalanceView {
  const set = (lines ?? []).flatMap((l) =>
    l?.side && l.amountKind ? [{ side: l.side, amountKind: l.amountKind }] : [],
  );
  const b = templateBalance(set);
  const detail = `不含税金额：借方 ${b.net.debit} 条、贷方 ${b.net.credit} 条；税额：借方 ${b.tax.debit} 条、贷方 ${b.tax.credit} 条`;
  if (!b.enoughLines) return { ok: false, title: TEMPLATE_TEXT.linesTooFew, detail };
  return { ok: b.ok, title: b.ok ? TEMPLATE_TEXT.balanced : TEMPLATE_TEXT.unbalanced, detail };
}

/** The body to send, or the shared schema's messages (first per field). */
export function checkTemplate(
  values: TemplateValues,
  source: TemplateSourceRecord,
): { ok: true; body: TemplateSaveBody } | { ok: false; messages: string[] } {
  const parsed = TemplateSaveBody.safeParse({
    dataSource: source.dataSource,
    name: values.name,
    status: values.status,
    lines: (values.lines ?? []).map((l) => ({ ...l })),
    version: source.template?.version,
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const messages = [...new Set(parsed.error.issues.map((i) => i.message))];
  return { ok: false, messages };
}

/** One line as the list shows it: 借 1405 库存商品 · 不含税金额. */
export function lineText(l: TemplateLineRecord): string {
  return `${SIDE_LABELS[l.side]} ${l.subjectCode} ${l.subjectName} · ${AMOUNT_KIND_LABELS[l.amountKind]}`;
}
