/** The cron builder dialog in jsdom: defaults and OK, parse-back into the controls, invalid text, week coupling. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { CronBuilder, type CronBuilderProps } from './cron-builder.tsx';

function renderBuilder(props: Partial<CronBuilderProps>) {
  const onOk = vi.fn();
  const onCancel = vi.fn();
  render(
    <ConfigProvider locale={zhCN}>
      <CronBuilder open onOk={onOk} onCancel={onCancel} timeZone="Asia/Shanghai" {...props} />
    </ConfigProvider>,
  );
  return { onOk, onCancel };
}

const expression = () => screen.getByTestId('cron-expression').textContent;

afterEach(cleanup);

describe('cron builder', () => {
  it('starts from the defaults, previews ten times and emits on OK', () => {
    const { onOk } = renderBuilder({ variant: 'basic' });
    expect(expression()).toBe('* * * * * ? *');
    expect(screen.getAllByTestId('cron-preview-time')).toHaveLength(10);
    fireEvent.click(screen.getByTestId('cron-ok'));
    expect(onOk).toHaveBeenCalledWith('* * * * * ? *');
  });

  it('parses an existing expression back into the controls', () => {
    renderBuilder({ variant: 'basic', value: '0 5-40 0/2 * * ? 2030' });
    expect(expression()).toBe('0 5-40 0/2 * * ? 2030');
    fireEvent.click(screen.getByRole('tab', { name: '分钟' }));
    const minute = screen.getByTestId('cron-field-minute');
    expect(within(minute).getByRole<HTMLInputElement>('radio', { name: '周期' }).checked).toBe(true);
    expect(within(minute).getByRole<HTMLInputElement>('spinbutton', { name: '分钟周期起始' }).value).toBe('5');
    expect(within(minute).getByRole<HTMLInputElement>('spinbutton', { name: '分钟周期结束' }).value).toBe('40');
    expect(within(minute).getByRole<HTMLInputElement>('spinbutton', { name: '分钟循环起始' }).disabled).toBe(true);
  });

  it('shows the validation message and refuses OK for an invalid text', () => {
    const { onOk } = renderBuilder({ variant: 'text', value: '0 0 12 * * ?' });
    fireEvent.change(screen.getByTestId('cron-text-hour'), { target: { value: '25' } });
    expect(screen.getByTestId('cron-error').textContent).toContain('小时的取值范围为0-23');
    expect(screen.getByTestId<HTMLButtonElement>('cron-ok').disabled).toBe(true);
    fireEvent.click(screen.getByTestId('cron-ok'));
    expect(onOk).not.toHaveBeenCalled();
  });

  it('week variant: choosing a weekday makes the day ? and zeroes the hour', () => {
    renderBuilder({ variant: 'week' });
    fireEvent.click(screen.getByRole('tab', { name: '周' }));
    fireEvent.click(within(screen.getByTestId('cron-field-week')).getByRole('radio', { name: '指定' }));
    expect(expression()).toBe('0 0 0 ? * 1 *');
    fireEvent.click(screen.getByRole('tab', { name: '日' }));
    const every = within(screen.getByTestId('cron-field-day')).getByRole<HTMLInputElement>('radio', { name: '每日' });
    expect(every.disabled).toBe(true);
  });
});
