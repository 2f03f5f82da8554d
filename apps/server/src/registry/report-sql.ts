/**
 * The SQL of an online report (onl_cgreport_head.cgr_sql), checked by an allow-list grammar and re-emitted from
 * its parse tree — the stored text itself never reaches the database.
 *
 * Accepted: one `SELECT [DISTINCT] items FROM table [alias] [[INNER|LEFT [OUTER]] JOIN table [alias] ON cond]*
 * [WHERE cond] [GROUP BY exprs] [HAVING cond] [ORDER BY exprs [ASC|DESC]]`, where
 * - tables are registered in the field registry (entities.ts) and columns are fields declared there — so secrets
 *   such as sys_user.password, which the registry never lists, cannot be named; `*` and `t.*` are refused;
 * - expressions are columns, literals, parameters, NULL, + - * / ||, comparisons, [NOT] LIKE / IN (list) /
 *   BETWEEN, IS [NOT] NULL, AND / OR / NOT, parentheses, and a few functions (FUNCTIONS) the same on SQLite and
 *   PostgreSQL;
 * - parameters are `:name`, `${name}` or `'${name}'` (JeecgBoot's spelling) and always become bound values;
 * - identifiers are lower-case `[a-z_][a-z0-9_]*` (the database plugin snake-cases names; quoted names refused).
 * Everything else — comments, semicolons, a second statement, sub-queries, WITH, UNION, quoted identifiers,
 * casts, unknown functions (sleep, load_file, pg_read_file, randomblob …), PRAGMA/ATTACH and every write — is not
 * in the grammar and answers a Chinese message naming the problem.
 */
import { sql, type RawBuilder } from 'kysely';
import { AppError } from '../errors.ts';
import { ENTITIES } from './entities.ts';
import type { ColumnDef, EntityDef } from './types.ts';

export const REPORT_SQL_MAX_LENGTH = 4000;
const MAX_TOKENS = 1000;
const MAX_DEPTH = 32;

/** Functions a report may call: the same meaning on SQLite and PostgreSQL, none touches files, time or sleep. */
const FUNCTIONS = new Set([
  'count',
  'sum',
  'avg',
  'min',
  'max',
  'coalesce',
  'upper',
  'lower',
  'length',
  'substr',
  'trim',
  'abs',
  'round',
]);

const KEYWORDS = new Set([
  'select',
  'distinct',
  'from',
  'as',
  'join',
  'inner',
  'left',
  'outer',
  'on',
  'where',
  'and',
  'or',
  'not',
  'in',
  'like',
  'is',
  'null',
  'between',
  'group',
  'by',
  'having',
  'order',
  'asc',
  'desc',
  // Never names, so that they end the statement with a clear message instead of passing for an alias.
  'union',
  'intersect',
  'except',
  'limit',
  'offset',
  'into',
  'for',
  'window',
  'returning',
]);

const IDENT = /^[a-z_][a-z0-9_]{0,62}$/;

function refuse(reason: string): AppError {
  return AppError.business(`报表SQL不合法：${reason}`);
}

// ---------------------------------------------------------------------------------------------------------
// Tokens

type Tok =
  | { k: 'word'; v: string }
  | { k: 'num'; v: string }
  | { k: 'str'; v: string }
  | { k: 'param'; v: string }
  | { k: 'op'; v: string };

const OPS = ['<=', '>=', '<>', '!=', '||', '=', '<', '>', '+', '-', '*', '/', '(', ')', ',', '.'];

function tokenize(text: string): Tok[] {
  if (text.length > REPORT_SQL_MAX_LENGTH) throw refuse(`长度不能超过${REPORT_SQL_MAX_LENGTH}个字符`);
  const out: Tok[] = [];
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const c = text[i]!;
    let m: RegExpExecArray | null;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (rest.startsWith('--') || rest.startsWith('/*') || c === '#') throw refuse('不允许注释');
    if (c === ';') throw refuse('只能是一条语句，不允许分号');
    if ((m = /^\$\{([A-Za-z_][A-Za-z0-9_]{0,62})\}/.exec(rest))) {
      out.push({ k: 'param', v: m[1]! });
    } else if (c === '$') {
      throw refuse('参数只能写作 :name 或 ${name}');
    } else if ((m = /^:([A-Za-z_][A-Za-z0-9_]{0,62})/.exec(rest))) {
      out.push({ k: 'param', v: m[1]! });
    } else if ((m = /^'((?:[^'\\]|'')*)'/.exec(rest))) {
      const value = m[1]!.replace(/''/g, "'");
      const whole = /^\$\{([A-Za-z_][A-Za-z0-9_]{0,62})\}$/.exec(value);
      if (whole) out.push({ k: 'param', v: whole[1]! });
      else if (value.includes('${')) throw refuse('参数必须单独成为一个值，不能拼接在字符串里');
      else out.push({ k: 'str', v: value });
    } else if (c === "'") {
      throw refuse('字符串没有结束，或包含反斜杠');
    } else if ((m = /^[0-9]+(?:\.[0-9]+)?(?![A-Za-z_0-9])/.exec(rest))) {
      out.push({ k: 'num', v: m[0] });
    } else if ((m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest))) {
      const word = m[0].toLowerCase();
      if (m[0] !== word && !KEYWORDS.has(word) && !FUNCTIONS.has(word)) throw refuse(`名称必须小写：${m[0]}`);
      out.push({ k: 'word', v: word });
    } else {
      const op = OPS.find((o) => rest.startsWith(o));
      if (!op) throw refuse(`不支持的字符 ${c}`);
      out.push({ k: 'op', v: op });
      i += op.length;
      if (out.length > MAX_TOKENS) throw refuse('语句过长');
      continue;
    }
    i += m[0].length;
    if (out.length > MAX_TOKENS) throw refuse('语句过长');
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Parse tree

/** A column as written; `to` is filled once FROM and JOIN are read (a table column, or a result column). */
interface ColRef {
  t: 'colref';
  alias: string | null;
  name: string;
  to?: { alias: string; col: ColumnDef } | { output: string };
}

type Expr =
  | ColRef
  | { t: 'lit'; v: string | number }
  | { t: 'null' }
  | { t: 'param'; name: string }
  | { t: 'star' }
  | { t: 'neg'; e: Expr }
  | { t: 'not'; e: Expr }
  | { t: 'bin'; op: string; l: Expr; r: Expr }
  | { t: 'isnull'; e: Expr; not: boolean }
  | { t: 'in'; e: Expr; list: Expr[]; not: boolean }
  | { t: 'between'; e: Expr; lo: Expr; hi: Expr; not: boolean }
  | { t: 'like'; e: Expr; p: Expr; not: boolean }
  | { t: 'fn'; name: string; distinct: boolean; args: Expr[] }
  | { t: 'paren'; e: Expr };

interface Source {
  entity: EntityDef;
  alias: string;
}

interface Join {
  kind: 'inner' | 'left';
  source: Source;
  on: Expr;
}

interface SelectItem {
  e: Expr;
  name: string;
}

interface Query {
  distinct: boolean;
  items: SelectItem[];
  from: Source;
  joins: Join[];
  where: Expr | null;
  groupBy: Expr[];
  having: Expr | null;
  orderBy: { e: Expr; dir: 'asc' | 'desc' }[];
}

/** What the designer and the report API need to know of a checked SQL. */
export interface CheckedReportSql {
  /** Names of the result columns, in order (what report items may declare). */
  columns: string[];
  /** Parameter names in order of first use. */
  params: string[];
  /** Physical tables read. */
  tables: string[];
}

const TABLES = new Map<string, EntityDef>();
for (const e of ENTITIES) if (!TABLES.has(e.table)) TABLES.set(e.table, e);

class Parser {
  private i = 0;
  private depth = 0;
  private readonly sources: Source[] = [];
  /** Column references are resolved after FROM/JOIN are read; the select list is parsed first, so it waits. */
  private readonly pending: ColRef[] = [];
  readonly params: string[] = [];

  constructor(private readonly toks: Tok[]) {}

  private peek(offset = 0): Tok | undefined {
    return this.toks[this.i + offset];
  }

  private isWord(v: string, offset = 0): boolean {
    const t = this.peek(offset);
    return t?.k === 'word' && t.v === v;
  }

  private isOp(v: string, offset = 0): boolean {
    const t = this.peek(offset);
    return t?.k === 'op' && t.v === v;
  }

  private eatWord(v: string): boolean {
    if (!this.isWord(v)) return false;
    this.i++;
    return true;
  }

  private eatOp(v: string): boolean {
    if (!this.isOp(v)) return false;
    this.i++;
    return true;
  }

  private expectWord(v: string): void {
    if (!this.eatWord(v)) throw refuse(`此处应为 ${v.toUpperCase()}${this.near()}`);
  }

  private expectOp(v: string): void {
    if (!this.eatOp(v)) throw refuse(`此处应为 ${v}${this.near()}`);
  }

  private near(): string {
    const t = this.peek();
    return t ? `（在 ${t.k === 'str' ? `'${t.v}'` : t.v} 附近）` : '（语句意外结束）';
  }

  private ident(what: string): string {
    const t = this.peek();
    if (t?.k !== 'word' || KEYWORDS.has(t.v) || !IDENT.test(t.v)) throw refuse(`此处应为${what}${this.near()}`);
    this.i++;
    return t.v;
  }

  parse(): Query {
    if (this.isWord('with')) throw refuse('不支持 WITH，请写成一条 SELECT');
    if (!this.isWord('select')) throw refuse('只能是一条只读的 SELECT 查询');
    this.i++;
    const distinct = this.eatWord('distinct');
    const items: SelectItem[] = [];
    do {
      if (this.isOp('*') || (this.peek(1)?.v === '.' && this.isOp('*', 2))) throw refuse('不允许 *，请逐一写出列名');
      const e = this.expr();
      let name: string | null = null;
      if (this.eatWord('as')) name = this.ident('列别名');
      else if (this.peek()?.k === 'word' && !KEYWORDS.has(this.peek()!.v)) name = this.ident('列别名');
      items.push({ e, name: name ?? '' });
    } while (this.eatOp(','));
    this.expectWord('from');
    const from = this.source();
    const joins: Join[] = [];
    for (;;) {
      let kind: Join['kind'] | null = null;
      if (this.isWord('join')) kind = 'inner';
      else if (this.isWord('inner') && this.isWord('join', 1)) {
        kind = 'inner';
        this.i++;
      } else if (this.isWord('left')) {
        kind = 'left';
        this.i++;
        this.eatWord('outer');
      }
      if (!kind) break;
      this.expectWord('join');
      const source = this.source();
      this.expectWord('on');
      joins.push({ kind, source, on: this.expr() });
    }
    const where = this.eatWord('where') ? this.expr() : null;
    const groupBy: Expr[] = [];
    if (this.eatWord('group')) {
      this.expectWord('by');
      do groupBy.push(this.expr());
      while (this.eatOp(','));
    }
    const having = this.eatWord('having') ? this.expr() : null;
    const orderStart = this.pending.length;
    const orderBy: Query['orderBy'] = [];
    if (this.eatWord('order')) {
      this.expectWord('by');
      do {
        const e = this.expr();
        const dir = this.eatWord('desc') ? 'desc' : (this.eatWord('asc'), 'asc');
        orderBy.push({ e, dir });
      } while (this.eatOp(','));
    }
    if (this.i < this.toks.length) {
      const t = this.peek()!;
      if (t.k === 'word' && KEYWORDS.has(t.v)) throw refuse(`不支持 ${t.v.toUpperCase()}`);
      throw refuse(`多余的内容${this.near()}`);
    }
    // Output names: the alias, else the column's own name.
    // ORDER BY may name a result column; everything else names table columns.
    const aliases = new Set(items.map((i) => i.name).filter((n) => n !== ''));
    this.pending.forEach((p, idx) => {
      p.to =
        idx >= orderStart && p.alias === null && aliases.has(p.name)
          ? { output: p.name }
          : this.resolveColumn(p.alias, p.name);
    });
    // Output names: the alias, else the column's own name.
    const names = new Set<string>();
    for (const item of items) {
      if (!item.name) {
        const to = item.e.t === 'colref' ? item.e.to : undefined;
        if (!to || !('col' in to)) throw refuse('计算列必须用 AS 起别名');
        item.name = to.col.column;
      }
      if (names.has(item.name)) throw refuse(`列名重复：${item.name}`);
      names.add(item.name);
    }
    return { distinct, items, from, joins, where, groupBy, having, orderBy };
  }

  private source(): Source {
    const table = this.ident('表名');
    const entity = TABLES.get(table);
    if (!entity) throw refuse(`不允许查询表 ${table}`);
    let alias = table;
    if (this.eatWord('as')) alias = this.ident('表别名');
    else if (this.peek()?.k === 'word' && !KEYWORDS.has(this.peek()!.v)) alias = this.ident('表别名');
    if (this.sources.some((s) => s.alias === alias)) throw refuse(`表别名重复：${alias}`);
    const s = { entity, alias };
    this.sources.push(s);
    return s;
  }

  private resolveColumn(alias: string | null, name: string): { alias: string; col: ColumnDef } {
    const matches = this.sources.filter((s) => alias === null || s.alias === alias);
    if (alias !== null && matches.length === 0) throw refuse(`未知的表别名 ${alias}`);
    const found: { alias: string; col: ColumnDef }[] = [];
    for (const s of matches) {
      const col = Object.values(s.entity.columns).find((c) => c.column === name);
      if (col) found.push({ alias: s.alias, col });
    }
    if (found.length === 0) throw refuse(`不允许查询列 ${alias ? `${alias}.` : ''}${name}`);
    if (found.length > 1) throw refuse(`列 ${name} 不明确，请加表别名`);
    return found[0]!;
  }

  private nest<T>(f: () => T): T {
    if (++this.depth > MAX_DEPTH) throw refuse('嵌套过深');
    try {
      return f();
    } finally {
      this.depth--;
    }
  }

  expr(): Expr {
    return this.nest(() => {
      let l = this.andExpr();
      while (this.eatWord('or')) l = { t: 'bin', op: 'or', l, r: this.andExpr() };
      return l;
    });
  }

  private andExpr(): Expr {
    let l = this.notExpr();
    while (this.eatWord('and')) l = { t: 'bin', op: 'and', l, r: this.notExpr() };
    return l;
  }

  private notExpr(): Expr {
    if (this.eatWord('not')) return this.nest(() => ({ t: 'not', e: this.notExpr() }));
    return this.predicate();
  }

  private predicate(): Expr {
    const e = this.additive();
    const t = this.peek();
    if (t?.k === 'op' && ['=', '<>', '!=', '<', '<=', '>', '>='].includes(t.v)) {
      this.i++;
      return { t: 'bin', op: t.v === '!=' ? '<>' : t.v, l: e, r: this.additive() };
    }
    if (this.eatWord('is')) {
      const not = this.eatWord('not');
      this.expectWord('null');
      return { t: 'isnull', e, not };
    }
    const not = this.isWord('not') && (this.isWord('like', 1) || this.isWord('in', 1) || this.isWord('between', 1));
    if (not) this.i++;
    if (this.eatWord('like')) return { t: 'like', e, p: this.additive(), not };
    if (this.eatWord('between')) {
      const lo = this.additive();
      this.expectWord('and');
      return { t: 'between', e, lo, hi: this.additive(), not };
    }
    if (this.eatWord('in')) {
      this.expectOp('(');
      if (this.isWord('select')) throw refuse('不支持子查询');
      const list = [this.additive()];
      while (this.eatOp(',')) list.push(this.additive());
      this.expectOp(')');
      return { t: 'in', e, list, not };
    }
    return e;
  }

  private additive(): Expr {
    let l = this.term();
    for (;;) {
      const t = this.peek();
      if (t?.k === 'op' && (t.v === '+' || t.v === '-' || t.v === '||')) {
        this.i++;
        l = { t: 'bin', op: t.v, l, r: this.term() };
      } else return l;
    }
  }

  private term(): Expr {
    let l = this.factor();
    for (;;) {
      const t = this.peek();
      if (t?.k === 'op' && (t.v === '*' || t.v === '/')) {
        this.i++;
        l = { t: 'bin', op: t.v, l, r: this.factor() };
      } else return l;
    }
  }

  private factor(): Expr {
    return this.nest((): Expr => {
      const t = this.peek();
      if (!t) throw refuse('语句意外结束');
      if (t.k === 'num') {
        this.i++;
        return { t: 'lit', v: Number(t.v) };
      }
      if (t.k === 'str') {
        this.i++;
        return { t: 'lit', v: t.v };
      }
      if (t.k === 'param') {
        this.i++;
        if (!this.params.includes(t.v)) this.params.push(t.v);
        return { t: 'param', name: t.v };
      }
      if (t.k === 'op' && t.v === '-') {
        this.i++;
        return { t: 'neg', e: this.factor() };
      }
      if (t.k === 'op' && t.v === '(') {
        this.i++;
        if (this.isWord('select')) throw refuse('不支持子查询');
        const e = this.expr();
        this.expectOp(')');
        return { t: 'paren', e };
      }
      if (t.k === 'word' && t.v === 'null') {
        this.i++;
        return { t: 'null' };
      }
      if (t.k === 'word' && this.isOp('(', 1)) {
        if (!FUNCTIONS.has(t.v)) throw refuse(`不允许调用函数 ${t.v}`);
        this.i += 2;
        const distinct = this.eatWord('distinct');
        const args: Expr[] = [];
        if (t.v === 'count' && !distinct && this.eatOp('*')) args.push({ t: 'star' });
        else if (!this.isOp(')')) {
          do args.push(this.expr());
          while (this.eatOp(','));
        }
        this.expectOp(')');
        if (args.length === 0) throw refuse(`函数 ${t.v} 缺少参数`);
        return { t: 'fn', name: t.v, distinct, args };
      }
      if (t.k === 'word') {
        if (KEYWORDS.has(t.v)) throw refuse(`此处不应为 ${t.v.toUpperCase()}`);
        let alias: string | null = null;
        let name = this.ident('列名');
        if (this.eatOp('.')) {
          alias = name;
          name = this.ident('列名');
        }
        const ref: ColRef = { t: 'colref', alias, name };
        this.pending.push(ref);
        return ref;
      }
      throw refuse(`此处不应为 ${t.v}`);
    });
  }
}

interface Parsed {
  query: Query;
  checked: CheckedReportSql;
}

// Parsed reports by text: a report runs its stored SQL again and again; parsing is cheap but not free.
const parsedCache = new Map<string, Parsed>();

function parse(text: string): Parsed {
  const hit = parsedCache.get(text);
  if (hit) return hit;
  if (text.trim() === '') throw refuse('不能为空');
  const parser = new Parser(tokenize(text));
  const query = parser.parse();
  const tables = [query.from, ...query.joins.map((j) => j.source)].map((s) => s.entity.table);
  const parsed: Parsed = {
    query,
    checked: { columns: query.items.map((i) => i.name), params: parser.params, tables: [...new Set(tables)] },
  };
  if (parsedCache.size > 200) parsedCache.clear();
  parsedCache.set(text, parsed);
  return parsed;
}

/** Checks a report SQL (when it is saved, and again before every run); throws the Chinese reason. */
export function checkReportSql(text: string): CheckedReportSql {
  return parse(text).checked;
}

// ---------------------------------------------------------------------------------------------------------
// Emission: keywords and operators are constants of this file, names come from the registry, values are bound.

const BIN_OPS: Readonly<Record<string, string>> = {
  '=': '=',
  '<>': '<>',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
  '+': '+',
  '-': '-',
  '*': '*',
  '/': '/',
  '||': '||',
  and: 'and',
  or: 'or',
};

type Values = Readonly<Record<string, string | null>>;

function emit(e: Expr, values: Values): RawBuilder<unknown> {
  switch (e.t) {
    case 'colref':
      if (!e.to) throw refuse(`未知的列 ${e.name}`);
      return 'output' in e.to ? sql.ref(e.to.output) : sql.ref(`${e.to.alias}.${e.to.col.column}`);
    case 'lit':
      return sql`${e.v}`;
    case 'null':
      return sql`null`;
    case 'param':
      return sql`${values[e.name] ?? null}`;
    case 'star':
      return sql`*`;
    case 'neg':
      return sql`-${emit(e.e, values)}`;
    case 'not':
      return sql`not (${emit(e.e, values)})`;
    case 'paren':
      return sql`(${emit(e.e, values)})`;
    case 'bin': {
      const op = BIN_OPS[e.op];
      if (!op) throw refuse(`不支持的运算符 ${e.op}`);
      return sql`(${emit(e.l, values)} ${sql.raw(op)} ${emit(e.r, values)})`;
    }
    case 'isnull':
      return e.not ? sql`(${emit(e.e, values)} is not null)` : sql`(${emit(e.e, values)} is null)`;
    case 'like':
      return sql`(${emit(e.e, values)} ${e.not ? sql`not like` : sql`like`} ${emit(e.p, values)})`;
    case 'between':
      return sql`(${emit(e.e, values)} ${e.not ? sql`not between` : sql`between`} ${emit(e.lo, values)} and ${emit(
        e.hi,
        values,
      )})`;
    case 'in':
      return sql`(${emit(e.e, values)} ${e.not ? sql`not in` : sql`in`} (${sql.join(e.list.map((x) => emit(x, values)))}))`;
    case 'fn': {
      if (!FUNCTIONS.has(e.name)) throw refuse(`不允许调用函数 ${e.name}`);
      const args = sql.join(e.args.map((a) => emit(a, values)));
      return sql`${sql.raw(e.name)}(${e.distinct ? sql`distinct ` : sql``}${args})`;
    }
  }
}

function emitSource(s: Source): RawBuilder<unknown> {
  return sql`${sql.table(s.entity.table)} as ${sql.id(s.alias)}`;
}

/**
 * The report's query with `values` bound to its parameters (a missing one is NULL). Throws as checkReportSql
 * does, so a row edited behind the designer's back still cannot run unchecked SQL.
 */
export function compileReportSql(text: string, values: Values): RawBuilder<unknown> {
  const q = parse(text).query;
  const items = sql.join(q.items.map((i) => sql`${emit(i.e, values)} as ${sql.id(i.name)}`));
  const parts: RawBuilder<unknown>[] = [
    sql`select ${q.distinct ? sql`distinct ` : sql``}${items} from ${emitSource(q.from)}`,
  ];
  for (const j of q.joins) {
    parts.push(
      sql`${j.kind === 'left' ? sql`left join` : sql`inner join`} ${emitSource(j.source)} on ${emit(j.on, values)}`,
    );
  }
  if (q.where) parts.push(sql`where ${emit(q.where, values)}`);
  if (q.groupBy.length > 0) parts.push(sql`group by ${sql.join(q.groupBy.map((g) => emit(g, values)))}`);
  if (q.having) parts.push(sql`having ${emit(q.having, values)}`);
  if (q.orderBy.length > 0) {
    parts.push(
      sql`order by ${sql.join(q.orderBy.map((o) => sql`${emit(o.e, values)} ${o.dir === 'desc' ? sql`desc` : sql`asc`}`))}`,
    );
  }
  return sql.join(parts, sql` `);
}
