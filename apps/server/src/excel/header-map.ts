/**
 * From an import template's header row (Chinese column titles) to field keys, and from a row's cells to typed
 * field values with per-cell messages for the error file.
 */
import { EXCEL_TEXT, ExcelError } from './excel-error.ts';
import { isCellError, type ExcelRow, type ExcelValue } from './values.ts';

export type ImportFieldType = 'string' | 'number' | 'date' | 'datetime' | 'time' | 'boolean' | 'dict';

export interface ImportColumn {
  key: string;
  title: string;
  type: ImportFieldType;
  required?: boolean;
  /** Other titles accepted for this column (older templates). */
  aliases?: readonly string[];
  /** For 'dict': the items; a cell may hold an item's text (as shown) or its value. */
  options?: readonly { value: string; text: string }[];
}

export interface HeaderMapping {
  columns: readonly ImportColumn[];
  /** For each sheet column (index 0 = A), the field it feeds, or null. */
  fields: (ImportColumn | null)[];
  /** Required columns the header lacks. */
  missing: ImportColumn[];
  /** Header cells that match no column (or repeat one already matched), by sheet column index. */
  unknown: { index: number; title: string }[];
}

/**
 * How titles are compared: Unicode NFKC (full-width letters, digits, brackets and the ideographic space become
 * their ASCII forms), all whitespace removed, '*' required-markers dropped, Latin letters lower-cased.
 */
export function normalizeTitle(title: string): string {
  return title
    .normalize('NFKC')
    .replace(/\s+/g, '')
    .replace(/^\*+|\*+$/g, '')
    .toLowerCase();
}

export function mapHeader(header: readonly ExcelValue[], columns: readonly ImportColumn[]): HeaderMapping {
  const byTitle = new Map<string, ImportColumn>();
  for (const column of columns) {
    for (const title of [column.title, ...(column.aliases ?? [])]) {
      const key = normalizeTitle(title);
      if (!byTitle.has(key)) byTitle.set(key, column);
    }
  }
  const taken = new Set<string>();
  const fields: (ImportColumn | null)[] = [];
  const unknown: HeaderMapping['unknown'] = [];
  header.forEach((value, index) => {
    const title = cellText(value);
    const column = title === '' ? undefined : byTitle.get(normalizeTitle(title));
    if (column && !taken.has(column.key)) {
      taken.add(column.key);
      fields[index] = column;
    } else {
      fields[index] = null;
      if (title !== '') unknown.push({ index, title });
    }
  });
  const missing = columns.filter((c) => c.required && !taken.has(c.key));
  return { columns, fields, missing, unknown };
}

/** mapHeader, refusing the file when required columns are missing ('缺少必填列：姓名、部门，请使用导入模板'). */
export function requireHeader(header: readonly ExcelValue[], columns: readonly ImportColumn[]): HeaderMapping {
  const mapping = mapHeader(header, columns);
  if (mapping.missing.length > 0) {
    throw new ExcelError('MISSING_COLUMNS', EXCEL_TEXT.missingColumns(mapping.missing.map((c) => c.title)));
  }
  return mapping;
}

export type FieldValue = string | number | boolean | null;

export interface ConvertedRow {
  rowNumber: number;
  record: Record<string, FieldValue>;
  /** One message per failed cell; the row is rejected when there are any. */
  errors: string[];
}

/** Converts the mapped cells of a data row; every column's key is present, null when the file lacks it. */
export function convertRow(row: ExcelRow, mapping: HeaderMapping): ConvertedRow {
  const record: Record<string, FieldValue> = {};
  for (const column of mapping.columns) record[column.key] = null;
  const errors: string[] = [];
  mapping.fields.forEach((column, index) => {
    if (column === null) return;
    const result = convertValue(row.values[index] ?? null, column);
    if (result.ok) record[column.key] = result.value;
    else errors.push(result.message);
  });
  return { rowNumber: row.rowNumber, record, errors };
}

export type Converted = { ok: true; value: FieldValue } | { ok: false; message: string };

/**
 * One cell to one field: strings stay strings (numbers become their plain text), dates become 'YYYY-MM-DD' or
 * 'YYYY-MM-DD HH:mm:ss' (the formats of the wire), times 'HH:mm:ss'.
 */
export function convertValue(value: ExcelValue, column: ImportColumn): Converted {
  const label = `“${column.title}”`;
  if (isCellError(value)) return { ok: false, message: `${label}${value.message}` };
  const empty = value === null || (typeof value === 'string' && value.trim() === '');
  if (empty) return column.required ? { ok: false, message: `${label}不能为空` } : { ok: true, value: null };
  const fail = (what: string): Converted => ({ ok: false, message: `${label}不是有效的${what}：${cellText(value)}` });

  switch (column.type) {
    case 'string':
      return { ok: true, value: cellText(value).trim() };
    case 'number': {
      if (typeof value === 'number') return { ok: true, value };
      if (typeof value !== 'string') return fail('数字');
      const n = parseNumber(value);
      return n === null ? fail('数字') : { ok: true, value: n };
    }
    case 'date': {
      if (typeof value === 'object' && value.kind === 'date') return { ok: true, value: value.text.slice(0, 10) };
      const d = typeof value === 'string' || typeof value === 'number' ? parseDate(String(value)) : null;
      return d === null ? fail('日期') : { ok: true, value: d.slice(0, 10) };
    }
    case 'datetime': {
      if (typeof value === 'object' && value.kind === 'date') {
        return { ok: true, value: value.date.toISOString().slice(0, 19).replace('T', ' ') };
      }
      const d = typeof value === 'string' || typeof value === 'number' ? parseDate(String(value)) : null;
      return d === null ? fail('日期时间') : { ok: true, value: d };
    }
    case 'time': {
      if (typeof value === 'object' && value.kind === 'time' && !value.elapsed) return { ok: true, value: value.text };
      const t = typeof value === 'string' ? parseTime(value) : null;
      return t === null ? fail('时间') : { ok: true, value: t };
    }
    case 'boolean': {
      if (typeof value === 'boolean') return { ok: true, value };
      const text = cellText(value).trim().toLowerCase();
      if (['是', 'y', 'yes', 'true', '1'].includes(text)) return { ok: true, value: true };
      if (['否', 'n', 'no', 'false', '0'].includes(text)) return { ok: true, value: false };
      return fail('是/否');
    }
    case 'dict': {
      const text = cellText(value).trim();
      if (!column.options) return { ok: true, value: text };
      const item = column.options.find((o) => o.text === text) ?? column.options.find((o) => o.value === text);
      return item ? { ok: true, value: item.value } : { ok: false, message: `${label}的值“${text}”不在可选范围内` };
    }
  }
}

/** What the cell shows, as text. */
export function cellText(value: ExcelValue): string {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value.kind === 'error') return value.excel ?? '';
  return value.text;
}

/** '1,234.5', '１２３' (full width), '-7' → numbers; anything else null. */
function parseNumber(text: string): number | null {
  const t = text.normalize('NFKC').trim();
  if (!/^[+-]?(\d+|\d{1,3}(,\d{3})+)(\.\d+)?$/.test(t) && !/^[+-]?\.\d+$/.test(t)) return null;
  const n = Number(t.replace(/,/g, ''));
  return Number.isFinite(n) ? n : null;
}

const DATE_TEXT =
  /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?(?:[\sT]+(\d{1,2})[:时](\d{1,2})(?:[:分](\d{1,2})秒?)?)?$/;

/** 'YYYY-M-D', 'YYYY/M/D', 'YYYY.M.D', 'YYYY年M月D日', 'YYYYMMDD', with an optional time → 'YYYY-MM-DD HH:mm:ss'. */
function parseDate(text: string): string | null {
  const t = text.normalize('NFKC').trim();
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(t);
  const m = DATE_TEXT.exec(t);
  const g = compact ?? m;
  if (!g) return null;
  const [y, mo, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => Number(g[i] ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  if (h > 23 || mi > 59 || s > 59) return null;
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

function parseTime(text: string): string | null {
  const m = /^(\d{1,2})[:时](\d{1,2})(?:[:分](\d{1,2})秒?)?$/.exec(text.normalize('NFKC').trim());
  if (!m) return null;
  const [h, mi, s] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  if (h > 23 || mi > 59 || s > 59) return null;
  return [h, mi, s].map((n) => String(n).padStart(2, '0')).join(':');
}
