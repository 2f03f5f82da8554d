import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SubTablePopover, loadWithRetries, subTablePlacement } from './sub-table-popover.tsx';

afterEach(cleanup);

describe('sub-table popover', () => {
  it('opens under the row when more than 350 px remain below, over it otherwise', () => {
    expect(subTablePlacement(400, 800)).toBe('bottom');
    expect(subTablePlacement(450, 800)).toBe('top');
    expect(subTablePlacement(449, 800)).toBe('bottom');
  });

  it('retries a failing load and gives up after the last try', async () => {
    const ok = vi.fn().mockRejectedValueOnce(new Error('x')).mockResolvedValue('内容');
    await expect(loadWithRetries(ok, 3)).resolves.toBe('内容');
    expect(ok).toHaveBeenCalledTimes(2);
    const bad = vi.fn().mockRejectedValue(new Error('down'));
    await expect(loadWithRetries(bad, 3)).rejects.toThrow('down');
    expect(bad).toHaveBeenCalledTimes(3);
  });

  it('shows the loaded content in a dialog that Escape closes, and reports a load that keeps failing', async () => {
    const onClose = vi.fn();
    const anchor = { top: 100, bottom: 120, left: 10 } as DOMRect;
    render(
      <SubTablePopover
        title="子表"
        anchor={anchor}
        load={() => Promise.resolve(<p>明细行</p>)}
        onFailed={vi.fn()}
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: '子表' });
    await waitFor(() => expect(screen.getByText('明细行')).toBeTruthy());
    expect(document.activeElement).toBe(dialog);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
    cleanup();
    const onFailed = vi.fn();
    render(
      <SubTablePopover
        title="子表"
        anchor={anchor}
        load={() => Promise.reject(new Error('x'))}
        onFailed={onFailed}
        onClose={vi.fn()}
      />,
    );
    await waitFor(() => expect(onFailed).toHaveBeenCalledTimes(1));
  });
});
