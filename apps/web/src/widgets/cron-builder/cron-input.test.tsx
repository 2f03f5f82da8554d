/** CronInput: the validation message under an invalid text, and the builder's OK replacing the text. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { CronInput } from './cron-input.tsx';

function Controlled({ initial, onChange }: { initial: string; onChange: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <CronInput
      aria-label="执行周期"
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

afterEach(cleanup);

describe('CronInput', () => {
  it('shows the message of an invalid text and marks the field invalid', () => {
    const onChange = vi.fn();
    render(<Controlled initial="0 0 2 * * ?" onChange={onChange} />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: '执行周期' });
    fireEvent.change(input, { target: { value: '0 0 2 * * *' } });
    expect(onChange).toHaveBeenLastCalledWith('0 0 2 * * *');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('日和周不能同时指定，其中一个必须为?')).toBeTruthy();
  });

  it('opens the builder on the text; OK replaces the text with the seven fields', () => {
    const onChange = vi.fn();
    render(<Controlled initial="0 0 2 * * ?" onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: /^选\s?择$/ }));
    expect(screen.getByTestId('cron-expression').textContent).toBe('0 0 2 * * ? *');
    fireEvent.click(screen.getByTestId('cron-ok'));
    expect(onChange).toHaveBeenLastCalledWith('0 0 2 * * ? *');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: '执行周期' }).value).toBe('0 0 2 * * ? *');
  });
});
