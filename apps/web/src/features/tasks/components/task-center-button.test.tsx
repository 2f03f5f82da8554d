import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { TASK_MESSAGE_MARKER } from '@houtai/shared/messaging';
import { clearTaskDot, hasTaskDot, noteTaskMessage } from '../task-dot.ts';
import { envelope, renderInShell, signInAs } from '../../../testing/render.tsx';
import { TaskCenterButton } from './task-center-button.tsx';

const message = { cmd: 'user', msgTxt: `${TASK_MESSAGE_MARKER}导出完成` };

beforeEach(() => {
  signInAs({ id: 'u1' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => envelope({ result: { records: [], total: 0 } })),
  );
});

afterEach(() => {
  cleanup();
  clearTaskDot('u1');
  vi.unstubAllGlobals();
});

describe('task centre button', () => {
  it('is a compact icon titled 任务列表 without a dot at first', () => {
    renderInShell(<TaskCenterButton />);
    const button = screen.getByTestId('task-center');
    expect(button.getAttribute('title')).toBe('任务列表');
    expect(button.getAttribute('data-dot')).toBe('false');
    expect(screen.queryByTestId('task-center-dot')).toBeNull();
  });

  it('shows the dot when a task message for me arrives, not for someone else', () => {
    renderInShell(<TaskCenterButton />);
    act(() => void noteTaskMessage({ ...message, userId: 'u2' }, 'u1'));
    expect(screen.queryByTestId('task-center-dot')).toBeNull();
    act(() => void noteTaskMessage({ ...message, userId: 'u1' }, 'u1'));
    expect(screen.getByTestId('task-center-dot')).toBeTruthy();
  });

  it('opens the task list (loaded on first open) and clears the dot', async () => {
    noteTaskMessage(message, 'u1');
    renderInShell(<TaskCenterButton />);
    expect(screen.getByTestId('task-center').getAttribute('data-dot')).toBe('true');
    fireEvent.click(screen.getByTestId('task-center'));
    expect(screen.queryByTestId('task-center-dot')).toBeNull();
    expect(hasTaskDot('u1')).toBe(false);
    expect(await screen.findByTestId('task-list')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('任务列表').length).toBeGreaterThan(0));
  });
});
