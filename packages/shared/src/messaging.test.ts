import { describe, expect, it } from 'vitest';
import { MyAnnouncementQuery } from './contract/announcement.ts';
import {
  MY_MESSAGES_PAGE_SIZE,
  isNoticeShown,
  isPayslipTitle,
  parseRealtimeMessage,
  parseSystemNotice,
} from './messaging.ts';

it("uses the spec's page size 7 for 我的消息, on the client and as the server's default", () => {
  expect(MY_MESSAGES_PAGE_SIZE).toBe(7);
  expect(MyAnnouncementQuery.parse({}).pageSize).toBe(MY_MESSAGES_PAGE_SIZE);
});

describe('parseRealtimeMessage', () => {
  it('reads the fields of a user message', () => {
    const text = JSON.stringify({
      cmd: 'user',
      msgId: 'a1',
      msgTxt: '<b>新工单</b>',
      status: 2,
      businessType: 'WORK_ORDER',
      userId: 'u1',
    });
    expect(parseRealtimeMessage(text)).toEqual({
      cmd: 'user',
      msgId: 'a1',
      msgTxt: '<b>新工单</b>',
      status: 2,
      businessType: 'WORK_ORDER',
      userId: 'u1',
    });
  });

  it('accepts a status sent as text and drops fields of the wrong type', () => {
    expect(parseRealtimeMessage('{"cmd":"topic","status":"3","msgTxt":{"x":1},"msgId":7}')).toEqual({
      cmd: 'topic',
      status: 3,
      msgId: '7',
    });
  });

  it('refuses frames that are not a JSON object with a command', () => {
    for (const text of ['ping', '', '[]', 'null', '{"msgTxt":"x"}', '{"cmd":""}', '{"cmd":1}']) {
      expect(parseRealtimeMessage(text)).toBeNull();
    }
    expect(parseRealtimeMessage(new ArrayBuffer(2))).toBeNull();
  });
});

describe('parseSystemNotice', () => {
  it('reads an object or its JSON text', () => {
    expect(parseSystemNotice({ status: '1', content: '维护通知' })).toEqual({ status: '1', content: '维护通知' });
    expect(parseSystemNotice('{"status":2,"content":"x"}')).toEqual({ status: '2', content: 'x' });
  });

  it('reads a missing status as off and refuses unreadable text', () => {
    expect(parseSystemNotice({ content: 'x' })).toEqual({ status: '0', content: 'x' });
    expect(parseSystemNotice('not json')).toBeNull();
    expect(parseSystemNotice('[1]')).toBeNull();
    expect(parseSystemNotice(null)).toBeNull();
  });
});

describe('isNoticeShown', () => {
  it("hides status '0' and empty content, shows any other status", () => {
    expect(isNoticeShown({ status: '0', content: 'x' })).toBe(false);
    expect(isNoticeShown({ status: '1', content: '  ' })).toBe(false);
    expect(isNoticeShown({ status: '1', content: 'x' })).toBe(true);
    expect(isNoticeShown({ status: '2', content: 'x' })).toBe(true);
  });
});

describe('isPayslipTitle', () => {
  it('spots 工资条 anywhere in the title', () => {
    expect(isPayslipTitle('2024年5月工资条')).toBe(true);
    expect(isPayslipTitle('工资')).toBe(false);
    expect(isPayslipTitle(null)).toBe(false);
  });
});
