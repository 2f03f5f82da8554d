/**
 * The tiny condition language (security design §2.1): `field op value [and field op value …]`, fields from
 * the entity's allow-list, ops = != <> < <= > >= in like, values always bound later. Everything else —
 * OR, parentheses other than an IN list, functions, comments, stray quotes, semicolons — is refused.
 * Nothing here produces SQL; it yields Condition values that sql.ts compiles.
 */
import { TEXT } from '@houtai/shared/constants';
import { AppError } from '../errors.ts';
import { filterColumn } from './lookup.ts';
import type { ColumnDef, Condition, EntityDef, Operator } from './types.ts';

export const CONDITION_MAX_LENGTH = 500;
export const CONDITION_JSON_MAX_LENGTH = 2000;
export const CONDITION_MAX_CLAUSES = 10;
export const CONDITION_MAX_IN_VALUES = 100;
export const CONDITION_MAX_VALUE_LENGTH = 200;

export function conditionInvalid(): AppError {
  return AppError.business(TEXT.conditionInvalid);
}

type Token =
  | { kind: 'word'; text: string }
  | { kind: 'string'; text: string }
  | { kind: 'op'; text: string }
  | { kind: 'punct'; text: '(' | ')' | ',' };

// A bare word: letters (incl. CJK), digits, '_', '.', '-' — but never starting with '-' unless a number follows,
// so that '--' comments cannot be spelled as a word.
const WORD = /^(?:-?[0-9]|[A-Za-z0-9_\u4e00-\u9fff])[A-Za-z0-9_.\-\u4e00-\u9fff]*/;
// A quoted literal without quotes or backslashes inside; what Jeecg clients write as status='1'.
const STRING = /^'([^'\\]*)'/;
const OP = /^(?:<=|>=|<>|!=|=|<|>)/;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let rest = text;
  while (rest.length > 0) {
    const ws = /^\s+/.exec(rest);
    if (ws) {
      rest = rest.slice(ws[0].length);
      continue;
    }
    let m: RegExpExecArray | null;
    if ((m = STRING.exec(rest))) tokens.push({ kind: 'string', text: m[1] ?? '' });
    else if ((m = OP.exec(rest))) tokens.push({ kind: 'op', text: m[0] });
    else if ((m = WORD.exec(rest))) tokens.push({ kind: 'word', text: m[0] });
    else if (rest[0] === '(' || rest[0] === ')' || rest[0] === ',') {
      tokens.push({ kind: 'punct', text: rest[0] });
      rest = rest.slice(1);
      continue;
    } else throw conditionInvalid();
    rest = rest.slice(m[0].length);
  }
  return tokens;
}

/** Checks a value against the column's type and returns it as it will be bound. */
function boundValue(col: ColumnDef, raw: string): string | number {
  if (raw.length > CONDITION_MAX_VALUE_LENGTH) throw conditionInvalid();
  if (col.type === 'number') {
    if (!/^-?\d{1,15}(?:\.\d{1,6})?$/.test(raw)) throw conditionInvalid();
    return Number(raw);
  }
  return raw;
}

function makeCondition(entity: EntityDef, field: string, op: Operator, values: readonly string[]): Condition {
  const resolved = filterColumn(entity, field);
  if (!resolved) throw conditionInvalid();
  const [apiName, col] = resolved;
  if (op === 'like' && col.type !== 'string') throw conditionInvalid();
  if (op === 'in') {
    if (values.length === 0 || values.length > CONDITION_MAX_IN_VALUES) throw conditionInvalid();
    return { field: apiName, op, value: values.map((v) => boundValue(col, v)) };
  }
  return { field: apiName, op, value: boundValue(col, values[0] ?? '') };
}

/** Parses the textual form (the 4th segment of a table dictionary code). */
export function parseConditionText(entity: EntityDef, text: string): Condition[] {
  if (text.length > CONDITION_MAX_LENGTH) throw conditionInvalid();
  const tokens = tokenize(text);
  const out: Condition[] = [];
  let i = 0;
  const next = (): Token => {
    const t = tokens[i++];
    if (!t) throw conditionInvalid();
    return t;
  };
  const value = (): string => {
    const t = next();
    if (t.kind !== 'word' && t.kind !== 'string') throw conditionInvalid();
    return t.text;
  };
  while (i < tokens.length) {
    if (out.length > 0) {
      const and = next();
      if (and.kind !== 'word' || and.text.toLowerCase() !== 'and') throw conditionInvalid();
    }
    if (out.length >= CONDITION_MAX_CLAUSES) throw conditionInvalid();
    const field = next();
    if (field.kind !== 'word') throw conditionInvalid();
    const op = next();
    if (op.kind === 'op') {
      const sqlOp: Operator = op.text === '<>' ? '!=' : (op.text as Operator);
      out.push(makeCondition(entity, field.text, sqlOp, [value()]));
    } else if (op.kind === 'word' && op.text.toLowerCase() === 'like') {
      out.push(makeCondition(entity, field.text, 'like', [value()]));
    } else if (op.kind === 'word' && op.text.toLowerCase() === 'in') {
      const open = next();
      if (open.kind !== 'punct' || open.text !== '(') throw conditionInvalid();
      const values = [value()];
      for (;;) {
        const t = next();
        if (t.kind === 'punct' && t.text === ')') break;
        if (t.kind !== 'punct' || t.text !== ',') throw conditionInvalid();
        values.push(value());
      }
      out.push(makeCondition(entity, field.text, 'in', values));
    } else {
      throw conditionInvalid();
    }
  }
  if (out.length === 0) throw conditionInvalid();
  return out;
}

/**
 * Parses the JSON form (`condition` of loadTreeData): an object of field → value (equality) or field → array
 * (IN). Empty values are skipped, as the Jeecg clients send empty form fields.
 */
export function parseConditionJson(entity: EntityDef, text: string | undefined): Condition[] {
  if (text === undefined || text.trim() === '') return [];
  if (text.length > CONDITION_JSON_MAX_LENGTH) throw conditionInvalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw conditionInvalid();
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw conditionInvalid();
  const entries = Object.entries(parsed as Record<string, unknown>);
  if (entries.length > CONDITION_MAX_CLAUSES) throw conditionInvalid();
  const out: Condition[] = [];
  for (const [field, raw] of entries) {
    // Unknown fields are refused even when their value is empty: the key itself is request text.
    if (!filterColumn(entity, field)) throw conditionInvalid();
    if (raw === null || raw === undefined || raw === '') continue;
    if (Array.isArray(raw)) {
      const values = raw.map((v) => primitive(v));
      out.push(makeCondition(entity, field, 'in', values));
    } else {
      out.push(makeCondition(entity, field, '=', [primitive(raw)]));
    }
  }
  return out;
}

function primitive(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'boolean') return v ? '1' : '0';
  throw conditionInvalid();
}
