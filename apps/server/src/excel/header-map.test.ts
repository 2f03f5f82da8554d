import { describe, expect, it } from 'vitest';
import { ExcelError } from './excel-error.ts';
import { convertRow, convertValue, mapHeader, normalizeTitle, requireHeader, type ImportColumn } from './header-map.ts';
import type { ExcelRow } from './values.ts';

const columns: ImportColumn[] = [
  { key: 'realname', title: '姓名', type: 'string', required: true },
  { key: 'dept', title: '部门(名称)', type: 'string', required: true, aliases: ['所属部门'] },
  { key: 'salary', title: '工资', type: 'number' },
  { key: 'entryDate', title: '入职日期', type: 'date' },
  {
    key: 'sex',
    title: '性别',
    type: 'dict',
    options: [
      { value: '1', text: '男' },
      { value: '2', text: '女' },
    ],
  },
];

describe('header mapping', () => {
  it('normalizes spaces, full-width characters, required stars and Latin case', () => {
    expect(normalizeTitle('  姓　名 ')).toBe('姓名');
    expect(normalizeTitle('部门（名称）')).toBe('部门(名称)');
    expect(normalizeTitle('*姓名')).toBe('姓名');
    expect(normalizeTitle('ＩＤ号')).toBe('id号');
  });

  it('maps titles tolerant of spaces and full-width brackets, and reports the rest', () => {
    const mapping = mapHeader([' 姓 名 ', null, '部门（名称）', '备注', '姓名', '工资'], columns);
    expect(mapping.fields.map((c) => c?.key ?? null)).toEqual(['realname', null, 'dept', null, null, 'salary']);
    expect(mapping.unknown).toEqual([
      { index: 3, title: '备注' },
      { index: 4, title: '姓名' },
    ]);
    expect(mapping.missing).toEqual([]);
  });

  it('accepts aliases', () => {
    expect(mapHeader(['姓名', '所属部门'], columns).missing).toEqual([]);
  });

  it('refuses a header without required columns, naming them', () => {
    try {
      requireHeader(['工资', '性别'], columns);
      throw new Error('not refused');
    } catch (err) {
      expect(err).toBeInstanceOf(ExcelError);
      expect((err as ExcelError).reason).toBe('MISSING_COLUMNS');
      expect((err as ExcelError).message).toBe('缺少必填列：姓名、部门(名称)，请使用导入模板');
    }
  });
});

describe('converting cells', () => {
  const col = (type: ImportColumn['type'], required = false): ImportColumn => ({
    key: 'k',
    title: '字段',
    type,
    required,
  });

  it('strings: numbers become their plain text, dates their text', () => {
    expect(convertValue(13800138000, col('string'))).toEqual({ ok: true, value: '13800138000' });
    expect(convertValue(' 张三 ', col('string'))).toEqual({ ok: true, value: '张三' });
    expect(
      convertValue(
        { kind: 'date', date: new Date('2024-01-02T00:00:00Z'), hasTime: false, text: '2024-01-02' },
        col('string'),
      ),
    ).toEqual({ ok: true, value: '2024-01-02' });
  });

  it('numbers from numbers and numeric text; anything else is an error', () => {
    expect(convertValue('1,234.50', col('number'))).toEqual({ ok: true, value: 1234.5 });
    expect(convertValue('１２', col('number'))).toEqual({ ok: true, value: 12 });
    expect(convertValue('12元', col('number'))).toEqual({ ok: false, message: '“字段”不是有效的数字：12元' });
  });

  it('dates from date cells and common text forms', () => {
    const d = {
      kind: 'date',
      date: new Date('2024-01-02T09:30:00Z'),
      hasTime: true,
      text: '2024-01-02 09:30:00',
    } as const;
    expect(convertValue(d, col('date'))).toEqual({ ok: true, value: '2024-01-02' });
    expect(convertValue(d, col('datetime'))).toEqual({ ok: true, value: '2024-01-02 09:30:00' });
    for (const text of ['2024-1-2', '2024/01/02', '2024.1.2', '2024年1月2日', '20240102']) {
      expect(convertValue(text, col('date'))).toEqual({ ok: true, value: '2024-01-02' });
    }
    expect(convertValue('2024-02-30', col('date'))).toEqual({ ok: false, message: '“字段”不是有效的日期：2024-02-30' });
    expect(convertValue(45000, col('date'))).toMatchObject({ ok: false });
    expect(convertValue('2024/1/2 8:05', col('datetime'))).toEqual({ ok: true, value: '2024-01-02 08:05:00' });
  });

  it('required, empty and error cells', () => {
    expect(convertValue(null, col('string', true))).toEqual({ ok: false, message: '“字段”不能为空' });
    expect(convertValue('  ', col('string', true))).toEqual({ ok: false, message: '“字段”不能为空' });
    expect(convertValue(null, col('number'))).toEqual({ ok: true, value: null });
    expect(
      convertValue(
        { kind: 'error', code: 'ERROR_VALUE', excel: '#N/A', message: '单元格为错误值 #N/A' },
        col('string'),
      ),
    ).toEqual({ ok: false, message: '“字段”单元格为错误值 #N/A' });
  });

  it('dictionary cells match an item text or value', () => {
    const sex = columns[4]!;
    expect(convertValue('女', sex)).toEqual({ ok: true, value: '2' });
    expect(convertValue('1', sex)).toEqual({ ok: true, value: '1' });
    expect(convertValue('未知', sex)).toEqual({ ok: false, message: '“性别”的值“未知”不在可选范围内' });
  });

  it('convertRow gives every key and one message per bad cell', () => {
    const mapping = requireHeader(['姓名', '部门(名称)', '工资'], columns);
    const row: ExcelRow = { sheetName: 'S', rowNumber: 7, values: ['李四', null, 'abc'], issues: [] };
    expect(convertRow(row, mapping)).toEqual({
      rowNumber: 7,
      record: { realname: '李四', dept: null, salary: null, entryDate: null, sex: null },
      errors: ['“部门(名称)”不能为空', '“工资”不是有效的数字：abc'],
    });
  });
});
