import { describe, expect, it } from 'vitest';
import { greetingFor } from './greeting.ts';

describe('greeting by hour', () => {
  it.each([
    [0, '早上好'],
    [8, '早上好'],
    [9, '上午好'],
    [11, '上午好'],
    [12, '中午好'],
    [13, '中午好'],
    [14, '下午好'],
    [19, '下午好'],
    [20, '晚上好'],
    [23, '晚上好'],
  ])('at %i h says %s', (hour, text) => {
    expect(greetingFor(hour)).toBe(text);
  });
});
