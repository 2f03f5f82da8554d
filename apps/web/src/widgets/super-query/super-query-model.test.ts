/** The builder's pure parts: rules per type, the dictionary reduction, emitted records, saved queries by route key. */
import { describe, expect, it } from 'vitest';
import { createTtlStorage } from '../../lib/storage.ts';
import {
  changeField,
  changeRule,
  hasEmptyCondition,
  loadSaved,
  newRow,
  rulesFor,
  savedQueryKey,
  storeSaved,
  toRecords,
  toRows,
  withSaved,
  type SuperQueryField,
} from './super-query-model.ts';

const FIELDS: SuperQueryField[] = [
  { title: '标题', field: 'title', type: 'string' },
  { title: '优先级', field: 'priority', type: 'dict', dictCode: 'priority' },
  { title: '金额', field: 'amount', type: 'number' },
];

function memory(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

describe('super query model', () => {
  it('offers LIKE rules on text only', () => {
    expect(rulesFor('string')).toContain('like');
    expect(rulesFor('number')).not.toContain('like');
    expect(rulesFor('dict')).toEqual(['eq', 'ne', 'in']);
    expect(rulesFor('switch')).toEqual(['eq', 'ne']);
  });

  it('reduces a dictionary value to its first item for rules other than in', () => {
    const dict = FIELDS[1];
    const row = newRow({ field: 'priority', rule: 'in', val: ['H', 'M'] });
    expect(changeRule(row, 'eq', dict).val).toBe('H');
    expect(changeRule(newRow({ field: 'priority', val: 'H' }), 'in', dict).val).toEqual(['H']);
    // Text fields keep their text.
    expect(changeRule(newRow({ field: 'title', val: 'a,b' }), 'eq', FIELDS[0]).val).toBe('a,b');
    expect(changeField(row, 'title')).toMatchObject({ field: 'title', rule: 'eq', val: undefined });
  });

  it('knows an empty condition and emits arrays joined by commas', () => {
    expect(hasEmptyCondition([newRow()])).toBe(true);
    expect(hasEmptyCondition([])).toBe(true);
    const rows = [
      newRow({ field: 'title', rule: 'like', val: '打印' }),
      newRow({ field: 'priority', rule: 'in', val: ['H', 'L'] }),
    ];
    expect(hasEmptyCondition(rows)).toBe(false);
    expect(hasEmptyCondition([...rows, newRow({ field: 'amount' })])).toBe(true);
    const records = toRecords(rows, FIELDS);
    expect(records).toEqual([
      { field: 'title', rule: 'like', val: '打印', type: 'string' },
      { field: 'priority', rule: 'in', val: 'H,L', type: 'dict', dictCode: 'priority' },
    ]);
    expect(toRows(records, FIELDS).map((r) => r.val)).toEqual(['打印', ['H', 'L']]);
  });

  it('keeps saved queries per route key, replacing one of the same title', () => {
    const store = createTtlStorage(memory());
    const q1 = {
      title: '甲',
      matchType: 'and' as const,
      records: toRecords([newRow({ field: 'title', val: 'x' })], FIELDS),
    };
    const q2 = { ...q1, matchType: 'or' as const };
    storeSaved(store, '/bi/workOrder', withSaved(withSaved([], q1), { ...q1, title: '乙' }));
    expect(loadSaved(store, '/bi/workOrder').map((q) => q.title)).toEqual(['甲', '乙']);
    expect(loadSaved(store, '/other')).toEqual([]);
    const replaced = withSaved(loadSaved(store, '/bi/workOrder'), q2);
    expect(replaced.map((q) => [q.title, q.matchType])).toEqual([
      ['甲', 'or'],
      ['乙', 'and'],
    ]);
    expect(savedQueryKey('/bi/workOrder')).toBe('super-query:/bi/workOrder');
    store.set(savedQueryKey('/bad'), [{ title: 1 }, 'x', q1]);
    expect(loadSaved(store, '/bad')).toEqual([q1]);
  });
});
