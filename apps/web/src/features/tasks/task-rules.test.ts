import { describe, expect, it } from 'vitest';
import { formatDuration, progressText, taskStatusCell } from './task-rules.ts';

describe('taskStatusCell', () => {
  it("shows '1' in orange without its label", () => {
    expect(taskStatusCell('1', 'x.xlsx')).toEqual({ color: 'orange', showLabel: false, download: false, retry: false });
  });

  it("offers 点击下载 for '2' only when there is a file", () => {
    expect(taskStatusCell('2', 'temp/a.xlsx')).toEqual({
      color: 'green',
      showLabel: true,
      download: true,
      retry: false,
    });
    expect(taskStatusCell('2', null).download).toBe(false);
    expect(taskStatusCell('2', '').download).toBe(false);
    expect(taskStatusCell('2').download).toBe(false);
  });

  it("offers 重试 for '3' in red", () => {
    expect(taskStatusCell('3', 'a.xlsx')).toEqual({ color: 'red', showLabel: true, download: false, retry: true });
  });

  it('shows any other status in grey', () => {
    for (const s of ['0', '4', '', null, undefined]) {
      expect(taskStatusCell(s, 'a.xlsx')).toEqual({ color: 'default', showLabel: true, download: false, retry: false });
    }
  });
});

describe('formatDuration', () => {
  it('reads milliseconds as people do', () => {
    expect(formatDuration(850)).toBe('850 毫秒');
    expect(formatDuration(0)).toBe('0 毫秒');
    expect(formatDuration(1200)).toBe('1.2 秒');
    expect(formatDuration(59_940)).toBe('59.9 秒');
    expect(formatDuration(59_960)).toBe('1 分 0 秒');
    expect(formatDuration(185_000)).toBe('3 分 5 秒');
    expect(formatDuration(7_203_000)).toBe('2 小时 0 分 3 秒');
    expect(formatDuration('1200')).toBe('1.2 秒');
  });

  it('is empty when the duration is unknown', () => {
    expect(formatDuration(null)).toBe('');
    expect(formatDuration(undefined)).toBe('');
    expect(formatDuration(-1)).toBe('');
    expect(formatDuration('abc')).toBe('');
  });
});

describe('progressText', () => {
  it("shows a running task's percent, nothing before the first progress", () => {
    expect(progressText(45)).toBe('45%');
    expect(progressText(99.6)).toBe('100%');
    expect(progressText(0)).toBe('');
    expect(progressText(null)).toBe('');
    expect(progressText(undefined)).toBe('');
    expect(progressText(Number.NaN)).toBe('');
  });
});
