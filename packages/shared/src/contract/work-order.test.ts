import { describe, expect, it } from 'vitest';
import { WorkOrderAddBody, WorkOrderListQuery, WorkOrderUnreadIds, UserKvSetBody } from './work-order.ts';
import {
  allowedWorkOrderActions,
  checkWorkOrderAction,
  reopenedStatus,
  type WorkOrderActor,
} from './work-order-rules.ts';

const staff = (userId: string): WorkOrderActor => ({ userId, canAssign: false, canClose: false });
const dispatcher: WorkOrderActor = { userId: 'boss', canAssign: true, canClose: true };
const order = (status: string, assigneeId: string | null = 'h') => ({ status, reporterId: 'r', assigneeId });

describe('who may do what with a work order', () => {
  it('only dispatchers assign, and only open orders', () => {
    expect(checkWorkOrderAction('assign', order('0', null), dispatcher)).toBe('ok');
    expect(checkWorkOrderAction('assign', order('1'), dispatcher)).toBe('ok');
    expect(checkWorkOrderAction('assign', order('2'), dispatcher)).toBe('state');
    expect(checkWorkOrderAction('assign', order('0'), staff('r'))).toBe('forbidden');
  });

  it('only the handler completes, while 处理中', () => {
    expect(checkWorkOrderAction('complete', order('1'), staff('h'))).toBe('ok');
    expect(checkWorkOrderAction('complete', order('1'), staff('r'))).toBe('forbidden');
    expect(checkWorkOrderAction('complete', order('1'), dispatcher)).toBe('forbidden');
    expect(checkWorkOrderAction('complete', order('0'), staff('h'))).toBe('state');
  });

  it('reporter, handler or a holder of the close code close and reopen; others may not', () => {
    for (const actor of [staff('r'), staff('h'), dispatcher]) {
      expect(checkWorkOrderAction('close', order('1'), actor)).toBe('ok');
      expect(checkWorkOrderAction('reopen', order('3'), actor)).toBe('ok');
    }
    expect(checkWorkOrderAction('close', order('1'), staff('x'))).toBe('forbidden');
    expect(checkWorkOrderAction('close', order('3'), staff('r'))).toBe('state');
    expect(checkWorkOrderAction('reopen', order('1'), staff('r'))).toBe('state');
  });

  it('lists the allowed steps and where reopening leads', () => {
    expect([...allowedWorkOrderActions(order('1'), staff('h'))].sort()).toEqual(['close', 'comment', 'complete']);
    expect([...allowedWorkOrderActions(order('3'), staff('x'))]).toEqual([]);
    expect(reopenedStatus({ assigneeId: 'h' })).toBe('1');
    expect(reopenedStatus({ assigneeId: null })).toBe('0');
  });
});

describe('work-order schemas', () => {
  it('trims the title, defaults priority 中 and normalises line ends', () => {
    expect(WorkOrderAddBody.parse({ title: '  标题 ', content: 'a\r\nb' })).toEqual({
      title: '标题',
      content: 'a\nb',
      priority: 'M',
      attachments: [],
    });
  });

  it('refuses with the Chinese messages', () => {
    const message = (v: unknown) => WorkOrderAddBody.safeParse(v).error?.issues[0]?.message;
    expect(message({})).toBe('请输入标题');
    expect(message({ title: 'x'.repeat(101) })).toBe('标题不能超过100个字符');
    expect(message({ title: 'a\tb' })).toBe('标题不能包含换行或控制字符');
    expect(message({ title: 't', priority: 'Z' })).toBe('请选择正确的优先级');
  });

  it('reads list queries the way the Jeecg clients send them', () => {
    // The title keeps the filter text box operators: the server reads them (`*打印*` contains).
    expect(WorkOrderListQuery.parse({ title: ' *打印* ', status: 1, order: 'DESC', mine: '' })).toEqual({
      pageNo: 1,
      pageSize: 10,
      title: '*打印*',
      status: '1',
      order: 'desc',
    });
    // The advanced query's params pass through as text; the server's evaluator checks them.
    expect(WorkOrderListQuery.parse({ superQueryParams: '%5B%5D', superQueryMatchType: 'or' })).toMatchObject({
      superQueryParams: '%5B%5D',
      superQueryMatchType: 'or',
    });
    // The length limit is the title's, operators aside.
    expect(WorkOrderListQuery.safeParse({ title: `*${'长'.repeat(100)}*` }).success).toBe(true);
    expect(WorkOrderListQuery.safeParse({ title: `*${'长'.repeat(101)}*` }).success).toBe(false);
  });

  it('accepts the unread list as an array, comma text or JSON text, de-duplicated', () => {
    expect(WorkOrderUnreadIds.parse(['a', 'b', 'a'])).toEqual(['a', 'b']);
    expect(WorkOrderUnreadIds.parse(' a, b ,,')).toEqual(['a', 'b']);
    expect(WorkOrderUnreadIds.parse('["c"]')).toEqual(['c']);
    expect(WorkOrderUnreadIds.parse(null)).toEqual([]);
    expect(WorkOrderUnreadIds.safeParse(['a b']).success).toBe(false);
    expect(WorkOrderUnreadIds.safeParse(Array.from({ length: 501 }, (_, i) => `i${i}`)).success).toBe(false);
  });

  it('only t = 0 (no expiry) is accepted for a saved value', () => {
    expect(UserKvSetBody.parse({ k: 'WORK_ORDER', v: [] }).t).toBe(0);
    expect(UserKvSetBody.safeParse({ k: 'WORK_ORDER', v: [], t: 3600 }).error?.issues[0]?.message).toBe(
      '暂不支持设置有效期，t 只能为 0',
    );
  });
});
