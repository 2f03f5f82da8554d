import { describe, expect, it } from 'vitest';
import { TASK_MESSAGE_MARKER, TASK_PROGRESS_BUSINESS_TYPE } from '@houtai/shared/messaging';
import { isOnRoute, realtimeEffects, toastLevel } from './realtime-effects.ts';

describe('realtimeEffects', () => {
  it("refreshes the messages and shows a toast for 'topic' and 'user'", () => {
    expect(realtimeEffects({ cmd: 'topic', msgId: 'a1', msgTxt: '系统升级' })).toEqual([
      { kind: 'refresh-messages' },
      { kind: 'toast', level: 'info', text: '系统升级' },
    ]);
    expect(realtimeEffects({ cmd: 'user', msgId: 'a2', msgTxt: '<b>x</b>', status: 3 })).toEqual([
      { kind: 'refresh-messages' },
      { kind: 'toast', level: 'error', text: '<b>x</b>' },
    ]);
  });

  it('only refreshes for a message without text (read-all)', () => {
    expect(realtimeEffects({ cmd: 'topic' })).toEqual([{ kind: 'refresh-messages' }]);
    expect(realtimeEffects({ cmd: 'user', msgTxt: '  ' })).toEqual([{ kind: 'refresh-messages' }]);
  });

  it('remembers a work order from a user message of businessType WORK_ORDER', () => {
    expect(realtimeEffects({ cmd: 'user', msgId: 'w1', msgTxt: '新工单', businessType: 'WORK_ORDER' })).toEqual([
      { kind: 'refresh-messages' },
      { kind: 'toast', level: 'info', text: '新工单' },
      { kind: 'work-order', id: 'w1' },
    ]);
    // Not from a broadcast, and not without an id.
    expect(realtimeEffects({ cmd: 'topic', msgId: 'w1', businessType: 'WORK_ORDER' })).toEqual([
      { kind: 'refresh-messages' },
    ]);
    expect(realtimeEffects({ cmd: 'user', businessType: 'WORK_ORDER' })).toEqual([{ kind: 'refresh-messages' }]);
  });

  it("updates the banner from a 'notice' message, and ignores one it cannot read", () => {
    expect(realtimeEffects({ cmd: 'notice', msgTxt: '{"status":"1","content":"今晚维护"}' })).toEqual([
      { kind: 'banner', notice: { status: '1', content: '今晚维护' } },
    ]);
    expect(realtimeEffects({ cmd: 'notice', msgTxt: '{"status":"0","content":""}' })).toEqual([
      { kind: 'banner', notice: { status: '0', content: '' } },
    ]);
    expect(realtimeEffects({ cmd: 'notice', msgTxt: 'oops' })).toEqual([]);
    expect(realtimeEffects({ cmd: 'notice' })).toEqual([]);
  });

  it("asks for the task dot on a 'user' message starting with the task marker", () => {
    const text = `${TASK_MESSAGE_MARKER}导出完成`;
    expect(realtimeEffects({ cmd: 'user', msgTxt: text })).toEqual([
      { kind: 'refresh-messages' },
      { kind: 'toast', level: 'info', text },
      { kind: 'task-dot' },
    ]);
    expect(realtimeEffects({ cmd: 'topic', msgTxt: text })).not.toContainEqual({ kind: 'task-dot' });
    expect(realtimeEffects({ cmd: 'user', msgTxt: `x${TASK_MESSAGE_MARKER}` })).not.toContainEqual({
      kind: 'task-dot',
    });
  });

  it('keeps a task progress message silent: no toast, no refresh, no dot', () => {
    expect(
      realtimeEffects({
        cmd: 'user',
        msgId: 't1',
        msgTxt: '45',
        status: 1,
        businessType: TASK_PROGRESS_BUSINESS_TYPE,
      }),
    ).toEqual([]);
  });

  it('does nothing for other commands', () => {
    expect(realtimeEffects({ cmd: 'chat', msgTxt: 'x' })).toEqual([]);
    expect(realtimeEffects({ cmd: 'heartcheck' })).toEqual([]);
  });
});

describe('toastLevel', () => {
  it('maps 1 warning, 2 success, 3 error, otherwise info', () => {
    expect([1, 2, 3, 0, 4, undefined].map(toastLevel)).toEqual(['warning', 'success', 'error', 'info', 'info', 'info']);
  });
});

describe('isOnRoute', () => {
  const NAME = 'bi-workOrder-WorkOrderList';
  const PATH = '/bi/workOrder/WorkOrderList';
  it('matches the route name or the address', () => {
    expect(isOnRoute({ pathname: '/x', routeName: NAME }, NAME, PATH)).toBe(true);
    expect(isOnRoute({ pathname: PATH, routeName: undefined }, NAME, PATH)).toBe(true);
    expect(isOnRoute({ pathname: `${PATH}/`, routeName: undefined }, NAME, PATH)).toBe(true);
    expect(
      isOnRoute({ pathname: '/bi/workOrder/WorkOrderDetail/1', routeName: 'bi-workOrder-WorkOrderDetail' }, NAME, PATH),
    ).toBe(false);
  });
});
