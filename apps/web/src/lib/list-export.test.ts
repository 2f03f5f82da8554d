import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Feedback } from './feedback.ts';
import { exportList, exportRoute } from './list-export.ts';
import { useSessionStore } from './session-store.ts';

describe('exportRoute', () => {
  it('downloads selected rows and lists up to the threshold at once; larger lists go to the task centre', () => {
    expect(exportRoute(10_000, undefined)).toBe('download');
    expect(exportRoute(10_001, undefined)).toBe('task');
    expect(exportRoute(10_001, [])).toBe('task');
    expect(exportRoute(2_000_000, ['a', 'b'])).toBe('download');
    expect(exportRoute(6, undefined, 5)).toBe('task');
  });
});

describe('exportList', () => {
  const calls: { url: string; init: RequestInit }[] = [];
  const shown: string[] = [];
  const feedback = {
    message: {
      success: (t: string) => shown.push(`success:${t}`),
      warning: (t: string) => shown.push(`warning:${t}`),
      error: (t: string) => shown.push(`error:${t}`),
    },
  } as unknown as Feedback;

  afterEach(() => {
    vi.unstubAllGlobals();
    calls.length = 0;
    shown.length = 0;
  });

  function serve(answer: (url: string) => Response) {
    useSessionStore.getState().signIn({ token: 'tok', userInfo: { id: 'u1', username: 'zhangsan' } as never });
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return Promise.resolve(answer(url));
    });
  }

  const base = { url: '/bi/workOrder/exportXls', name: '工单导出', params: { title: '凭证', status: undefined } };

  it('refuses an empty url with 导出接口地址不能为空!', async () => {
    expect(await exportList({ ...base, url: '', total: 1, confirm: () => Promise.resolve(true) }, feedback)).toBe(
      'failed',
    );
    expect(shown).toEqual(['warning:导出接口地址不能为空!']);
  });

  it('asks before sending a large list to the task centre, and says so with the task title', async () => {
    serve(
      () =>
        new Response(JSON.stringify({ success: true, message: '工单导出', code: 200, result: 'id1', timestamp: 0 }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    const asked: string[] = [];
    const confirm = (text: string) => {
      asked.push(text);
      return Promise.resolve(true);
    };
    expect(await exportList({ ...base, total: 50_000, confirm }, feedback)).toBe('task');
    expect(asked).toEqual(['当前导出数据量过大，是否确定导出？']);
    expect(calls[0]!.url).toMatch(/\/task\/asyncTask\/add$/);
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({
      url: '/bi/workOrder/exportXls',
      name: '工单导出',
      params: { title: '凭证' },
    });
    expect(shown).toEqual(['success:工单导出已加入到任务中心列表']);
  });

  it('sends nothing when the user declines', async () => {
    serve(() => new Response('{}'));
    expect(await exportList({ ...base, total: 50_000, confirm: () => Promise.resolve(false) }, feedback)).toBe(
      'cancelled',
    );
    expect(calls).toEqual([]);
  });

  it('downloads the selected rows at once; an empty answer is 文件下载失败, a page 未知的文件', async () => {
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    let body: BodyInit = 'PK';
    let type = xlsx;
    serve(() => new Response(body, { headers: { 'content-type': type } }));
    const confirm = vi.fn(() => Promise.resolve(true));
    expect(await exportList({ ...base, total: 50_000, selections: ['a', 'b'], confirm }, feedback)).toBe('downloaded');
    expect(confirm).not.toHaveBeenCalled();
    const url = new URL(calls[0]!.url, 'http://x');
    expect(url.pathname).toMatch(/\/bi\/workOrder\/exportXls$/);
    expect(url.searchParams.get('selections')).toBe('a,b');
    expect(url.searchParams.get('title')).toBe('凭证');
    body = '';
    expect(await exportList({ ...base, total: 3, confirm }, feedback)).toBe('failed');
    body = '<html></html>';
    type = 'text/html';
    expect(await exportList({ ...base, total: 3, confirm }, feedback)).toBe('failed');
    expect(shown).toEqual(['error:文件下载失败', 'warning:未知的文件']);
  });
});
