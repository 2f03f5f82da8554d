import { describe, expect, it } from 'vitest';
import { maskMobile } from './mask.ts';

describe('maskMobile', () => {
  it.each([
    ['13800000001', '138****0001'],
    ['+8613800000001', '+86****0001'],
    ['12345', '***45'],
    ['1', '1'],
    ['', ''],
  ])('%s → %s', (input, expected) => {
    expect(maskMobile(input)).toBe(expected);
  });
});
