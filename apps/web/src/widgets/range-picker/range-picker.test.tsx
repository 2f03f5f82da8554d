import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { renderInShell } from '../../testing/render.tsx';
import { RangePicker, type RangePickerProps, type RangeValue } from './range-picker.tsx';
import { defaultRange, formatRange, isTooLong, parseRange } from './range-rules.ts';

afterEach(cleanup);

describe('range rules', () => {
  const now = dayjs('2026-03-31T10:20:30');
  it('defaults to one month back (start of day) to today 23:59:59', () => {
    expect(formatRange(defaultRange(now), true)).toEqual(['2026-02-28 00:00:00', '2026-03-31 23:59:59']);
    expect(formatRange(defaultRange(now), false)).toEqual(['2026-02-28', '2026-03-31']);
  });
  it('the default range is allowed; one day more is not', () => {
    const [a, b] = defaultRange(dayjs('2026-05-15T08:00:00'));
    expect(isTooLong(a, b, 1)).toBe(false);
    expect(isTooLong(a.subtract(1, 'day'), b, 1)).toBe(true);
    expect(isTooLong(a.subtract(1, 'day'), b, 2)).toBe(false);
  });
  it('parses a pair of strings, refusing a missing or bad side', () => {
    expect(parseRange(['2026-01-01', '2026-01-31'])?.[1].date()).toBe(31);
    expect(parseRange(['2026-01-01', ''])).toBeNull();
    expect(parseRange(['x', '2026-01-01'])).toBeNull();
    expect(parseRange(null)).toBeNull();
  });
});

function Harness(
  props: Omit<RangePickerProps, 'value' | 'onChange'> & {
    initial?: RangeValue | null;
    spy: (v: RangeValue | null) => void;
  },
) {
  const { initial, spy, ...rest } = props;
  const [value, setValue] = useState<RangeValue | null | undefined>(initial);
  return (
    <>
      <RangePicker
        {...rest}
        value={value}
        onChange={(v) => {
          spy(v);
          setValue(v);
        }}
      />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

function clear(container: HTMLElement) {
  const icon = container.querySelector('.ant-picker-clear');
  if (!icon) throw new Error('no clear icon');
  fireEvent.mouseDown(icon);
  fireEvent.mouseUp(icon);
  fireEvent.click(icon);
}

describe('RangePicker', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-15T09:00:00'));
  });
  afterEach(() => vi.useRealTimers());

  it('emits and shows the default range when it has no value', async () => {
    const spy = vi.fn();
    renderInShell(<Harness spy={spy} />);
    await waitFor(() => expect(spy).toHaveBeenCalledWith(['2026-05-15', '2026-06-15']));
    expect(screen.getByPlaceholderText<HTMLInputElement>('开始日期').value).toBe('2026-05-15');
    expect(screen.getByPlaceholderText<HTMLInputElement>('结束日期').value).toBe('2026-06-15');
  });

  it('with showTime the range ends today 23:59:59', async () => {
    const spy = vi.fn();
    renderInShell(<Harness spy={spy} showTime />);
    await waitFor(() => expect(spy).toHaveBeenCalledWith(['2026-05-15 00:00:00', '2026-06-15 23:59:59']));
  });

  it('refuses clearing with 必须选择一个时间范围 and goes back to the default', async () => {
    const spy = vi.fn();
    const { container } = renderInShell(<Harness spy={spy} initial={['2026-06-01', '2026-06-10']} />);
    act(() => clear(container));
    expect(await screen.findByText('必须选择一个时间范围')).toBeTruthy();
    expect(spy).toHaveBeenLastCalledWith(['2026-05-15', '2026-06-15']);
    expect(screen.getByTestId('value').textContent).toBe('["2026-05-15","2026-06-15"]');
  });

  it('clears with allowClear', async () => {
    const spy = vi.fn();
    const { container } = renderInShell(<Harness spy={spy} allowClear initial={['2026-06-01', '2026-06-10']} />);
    act(() => clear(container));
    await waitFor(() => expect(spy).toHaveBeenLastCalledWith(null));
    expect(screen.queryByText('必须选择一个时间范围')).toBeNull();
  });

  it('refuses a typed range over disabledMonthNum months with 最多只能选择N个月的范围 and resets', async () => {
    const spy = vi.fn();
    renderInShell(<Harness spy={spy} initial={['2026-06-01', '2026-06-10']} />);
    await typeRange('2026-04-01', '2026-06-10');
    expect(await screen.findByText('最多只能选择1个月的范围')).toBeTruthy();
    expect(spy).toHaveBeenLastCalledWith(['2026-05-15', '2026-06-15']);
  });

  it('takes a typed range within the limit', async () => {
    const spy = vi.fn();
    renderInShell(<Harness spy={spy} disabledMonthNum={3} initial={['2026-06-01', '2026-06-10']} />);
    await typeRange('2026-04-01', '2026-06-10');
    await waitFor(() => expect(spy).toHaveBeenLastCalledWith(['2026-04-01', '2026-06-10']));
    expect(screen.queryByText('最多只能选择3个月的范围')).toBeNull();
  });
});

/** Types both ends as a user does: open, type the start, Enter, type the end, Enter. */
async function typeRange(start: string, end: string) {
  const a = screen.getByPlaceholderText<HTMLInputElement>('开始日期');
  const b = screen.getByPlaceholderText<HTMLInputElement>('结束日期');
  act(() => {
    fireEvent.mouseDown(a);
    fireEvent.focus(a);
    fireEvent.click(a);
  });
  act(() => {
    fireEvent.change(a, { target: { value: start } });
  });
  act(() => {
    fireEvent.keyDown(a, { key: 'Enter', code: 'Enter', keyCode: 13 });
  });
  act(() => {
    fireEvent.focus(b);
    fireEvent.change(b, { target: { value: end } });
  });
  act(() => {
    fireEvent.keyDown(b, { key: 'Enter', code: 'Enter', keyCode: 13 });
  });
  await act(async () => {
    await Promise.resolve();
  });
}
