import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idList, optionalIdList, splitIds } from './id-list.ts';

const rules = { invalid: 'id不正确', max: 3, tooMany: '太多了' };

describe('id lists as the Jeecg clients send them', () => {
  it('splits comma text with a trailing comma and arrays alike: trimmed, blanks dropped, deduplicated', () => {
    expect(splitIds('a,b,,a, c ,')).toEqual(['a', 'b', 'c']);
    expect(splitIds(['x', 7, 'x'])).toEqual(['x', '7']);
    expect(splitIds(null)).toEqual([]);
    expect(idList(rules).parse('1,2,')).toEqual(['1', '2']);
    expect(idList(rules).parse([' 9 ', 9])).toEqual(['9']);
    expect(idList(rules).parse(undefined)).toEqual([]);
  });

  it('refuses what is not an id, too many, and an empty list when one is required', () => {
    const message = (schema: z.ZodType, v: unknown) => schema.safeParse(v).error?.issues[0]?.message;
    expect(message(idList(rules), 'a,b c')).toBe('id不正确');
    expect(message(idList(rules), "1' or '1'='1")).toBe('id不正确');
    expect(message(idList(rules), { a: 1 })).toBe('id不正确');
    expect(message(idList(rules), [{}])).toBe('id不正确');
    expect(message(idList(rules), '1,2,3,4')).toBe('太多了');
    expect(message(idList({ ...rules, required: '请选择' }), ' , ')).toBe('请选择');
    expect(idList({ ...rules, max: 4 }).safeParse('1,2,3,4').success).toBe(true);
  });

  it('keeps "left out" apart from "none" where a missing list means leave it as it is', () => {
    const schema = optionalIdList({ ...rules, element: z.string().max(5, '太长') });
    expect(schema.parse(undefined)).toBeUndefined();
    expect(schema.parse(null)).toBeUndefined();
    expect(schema.parse('')).toEqual([]);
    expect(schema.parse('岗位A,岗位B')).toEqual(['岗位A', '岗位B']);
    expect(schema.safeParse('abcdefg').error?.issues[0]?.message).toBe('太长');
  });
});
