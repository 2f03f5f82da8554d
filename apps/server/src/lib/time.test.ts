import { describe, expect, it } from 'vitest';
import { toWireTime } from './time.ts';

/** The rule written the plain way: the instant moved to UTC+8, its ISO text cut to seconds. */
function plain(iso: string): string {
  return new Date(Date.parse(iso) + 8 * 3600 * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

describe('toWireTime', () => {
  it('writes an instant as Asia/Shanghai yyyy-MM-dd HH:mm:ss', () => {
    expect(toWireTime('2024-11-25T02:39:00.000Z')).toBe('2024-11-25 10:39:00');
    expect(toWireTime('2023-12-31T16:00:00.000Z')).toBe('2024-01-01 00:00:00');
    expect(toWireTime('2024-02-28T16:59:59.999Z')).toBe('2024-02-29 00:59:59');
    expect(toWireTime('1969-12-31T15:59:59.000Z')).toBe('1969-12-31 23:59:59');
  });

  it('agrees with the plain rule across days, years and the ends of the four-digit years', () => {
    const samples: string[] = [];
    for (let i = 0; i < 5000; i++) samples.push(new Date(Date.UTC(1960, 0, 1) + i * 7_654_321_987).toISOString());
    samples.push('0000-01-01T00:00:00.000Z', '0000-01-01T15:59:59.000Z', '9999-12-31T15:59:59.000Z');
    samples.push('9999-12-31T16:00:00.000Z', '-000001-12-31T12:00:00.000Z', '+010000-01-01T00:00:00.000Z');
    for (const iso of samples) expect(toWireTime(iso), iso).toBe(plain(iso));
  });

  it('leaves empty values null and text that is no instant as it is', () => {
    expect(toWireTime(null)).toBeNull();
    expect(toWireTime(undefined)).toBeNull();
    expect(toWireTime('')).toBeNull();
    expect(toWireTime('不是时间')).toBe('不是时间');
  });
});
