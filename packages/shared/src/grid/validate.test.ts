import { describe, expect, it, vi } from 'vitest';
import type { GridCellError, GridColumn, GridRow, GridValidateRule } from './types.ts';
import {
  comparedText,
  compileGridRules,
  GRID_RULE_TEXT,
  GridRuleError,
  GridValidator,
  isEmptyCellValue,
  validateGridRows,
  validateGridRowsAsync,
  type GridRuleHandler,
} from './validate.ts';

const col = (key: string, title: string, rules: GridValidateRule[]): GridColumn => ({
  key,
  title,
  type: 'input',
  validateRules: rules,
});

const rowsOf = (key: string, values: unknown[]): GridRow[] => values.map((v, i) => ({ id: `r${i}`, [key]: v }));

/** Messages by row for one column (undefined = passes). */
function messages(columns: GridColumn[], rows: GridRow[], key: string): (string | undefined)[] {
  const v = validateGridRows(rows, compileGridRules(columns));
  return rows.map((r) => v.errorAt(r.id, key)?.message);
}

describe('required', () => {
  it('fails on null, undefined, empty text and an empty list with 名称不能为空', () => {
    const c = [col('name', '名称', [{ required: true }])];
    expect(messages(c, rowsOf('name', [null, undefined, '', []]), 'name')).toEqual(Array(4).fill('名称不能为空'));
  });
  it('passes 0, false, a blank, a non-empty list and text', () => {
    const c = [col('name', '名称', [{ required: true }])];
    expect(messages(c, rowsOf('name', [0, false, ' ', ['a'], 'x']), 'name')).toEqual(Array(5).fill(undefined));
  });
  it('treats a missing key as empty', () => {
    const c = [col('name', '名称', [{ required: true }])];
    expect(messages(c, [{ id: 'a' }], 'name')).toEqual(['名称不能为空']);
  });
  it('uses the rule’s own message with ${title} replaced', () => {
    const c = [col('name', '名称', [{ required: true, message: '请填写${title}！' }])];
    expect(messages(c, rowsOf('name', ['']), 'name')).toEqual(['请填写名称！']);
  });
  it('required: false checks nothing', () => {
    const c = [col('name', '名称', [{ required: false }])];
    expect(messages(c, rowsOf('name', ['']), 'name')).toEqual([undefined]);
  });
});

describe('unique', () => {
  it('marks every one of three duplicates with 编码不能重复 and leaves the others', () => {
    const c = [col('code', '编码', [{ unique: true }])];
    expect(messages(c, rowsOf('code', ['a', 'b', 'a', 'c', 'a']), 'code')).toEqual([
      '编码不能重复',
      undefined,
      '编码不能重复',
      undefined,
      '编码不能重复',
    ]);
  });
  it("pattern 'only' is the same rule", () => {
    const c = [col('code', '编码', [{ pattern: 'only' }])];
    expect(messages(c, rowsOf('code', ['a', 'a', 'b']), 'code')).toEqual(['编码不能重复', '编码不能重复', undefined]);
  });
  it('does not count empty cells as duplicates', () => {
    const c = [col('code', '编码', [{ unique: true }])];
    expect(messages(c, rowsOf('code', ['', '', null, undefined, [], []]), 'code')).toEqual(Array(6).fill(undefined));
  });
  it('compares values as text: 1 and "1" are the same, a list and its comma-joined text too', () => {
    const c = [col('code', '编码', [{ unique: true }])];
    expect(messages(c, rowsOf('code', [1, '1', 2]), 'code')).toEqual(['编码不能重复', '编码不能重复', undefined]);
    expect(messages(c, rowsOf('code', [['a', 'b'], 'a,b', 'a']), 'code')).toEqual([
      '编码不能重复',
      '编码不能重复',
      undefined,
    ]);
  });
  it('is case-sensitive and exact', () => {
    const c = [col('code', '编码', [{ unique: true }])];
    expect(messages(c, rowsOf('code', ['A', 'a', 'a ', 'a']), 'code')).toEqual([
      undefined,
      '编码不能重复',
      undefined,
      '编码不能重复',
    ]);
  });
  it('finds duplicates among many values (hash table probing)', () => {
    const values = Array.from({ length: 5000 }, (_, i) => `v${i % 2500}`);
    values.push('lonely');
    const c = [col('code', '编码', [{ unique: true }])];
    const m = messages(c, rowsOf('code', values), 'code');
    expect(m.slice(0, 5000).every((x) => x === '编码不能重复')).toBe(true);
    expect(m[5000]).toBeUndefined();
  });
});

/** [preset, passing value, failing value, message] for every GRID_PRESETS entry. */
const PRESET_CASES: [string, string, string, string][] = [
  ['n6-16', '123456', '12345', '请输入6到16位数字'],
  ['*6-16', 'a b c!', 'abcde', '请输入6到16位任意字符'],
  ['s6-18', 'abcDEF', 'abc123', '请输入6到18位字母'],
  ['url', 'https://example.com/a', 'ftp://example.com', '请输入以http和https开头的网址'],
  ['e', 'a.b@example.com', 'a@b', '邮箱格式不正确'],
  ['m', '19912345678', '12345678901', '请输入正确手机号'],
  ['p', '100101', '010101', '请输入正确的邮政编码'],
  ['s', 'abc', 'ab1', '请输入字母'],
  ['n', '-12.5', '1.2.3', '请输入数字'],
  ['z', '-12', '1.5', '请输入整数'],
  ['*', 'x', '   ', '该项不能为空'],
  ['money', '12.34', '12.345', '请输入正确的金额（最多两位小数）'],
];

describe('pattern presets', () => {
  it.each(PRESET_CASES)('%s passes %j and refuses %j with its message', (preset, good, bad, message) => {
    const c = [col('f', '字段', [{ pattern: preset }])];
    expect(messages(c, rowsOf('f', [good, bad]), 'f')).toEqual([undefined, message]);
  });
  it('covers every preset of GRID_PRESETS', async () => {
    const { GRID_PRESETS } = await import('../patterns.ts');
    expect(PRESET_CASES.map(([p]) => p).sort()).toEqual(Object.keys(GRID_PRESETS).sort());
  });
  it('is skipped when the value is empty, even for *', () => {
    const c = [col('f', '字段', [{ pattern: '*' }]), col('g', '号码', [{ pattern: 'm' }])];
    const rows: GridRow[] = [{ id: 'a', f: '', g: null }];
    expect(validateGridRows(rows, compileGridRules(c)).valid).toBe(true);
  });
  it('tests numbers as their text', () => {
    const c = [col('f', '数量', [{ pattern: 'z' }])];
    expect(messages(c, rowsOf('f', [12, 1.5]), 'f')).toEqual([undefined, '请输入整数']);
  });
  it('an own message replaces the preset’s', () => {
    const c = [col('f', '邮编', [{ pattern: 'p', message: '${title}应为6位' }])];
    expect(messages(c, rowsOf('f', ['1']), 'f')).toEqual(['邮编应为6位']);
  });
});

describe('custom regular expressions', () => {
  it('a source text fails with ${title}格式不正确', () => {
    const c = [col('f', '代码', [{ pattern: '^[A-Z]{3}$' }])];
    expect(messages(c, rowsOf('f', ['ABC', 'abc']), 'f')).toEqual([undefined, '代码格式不正确']);
  });
  it('a RegExp works, and a global one gives the same answer every time', () => {
    const c = [col('f', '代码', [{ pattern: /^\d+$/g }])];
    expect(messages(c, rowsOf('f', ['1', '2', '3', 'x']), 'f')).toEqual([
      undefined,
      undefined,
      undefined,
      '代码格式不正确',
    ]);
  });
  it('a bad expression is reported when compiling, naming the column, and never at validation', () => {
    const c = [col('code', '物料编码', [{ pattern: '([a-z' }])];
    let error: unknown;
    try {
      compileGridRules(c);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(GridRuleError);
    expect((error as GridRuleError).column).toBe('code');
    expect((error as GridRuleError).message).toBe(GRID_RULE_TEXT.badPattern('物料编码', '([a-z'));
    expect((error as GridRuleError).message).toContain('物料编码');
  });
  it('a rule with nothing to check and an empty handler name are refused', () => {
    expect(() => compileGridRules([col('a', '甲', [{ message: 'x' }])])).toThrow(GRID_RULE_TEXT.emptyRule('甲'));
    expect(() => compileGridRules([col('a', '甲', [{ handler: '' }])])).toThrow(GRID_RULE_TEXT.emptyHandler('甲'));
  });
});

describe('rule order: the first failure wins', () => {
  it('pattern before required reports the pattern on a bad value and required on an empty one', () => {
    const c = [col('f', '数量', [{ pattern: 'z' }, { required: true }])];
    expect(messages(c, rowsOf('f', ['x', '']), 'f')).toEqual(['请输入整数', '数量不能为空']);
  });
  it('unique before pattern: duplicates of a bad value report 不能重复', () => {
    const c = [col('f', '数量', [{ unique: true }, { pattern: 'z' }])];
    expect(messages(c, rowsOf('f', ['x', 'x', 'y']), 'f')).toEqual(['数量不能重复', '数量不能重复', '请输入整数']);
  });
  it('pattern before unique: duplicates of a bad value report the pattern', () => {
    const c = [col('f', '数量', [{ pattern: 'z' }, { unique: true }])];
    expect(messages(c, rowsOf('f', ['x', 'x', '1', '1']), 'f')).toEqual([
      '请输入整数',
      '请输入整数',
      '数量不能重复',
      '数量不能重复',
    ]);
  });
  it('one rule object holding several checks runs required, unique, pattern in that order', () => {
    const c = [col('f', '数量', [{ required: true, pattern: 'z' }])];
    expect(messages(c, rowsOf('f', ['', 'x', '3']), 'f')).toEqual(['数量不能为空', '请输入整数', undefined]);
  });
});

describe('the result', () => {
  const columns = [
    col('a', '甲', [{ required: true }]),
    { key: 'free', title: '自由', type: 'input' } as GridColumn,
    col('b', '乙', [{ pattern: 'z' }]),
  ];
  const rows: GridRow[] = [
    { id: 'x', a: 'ok', b: '1' },
    { id: 'y', a: '', b: 'no' },
    { id: 'z', a: '', b: '2' },
  ];
  const v = validateGridRows(rows, compileGridRules(columns));

  it('lists failures in row order then column order', () => {
    expect(v.errors).toEqual<GridCellError[]>([
      { row: 1, rowId: 'y', column: 'a', message: '甲不能为空' },
      { row: 1, rowId: 'y', column: 'b', message: '请输入整数' },
      { row: 2, rowId: 'z', column: 'a', message: '甲不能为空' },
    ]);
  });
  it('gives the first failing cell, a lookup by row id and column, and valid', () => {
    expect(v.first).toEqual({ row: 1, rowId: 'y', column: 'a', message: '甲不能为空' });
    expect(v.errorAt('y', 'b')?.message).toBe('请输入整数');
    expect(v.errorAt('x', 'a')).toBeUndefined();
    expect(v.valid).toBe(false);
    expect(validateGridRows([rows[0] as GridRow], compileGridRules(columns)).valid).toBe(true);
  });
  it('leaves columns without rules out of the compiled rules', () => {
    expect(compileGridRules(columns).columns.map((c) => c.key)).toEqual(['a', 'b']);
  });
  it('handles no rows', () => {
    const empty = validateGridRows([], compileGridRules(columns));
    expect(empty.valid).toBe(true);
    expect(empty.first).toBeUndefined();
  });
});

describe('handlers (asynchronous)', () => {
  const handlerCol = (rules: GridValidateRule[]): GridColumn[] => [col('f', '账号', rules)];

  it('passes when the handler answers true, and gets (value, row, column)', async () => {
    const check = vi.fn<GridRuleHandler>(() => Promise.resolve(true));
    const columns = handlerCol([{ handler: 'exists' }]);
    const rows = rowsOf('f', ['a']);
    const v = await validateGridRowsAsync(rows, compileGridRules(columns), { exists: check });
    expect(v.valid).toBe(true);
    expect(check).toHaveBeenCalledWith('a', rows[0], columns[0]);
  });
  it('false fails with ${title}校验未通过, or with the rule’s own message', async () => {
    const no: GridRuleHandler = () => false;
    const plain = await validateGridRowsAsync(rowsOf('f', ['a']), compileGridRules(handlerCol([{ handler: 'h' }])), {
      h: no,
    });
    expect(plain.first?.message).toBe('账号校验未通过');
    const own = await validateGridRowsAsync(
      rowsOf('f', ['a']),
      compileGridRules(handlerCol([{ handler: 'h', message: '${title}已存在' }])),
      { h: no },
    );
    expect(own.first?.message).toBe('账号已存在');
  });
  it('a message answered by the handler is the failure’s message', async () => {
    const v = await validateGridRowsAsync(rowsOf('f', ['a', 'b']), compileGridRules(handlerCol([{ handler: 'h' }])), {
      h: (value) => Promise.resolve(value === 'a' ? '账号a已被占用' : true),
    });
    expect(v.errors).toEqual([{ row: 0, rowId: 'r0', column: 'f', message: '账号a已被占用' }]);
  });
  it('a rejecting handler fails the cell with the rule’s message', async () => {
    const v = await validateGridRowsAsync(rowsOf('f', ['a']), compileGridRules(handlerCol([{ handler: 'h' }])), {
      h: () => Promise.reject(new Error('network')),
    });
    expect(v.first?.message).toBe('账号校验未通过');
  });
  it('is not called for a cell that failed an earlier rule', async () => {
    const check = vi.fn<GridRuleHandler>(() => true);
    const rows = rowsOf('f', ['', 'x', 'x', 'ok']);
    const v = await validateGridRowsAsync(
      rows,
      compileGridRules(handlerCol([{ required: true }, { unique: true }, { handler: 'h' }])),
      { h: check },
    );
    expect(check).toHaveBeenCalledTimes(1);
    expect(check).toHaveBeenCalledWith('ok', rows[3], expect.anything());
    expect(v.errors.map((e) => e.message)).toEqual(['账号不能为空', '账号不能重复', '账号不能重复']);
  });
  it('a handler before required wins over it on an empty cell; a later rule still reports when it passes', async () => {
    const columns = handlerCol([{ handler: 'h' }, { required: true }]);
    const fail = await validateGridRowsAsync(rowsOf('f', ['']), compileGridRules(columns), { h: () => '先检查' });
    expect(fail.first?.message).toBe('先检查');
    const pass = await validateGridRowsAsync(rowsOf('f', ['']), compileGridRules(columns), { h: () => true });
    expect(pass.first?.message).toBe('账号不能为空');
  });
  it('runs several handlers in rule order and stops at the first failure', async () => {
    const second = vi.fn<GridRuleHandler>(() => true);
    const v = await validateGridRowsAsync(
      rowsOf('f', ['a']),
      compileGridRules(handlerCol([{ handler: 'one' }, { handler: 'two' }])),
      { one: () => '第一个', two: second },
    );
    expect(v.first?.message).toBe('第一个');
    expect(second).not.toHaveBeenCalled();
  });
  it('a handler name that is not registered passes', async () => {
    const v = await validateGridRowsAsync(rowsOf('f', ['a']), compileGridRules(handlerCol([{ handler: 'x' }])), {});
    expect(v.valid).toBe(true);
  });
  it('the synchronous validator skips handlers', () => {
    const v = validateGridRows(rowsOf('f', ['a']), compileGridRules(handlerCol([{ handler: 'h' }])));
    expect(v.valid).toBe(true);
  });
});

describe('empty and text helpers', () => {
  it('isEmptyCellValue', () => {
    expect([null, undefined, '', []].map(isEmptyCellValue)).toEqual([true, true, true, true]);
    expect([0, false, ' ', ['a']].map(isEmptyCellValue)).toEqual([false, false, false, false]);
  });
  it('comparedText', () => {
    expect([comparedText('a'), comparedText(1.5), comparedText(['a', 'b']), comparedText(true)]).toEqual([
      'a',
      '1.5',
      'a,b',
      'true',
    ]);
  });
});

describe('GridValidator (incremental)', () => {
  const columns = [col('code', '编码', [{ required: true }, { unique: true }, { pattern: 's' }]), col('n', '数', [])];
  const make = (codes: unknown[]): GridRow[] => codes.map((code, i) => ({ id: `r${i}`, code }));

  /** Applies an edit to the rows (as the grid does) and tells the validator. */
  function edit(v: GridValidator, rows: GridRow[], index: number, value: unknown) {
    const row = rows[index] as GridRow;
    const old = row.code;
    rows[index] = { ...row, code: value };
    return v.afterEdit(rows, index, 'code', old, value);
  }

  it('unique with three duplicates: editing one away clears only it; editing a second away clears the last', () => {
    const rows = make(['a', 'a', 'a', 'b']);
    const v = new GridValidator(columns);
    expect(v.validateAll(rows).errors.map((e) => e.row)).toEqual([0, 1, 2]);

    const first = edit(v, rows, 0, 'c');
    expect(first.cleared).toEqual([{ row: 0, rowId: 'r0', column: 'code' }]);
    expect(first.added).toEqual([]);
    expect(v.errorAt('r1', 'code')?.message).toBe('编码不能重复');

    const second = edit(v, rows, 1, 'd');
    expect(second.cleared.map((c) => c.rowId).sort()).toEqual(['r1', 'r2']);
    expect(v.current.valid).toBe(true);
  });

  it('editing into an existing value marks both cells', () => {
    const rows = make(['a', 'b']);
    const v = new GridValidator(columns);
    v.validateAll(rows);
    const changes = edit(v, rows, 1, 'a');
    expect(changes.added.map((e) => [e.rowId, e.message]).sort()).toEqual([
      ['r0', '编码不能重复'],
      ['r1', '编码不能重复'],
    ]);
  });

  it('an edit to a value failing an earlier rule reports that rule', () => {
    const rows = make(['a', 'b']);
    const v = new GridValidator(columns);
    v.validateAll(rows);
    expect(edit(v, rows, 0, '').added).toEqual([{ row: 0, rowId: 'r0', column: 'code', message: '编码不能为空' }]);
    expect(edit(v, rows, 0, 'a1').added[0]?.message).toBe('请输入字母');
    expect(edit(v, rows, 0, 'a').cleared).toEqual([{ row: 0, rowId: 'r0', column: 'code' }]);
  });

  it('a changed message is reported as added; an unchanged one is not reported', () => {
    const rows = make(['a', 'a']);
    const v = new GridValidator(columns);
    v.validateAll(rows);
    const changes = edit(v, rows, 0, '1');
    // r0 now fails the pattern (new message), r1 is no longer a duplicate.
    expect(changes.added).toEqual([{ row: 0, rowId: 'r0', column: 'code', message: '请输入字母' }]);
    expect(changes.cleared).toEqual([{ row: 1, rowId: 'r1', column: 'code' }]);
    expect(edit(v, rows, 0, '2')).toEqual({ added: [], cleared: [] });
  });

  it('an edit of a column without rules changes nothing', () => {
    const rows = make(['a']);
    const v = new GridValidator(columns);
    v.validateAll(rows);
    expect(v.afterEdit(rows, 0, 'n', 1, 2)).toEqual({ added: [], cleared: [] });
  });

  it('removing rows drops their failures and releases their duplicates', () => {
    const rows = make(['a', 'a', '']);
    const v = new GridValidator(columns);
    v.validateAll(rows);
    const [gone] = rows.splice(0, 1);
    const changes = v.afterRemove(rows, [gone as GridRow]);
    expect(changes.cleared.map((c) => c.rowId).sort()).toEqual(['r0', 'r1']);
    // r2 (empty) moved to index 1 and still fails.
    expect(v.current.errors).toEqual([{ row: 1, rowId: 'r2', column: 'code', message: '编码不能为空' }]);
  });

  it('adding rows checks them and the rows they duplicate', () => {
    const rows = make(['a']);
    const v = new GridValidator(columns);
    v.validateAll(rows);
    const added: GridRow[] = [
      { id: 'n1', code: 'a' },
      { id: 'n2', code: '' },
    ];
    rows.unshift(...added);
    const changes = v.afterAdd(rows, added);
    expect(changes.added.map((e) => [e.row, e.rowId, e.message]).sort()).toEqual([
      [0, 'n1', '编码不能重复'],
      [1, 'n2', '编码不能为空'],
      [2, 'r0', '编码不能重复'],
    ]);
  });

  it('removing one of three duplicates leaves the other two failing', () => {
    const rows = make(['a', 'a', 'a']);
    const v = new GridValidator(columns);
    v.validateAll(rows);
    const [gone] = rows.splice(1, 1);
    const changes = v.afterRemove(rows, [gone as GridRow]);
    expect(changes.cleared).toEqual([{ row: 1, rowId: 'r1', column: 'code' }]);
    expect(changes.added).toEqual([]);
    expect(v.current.errors.map((e) => [e.row, e.rowId])).toEqual([
      [0, 'r0'],
      [1, 'r2'],
    ]);
  });

  it('follows rows that moved: a released duplicate is reported at its new index', () => {
    const rows = make(['a', 'b', 'a']);
    const v = new GridValidator(columns);
    v.validateAll(rows);
    rows.reverse(); // r2, r1, r0
    rows[2] = { id: 'r0', code: 'z' };
    const changes = v.afterEdit(rows, 2, 'code', 'a', 'z');
    expect(changes.cleared.sort((x, y) => x.row - y.row)).toEqual([
      { row: 0, rowId: 'r2', column: 'code' },
      { row: 2, rowId: 'r0', column: 'code' },
    ]);
  });

  it('re-entering the same value changes nothing', () => {
    const rows = make(['a', 'a']);
    const v = new GridValidator(columns);
    v.validateAll(rows);
    expect(v.afterEdit(rows, 0, 'code', 'a', 'a')).toEqual({ added: [], cleared: [] });
    expect(v.current.errors).toHaveLength(2);
  });

  it('agrees with a full validation after many random edits', () => {
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const pool = ['a', 'b', 'c', 'd', '', 'x1', null];
    const rows = make(Array.from({ length: 40 }, () => pool[rand(pool.length)]));
    const v = new GridValidator(columns);
    v.validateAll(rows);
    for (let k = 0; k < 300; k++) edit(v, rows, rand(rows.length), pool[rand(pool.length)]);
    expect(v.current.errors).toEqual(validateGridRows(rows, v.rules).errors);
  });
});

describe('GridValidator with handlers', () => {
  const columns = [col('code', '编码', [{ handler: 'free' }, { unique: true }, { required: true }])];
  const taken = new Set(['used']);
  const handlers: Record<string, GridRuleHandler> = {
    free: (value) => Promise.resolve(taken.has(value as string) ? '${title}已被占用' : true),
  };
  const make = (codes: unknown[]): GridRow[] => codes.map((code, i) => ({ id: `r${i}`, code }));

  it('validateAllAsync records handler failures ahead of later rules', async () => {
    const rows = make(['used', 'used', 'a', '']);
    const v = new GridValidator(columns);
    const result = await v.validateAllAsync(rows, handlers);
    expect(result.errors.map((e) => e.message)).toEqual(['编码已被占用', '编码已被占用', '编码不能为空']);
    expect(v.errorAt('r0', 'code')?.message).toBe('编码已被占用');
  });

  it('a handler failure survives duplicate changes elsewhere, and goes when its cell is edited', async () => {
    const rows = make(['used', 'b']);
    const v = new GridValidator(columns);
    await v.validateAllAsync(rows, handlers);
    // r1 becomes 'used' too: its handler has not run yet, so it is a duplicate of r0 for now; r0 keeps its failure.
    const old = rows[1]?.code;
    rows[1] = { id: 'r1', code: 'used' };
    const sync = v.afterEdit(rows, 1, 'code', old, 'used');
    expect(sync.added).toEqual([{ row: 1, rowId: 'r1', column: 'code', message: '编码不能重复' }]);
    expect(v.errorAt('r0', 'code')?.message).toBe('编码已被占用');
    const checked = await v.checkCellAsync(rows, 1, 'code', handlers);
    expect(checked.added).toEqual([{ row: 1, rowId: 'r1', column: 'code', message: '编码已被占用' }]);
    // Editing r0 away drops its handler failure.
    rows[0] = { id: 'r0', code: 'z' };
    const away = v.afterEdit(rows, 0, 'code', 'used', 'z');
    expect(away.cleared).toEqual([{ row: 0, rowId: 'r0', column: 'code' }]);
  });

  it('drops a handler answer that arrives after a newer edit', async () => {
    const rows = make(['a']);
    const v = new GridValidator(columns);
    v.validateAll(rows);
    rows[0] = { id: 'r0', code: 'used' };
    v.afterEdit(rows, 0, 'code', 'a', 'used');
    const pending = v.checkCellAsync(rows, 0, 'code', handlers);
    rows[0] = { id: 'r0', code: 'ok' };
    v.afterEdit(rows, 0, 'code', 'used', 'ok');
    expect(await pending).toEqual({ added: [], cleared: [] });
    expect(v.current.valid).toBe(true);
  });

  it('does not call a handler that comes after a synchronous failure', async () => {
    const check = vi.fn<GridRuleHandler>(() => false);
    const v = new GridValidator([col('code', '编码', [{ required: true }, { handler: 'h' }])]);
    const rows = make(['']);
    v.validateAll(rows);
    expect(await v.checkCellAsync(rows, 0, 'code', { h: check })).toEqual({ added: [], cleared: [] });
    expect(check).not.toHaveBeenCalled();
    expect(v.errorAt('r0', 'code')?.message).toBe('编码不能为空');
  });
});

describe('validateGridRows at scale', () => {
  it('agrees with a plain per-cell check on 20 columns with many duplicates', () => {
    const columns = Array.from({ length: 20 }, (_, c) =>
      col(`c${c}`, `列${c}`, [{ required: true }, { unique: true }, { pattern: c % 2 ? 'n' : 's' }]),
    );
    const rows: GridRow[] = Array.from({ length: 3000 }, (_, i) => {
      const row: GridRow = { id: `r${i}` };
      for (let c = 0; c < 20; c++) row[`c${c}`] = (i * (c + 3)) % 7 === 0 ? '' : String((i * 7919 + c) % 2500);
      return row;
    });
    const got = validateGridRows(rows, compileGridRules(columns)).errors;
    const counts = Array.from({ length: 20 }, (_, c) => {
      const m = new Map<unknown, number>();
      for (const r of rows) m.set(r[`c${c}`], (m.get(r[`c${c}`]) ?? 0) + 1);
      return m;
    });
    const expected: GridCellError[] = [];
    for (let i = 0; i < rows.length; i++) {
      for (let c = 0; c < 20; c++) {
        const key = `c${c}`;
        const value = (rows[i] as GridRow)[key] as string;
        let message: string | undefined;
        if (value === '') message = `列${c}不能为空`;
        else if ((counts[c]?.get(value) ?? 0) > 1) message = `列${c}不能重复`;
        else if (c % 2 === 0) message = '请输入字母';
        if (message) expected.push({ row: i, rowId: `r${i}`, column: key, message });
      }
    }
    expect(got).toEqual(expected);
  });
});

describe('rows of any shape give the answers of a rule-by-rule reference', () => {
  const COLUMNS: GridColumn[] = [
    col('code', '编码', [{ required: true }, { unique: true }, { pattern: 's' }]),
    col('name', '名称', [{ pattern: '*' }, { required: true }]),
    col('qty', '数量', [{ required: true, pattern: 'z' }]),
    col('price', '单价', [{ pattern: 'money' }, { pattern: 'n' }]),
    col('day', '日期', [{ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }, { unique: true }, { required: true }]),
  ];

  /** Each cell on its own: rules in order, unique counted over the column's filled cells. */
  function reference(rows: GridRow[], columns: GridColumn[]): { row: number; column: string; message: string }[] {
    const compiled = compileGridRules(columns);
    const out: { row: number; column: string; message: string }[] = [];
    const counts = new Map<string, Map<string, number>>();
    for (const c of compiled.columns) {
      const m = new Map<string, number>();
      for (const r of rows)
        if (!isEmptyCellValue(r[c.key])) m.set(comparedText(r[c.key]), (m.get(comparedText(r[c.key])) ?? 0) + 1);
      counts.set(c.key, m);
    }
    rows.forEach((r, i) => {
      for (const c of compiled.columns) {
        const v = r[c.key];
        const empty = isEmptyCellValue(v);
        const failing = c.rules.find((rule) => {
          if (rule.kind === 'required') return empty;
          if (rule.kind === 'unique') return !empty && (counts.get(c.key)?.get(comparedText(v)) ?? 0) > 1;
          if (rule.kind === 'pattern') return !empty && !(rule.pattern as RegExp).test(comparedText(v));
          return false;
        });
        if (failing) out.push({ row: i, column: c.key, message: failing.message });
      }
    });
    return out;
  }

  function randomRows(count: number, seed: number): GridRow[] {
    let a = seed;
    const r = () => {
      a = (a * 1103515245 + 12345) % 2147483648;
      return a / 2147483648;
    };
    const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;
    const values = {
      code: ['ab', 'AB', 'ab', 'a1', '', null, 'xyz', 'Q'],
      name: ['张三', ' ', '', '李四', '\u3000', undefined],
      qty: [1, 2, '3', 1.5, -4, '', '1e3', 10],
      price: [1.2, 1.234, '0.50', '01', 3, -0, 1e-7, ''],
      day: ['2026-01-01', '2026-1-1', '2026-01-02', '', 20260101],
    };
    const rows: GridRow[] = [];
    for (let i = 0; i < count; i++) {
      const shape = r();
      const row: GridRow = { id: `r${i}` };
      const keys = Object.keys(values) as (keyof typeof values)[];
      // Most rows share one shape; some come in another key order, lack a key, carry extra keys or inherit one.
      if (shape < 0.1) keys.reverse();
      for (const k of keys) {
        if (shape >= 0.1 && shape < 0.15 && k === 'qty') continue;
        // The last key missing: the row's keys are a prefix of the common shape's.
        if (shape >= 0.25 && shape < 0.3 && k === 'day') continue;
        row[k] = pick(values[k]);
      }
      if (shape >= 0.15 && shape < 0.2) row.extra = 'x';
      if (shape >= 0.2 && shape < 0.23) {
        const inherited = Object.create({ name: '继承' }) as GridRow;
        for (const [k, v] of Object.entries(row)) if (k !== 'name') inherited[k] = v;
        rows.push(inherited);
        continue;
      }
      if (shape >= 0.23 && shape < 0.25) row['0'] = 'numeric key';
      rows.push(row);
    }
    return rows;
  }

  it.each([1, 2, 3])('random rows of mixed shapes (seed %i)', (seed) => {
    const rows = randomRows(600, seed);
    const got = validateGridRows(rows, compileGridRules(COLUMNS)).errors.map(({ row, column, message }) => ({
      row,
      column,
      message,
    }));
    expect(got).toEqual(reference(rows, COLUMNS));
    expect(got.length).toBeGreaterThan(100);
  });

  it('two ruled columns reading the same field each give their answer', () => {
    const columns = [col('v', '甲', [{ required: true }]), col('v', '乙', [{ pattern: 'z' }])];
    const rows: GridRow[] = [
      { id: 'a', v: '' },
      { id: 'b', v: 'x' },
      { id: 'c', v: '5' },
    ];
    expect(validateGridRows(rows, compileGridRules(columns)).errors.map((e) => e.message)).toEqual(
      reference(rows, columns).map((e) => e.message),
    );
  });
});
