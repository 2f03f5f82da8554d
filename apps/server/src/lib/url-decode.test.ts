import { describe, expect, it } from 'vitest';
import { javaUrlDecode } from './url-decode.ts';

describe('javaUrlDecode', () => {
  it.each([
    ['ab%20c', 'ab c'],
    ['a+b', 'a b'],
    ['%E4%B8%AD%E6%96%87', '中文'],
    ['100%25', '100%'],
    ['plain', 'plain'],
    ['bad%E4%B8', 'bad%E4%B8'],
    ['50%', '50%'],
  ])('%s → %s', (input, expected) => {
    expect(javaUrlDecode(input)).toBe(expected);
  });
});
