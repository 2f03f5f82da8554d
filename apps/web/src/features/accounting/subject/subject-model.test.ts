import { describe, expect, it } from 'vitest';
import { SUBJECT_TEXT, type SubjectTreeNode } from '@houtai/shared/contract/accounting-subject';
import { categoryForCode, checkSubject, expandableKeys, toRows, type SubjectRow } from './subject-model.ts';

const parent = { id: 'p', code: '2221', category: '负债', direction: 'C', level: 1 } as SubjectRow;

describe('subject form model', () => {
  it('fills the category from a first-level code only', () => {
    expect(categoryForCode('6001')).toBe('损益');
    expect(categoryForCode('1')).toBeUndefined();
    expect(categoryForCode('9001')).toBeUndefined();
    expect(categoryForCode('600101')).toBeUndefined();
  });

  it('新增下级: the code must extend the parent; the category is not sent', () => {
    const bad = checkSubject({ kind: 'add', parent }, { code: '222', name: 'x', direction: 'C' });
    expect(bad.ok ? null : bad.errors.byField.get('code')).toEqual([SUBJECT_TEXT.childCodeFormat('2221')]);
    const ok = checkSubject({ kind: 'add', parent }, { code: '222103', name: 'x', direction: 'C', category: '资产' });
    expect(ok).toEqual({ ok: true, value: { code: '222103', name: 'x', direction: 'C' } });
  });

  it('新增一级科目: the category must match the first digit', () => {
    const r = checkSubject(
      { kind: 'add', parent: null },
      { code: '1131', name: 'x', direction: 'D', category: '负债' },
    );
    expect(r.ok ? null : r.errors.byField.get('category')).toEqual([SUBJECT_TEXT.categoryMismatch('1', '资产')]);
  });

  it('rows carry children only when there are some; 展开全部 opens every parent', () => {
    const leaf = { id: 'b', code: '222101', children: [] } as unknown as SubjectTreeNode;
    const rows = toRows([{ id: 'a', code: '2221', children: [leaf] } as unknown as SubjectTreeNode]);
    expect(rows[0]!.children![0]).not.toHaveProperty('children');
    expect(expandableKeys(rows)).toEqual(['a']);
  });
});
