import { afterEach, describe, expect, it, vi } from 'vitest';
import { isTaskMessage, TASK_MESSAGE_MARKER } from '@houtai/shared/messaging';
import { clearTaskDot, hasTaskDot, isTaskMessageFor, noteTaskMessage, subscribeTaskDot } from './task-dot.ts';

const text = `${TASK_MESSAGE_MARKER}导出完成`;

afterEach(() => {
  clearTaskDot('u1');
  clearTaskDot('u2');
});

describe('task messages', () => {
  it("are 'user' messages whose text starts with the marker", () => {
    expect(isTaskMessage({ cmd: 'user', msgTxt: text })).toBe(true);
    expect(isTaskMessage({ cmd: 'topic', msgTxt: text })).toBe(false);
    expect(isTaskMessage({ cmd: 'user', msgTxt: `提醒${TASK_MESSAGE_MARKER}` })).toBe(false);
    expect(isTaskMessage({ cmd: 'user' })).toBe(false);
  });

  it('are for me when they name me or nobody', () => {
    expect(isTaskMessageFor({ cmd: 'user', msgTxt: text, userId: 'u1' }, 'u1')).toBe(true);
    expect(isTaskMessageFor({ cmd: 'user', msgTxt: text }, 'u1')).toBe(true);
    expect(isTaskMessageFor({ cmd: 'user', msgTxt: text, userId: 'u2' }, 'u1')).toBe(false);
    expect(isTaskMessageFor({ cmd: 'user', msgTxt: text }, undefined)).toBe(false);
  });
});

describe('the task dot', () => {
  it('is set by a task message for me, in local storage under my id, and tells its listeners', () => {
    const listener = vi.fn();
    const off = subscribeTaskDot(listener);
    expect(noteTaskMessage({ cmd: 'user', msgTxt: text, userId: 'u1' }, 'u1')).toBe(true);
    expect(hasTaskDot('u1')).toBe(true);
    expect(hasTaskDot('u2')).toBe(false);
    expect(window.localStorage.getItem('houtai:task-dot:u1')).not.toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    off();
  });

  it('is not set by a message for someone else, nor by other messages', () => {
    expect(noteTaskMessage({ cmd: 'user', msgTxt: text, userId: 'u2' }, 'u1')).toBe(false);
    expect(noteTaskMessage({ cmd: 'user', msgTxt: '普通消息', userId: 'u1' }, 'u1')).toBe(false);
    expect(noteTaskMessage({ cmd: 'user', msgTxt: text }, null)).toBe(false);
    expect(hasTaskDot('u1')).toBe(false);
  });

  it('is cleared (the task list opened)', () => {
    noteTaskMessage({ cmd: 'user', msgTxt: text }, 'u1');
    expect(hasTaskDot('u1')).toBe(true);
    clearTaskDot('u1');
    expect(hasTaskDot('u1')).toBe(false);
    expect(hasTaskDot(undefined)).toBe(false);
  });
});
