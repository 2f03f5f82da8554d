import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ValueSwitch } from './value-switch.tsx';

afterEach(cleanup);

describe('ValueSwitch', () => {
  it('shows an empty value off and emits the second option (N) at once', () => {
    const onChange = vi.fn();
    render(<ValueSwitch value="" onChange={onChange} aria-label="启用" />);
    expect(screen.getByRole('switch', { name: '启用' }).getAttribute('aria-checked')).toBe('false');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('N');
  });

  it('is on for the first option and emits the other when toggled; options are configurable', () => {
    const onChange = vi.fn();
    const { rerender } = render(<ValueSwitch value="Y" onChange={onChange} aria-label="启用" />);
    const sw = screen.getByRole('switch', { name: '启用' });
    expect(sw.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(sw);
    expect(onChange).toHaveBeenLastCalledWith('N');
    rerender(<ValueSwitch value="0" options={['1', '0']} onChange={onChange} aria-label="启用" />);
    expect(sw.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(sw);
    expect(onChange).toHaveBeenLastCalledWith('1');
  });

  it('in query mode is a select of 是/否 that may stay empty', async () => {
    const onChange = vi.fn();
    render(<ValueSwitch query onChange={onChange} aria-label="启用" />);
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '启用' }));
    expect(await screen.findByText('否')).toBeTruthy();
    fireEvent.click(screen.getByText('是'));
    expect(onChange).toHaveBeenCalledWith('Y');
  });
});
