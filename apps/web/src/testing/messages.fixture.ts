/** Test data and a fetch stub for the message screens: answers by 'METHOD /path', records paths, queries and bodies. */
import { vi } from 'vitest';
import type { AnnouncementRecord, ListByUserResult, MyAnnouncementRecord } from '@houtai/shared/contract/announcement';

export function announcement(id: string, titile: string, extra: Partial<AnnouncementRecord> = {}): AnnouncementRecord {
  return {
    id,
    titile,
    msgContent: `<p><strong>${titile}</strong> 的内容</p>`,
    msgContentMd: `**${titile}** 的内容`,
    startTime: null,
    endTime: null,
    sender: 'admin',
    priority: 'M',
    msgCategory: '1',
    msgType: 'USER',
    sendStatus: '1',
    sendTime: '2026-11-22 09:30:00',
    cancelTime: null,
    delFlag: '0',
    busType: null,
    busId: null,
    openType: null,
    openPage: null,
    userIds: null,
    departIds: null,
    msgAbstract: null,
    dtTaskId: null,
    createBy: 'admin',
    createTime: '2026-11-22 09:00:00',
    updateBy: null,
    updateTime: null,
    version: 1,
    readFlag: '0',
    starFlag: null,
    sendId: null,
    ...extra,
  };
}

export function bellAnswer(annt: AnnouncementRecord[], sys: AnnouncementRecord[]): ListByUserResult {
  return { anntMsgList: annt, anntMsgTotal: annt.length, sysMsgList: sys, sysMsgTotal: sys.length };
}

export function sendRecord(n: number, extra: Partial<MyAnnouncementRecord> = {}): MyAnnouncementRecord {
  return {
    id: `s${n}`,
    anntId: `a${n}`,
    userId: 'u1',
    titile: `消息${n}`,
    msgContent: `内容${n}`,
    sender: 'admin',
    priority: 'M',
    priority_dictText: '中',
    readFlag: '0',
    readTime: null,
    starFlag: '0',
    sendTime: `2026-11-22 10:${String(n).padStart(2, '0')}:00`,
    msgCategory: '1',
    msgCategory_dictText: '通知公告',
    busId: null,
    busType: null,
    openType: null,
    openPage: null,
    msgAbstract: null,
    createTime: null,
    bizSource: null,
    pageNo: null,
    pageSize: null,
    ...extra,
  };
}

export interface ApiCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

type Answer = { success?: boolean; message?: string; result?: unknown };

export function stubApi(routes: Record<string, (call: ApiCall) => Answer>) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url, 'http://localhost');
      const query = Object.fromEntries(u.searchParams);
      delete query._t;
      const call: ApiCall = {
        method: init?.method ?? 'GET',
        path: u.pathname.replace(/^\/api/, ''),
        query,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const handler = routes[`${call.method} ${call.path}`];
      const answer: Answer = handler
        ? handler(call)
        : { success: false, message: `unmocked ${call.method} ${call.path}` };
      return new Response(
        JSON.stringify({ success: true, message: '', code: 200, result: null, timestamp: 0, ...answer }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    }),
  );
  return calls;
}
