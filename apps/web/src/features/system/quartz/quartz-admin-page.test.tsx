import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import {
  QUARTZ_TEXT,
  type QuartzJobRecord,
  type QuartzKindRecord,
  type QuartzRunRecord,
} from '@houtai/shared/contract/quartz';
import { validateCron } from '@houtai/shared/cron/parse';
import { mockApi, renderInShell, signInAs } from '../../../testing/render.tsx';
import { QuartzAdminPage } from './quartz-admin-page.tsx';
import { toBody } from './quartz-form-dialog.tsx';
import { durationText } from './labels.ts';

const KINDS: QuartzKindRecord[] = [
  {
    key: 'cleanup-sessions-uploads',
    title: '清理过期会话与未完成上传',
    description: '删除已结束超过 tokenDays 天的会话记录',
    misfirePolicy: 'fire-once-now',
    parameterExample: '{"tokenDays":30,"uploadHours":24}',
  },
  {
    key: 'sample-notice',
    title: '示例通知',
    description: '按计划向指定用户（userIds）发送一条实时消息（text）',
    misfirePolicy: 'skip',
    parameterExample: '{"userIds":["u1"],"text":"你好"}',
  },
];

function job(id: string, status: 0 | -1, over: Partial<QuartzJobRecord> = {}): QuartzJobRecord {
  return {
    id,
    jobClassName: 'cleanup-sessions-uploads',
    jobClassName_dictText: '清理过期会话与未完成上传',
    cronExpression: '0 0 3 * * ?',
    parameter: '{"tokenDays":30,"uploadHours":24}',
    description: `任务${id}`,
    status,
    status_dictText: status === 0 ? '正常' : '停止',
    misfirePolicy: 'fire-once-now',
    misfirePolicy_dictText: '立即补执行一次',
    lastFireTime: null,
    nextFireTime: status === 0 ? '2026-11-23 03:00:00' : null,
    createBy: 'admin',
    createTime: '2026-11-22 08:00:00',
    updateBy: null,
    updateTime: null,
    version: 3,
    ...over,
  };
}

function run(id: string, result: QuartzRunRecord['result'], over: Partial<QuartzRunRecord> = {}): QuartzRunRecord {
  return {
    id,
    jobId: 'j1',
    fireTime: '2026-11-22 03:00:00',
    triggerType: 'schedule',
    triggerType_dictText: '按计划',
    startTime: '2026-11-22 03:00:00',
    endTime: '2026-11-22 03:00:02',
    duration: 2400,
    result,
    result_dictText: { running: '执行中', success: '成功', failure: '失败', skipped: '已跳过' }[result],
    message: null,
    instanceId: 'i1',
    ...over,
  };
}

const ALL = Object.values(ADMIN_PERMISSIONS.quartz).map((action) => ({ action, type: '2' as const }));

interface HappyWindow {
  happyDOM: { setViewport(viewport: { width: number; height: number }): void };
}
function viewport(width: number, height: number) {
  (window as unknown as HappyWindow).happyDOM.setViewport({ width, height });
}

/** The query strings of the calls to a path (mockApi records paths and bodies only). */
function queriesOf(path: string): URLSearchParams[] {
  return (globalThis.fetch as Mock<(url: string) => Promise<Response>>).mock.calls
    .map(([url]) => new URL(url, 'http://localhost'))
    .filter((u) => u.pathname.replace(/^\/api/, '') === path)
    .map((u) => u.searchParams);
}

const listOf = (records: QuartzJobRecord[]) => () => ({ result: { records, total: records.length } });
const preview = () => ({ result: { description: '每5秒', times: ['2026-11-22 09:00:05', '2026-11-22 09:00:10'] } });

async function openNewDialog() {
  fireEvent.click(await screen.findByRole('button', { name: /新\s*建/ }));
  return screen.findByTestId('quartz-form-dialog');
}

async function chooseKind(dialog: HTMLElement, title: string) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '任务类型' }));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (o) => o.textContent === title,
    );
    if (!found) throw new Error(`no option ${title}`);
    return found;
  });
  fireEvent.click(option);
}

/** A job's row in the table, once the list has loaded. */
const rowOf = (id: string) =>
  waitFor(() => {
    const row = document.querySelector<HTMLElement>(`tr[data-row-key="${id}"]`);
    if (!row) throw new Error(`no row ${id}`);
    return row;
  });

const cronBox = (dialog: HTMLElement) => within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Cron表达式' });
const saveButton = () => screen.getByRole('button', { name: /保\s*存/ });

beforeEach(() => {
  signInAs({ username: 'admin' }, ALL);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  viewport(1024, 768);
});

describe('定时任务 administration', () => {
  it('lists the jobs the server answers: kind, expression, status and next fire time', async () => {
    viewport(1440, 900);
    const calls = mockApi({
      'GET /sys/quartzJob/list': () => ({
        result: { records: [job('j1', 0), job('j2', -1, { description: '已停的任务' })], total: 12 },
      }),
      'GET /sys/quartzJob/kinds': () => ({ result: KINDS }),
    });
    renderInShell(<QuartzAdminPage />);
    const running = await rowOf('j1');
    const stopped = screen.getByText('已停的任务').closest('tr')!;
    expect(within(running).getByText('清理过期会话与未完成上传')).toBeTruthy();
    expect(within(running).getByText('0 0 3 * * ?')).toBeTruthy();
    expect(within(running).getByTestId('quartz-status').textContent).toBe('正常');
    expect(within(running).getByText('2026-11-23 03:00:00')).toBeTruthy();
    expect(within(running).getByText('停止')).toBeTruthy();
    expect(within(running).queryByText('启动')).toBeNull();
    expect(within(stopped).getByTestId('quartz-status').textContent).toBe('停止');
    expect(within(stopped).getByText('启动')).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(
      expect.arrayContaining(['任务类型', 'Cron表达式', '参数', '描述', '状态', '下次执行', '操作']),
    );
    expect(screen.getByText('1-10 共 12 条')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/sys/quartzJob/list')).toHaveLength(1);
  });

  it('filters by kind and status', async () => {
    mockApi({
      'GET /sys/quartzJob/list': listOf([job('j1', 0)]),
      'GET /sys/quartzJob/kinds': () => ({ result: KINDS }),
    });
    renderInShell(<QuartzAdminPage />);
    await rowOf('j1');
    const search = screen.getByRole('button', { name: /查\s*询/ }).closest('form')!;
    fireEvent.mouseDown(within(search).getByRole('combobox', { name: '任务类型' }));
    fireEvent.click(await screen.findByText('示例通知'));
    fireEvent.mouseDown(within(search).getByRole('combobox', { name: '状态' }));
    fireEvent.click(await screen.findByTitle('停止'));
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(queriesOf('/sys/quartzJob/list')).toHaveLength(2));
    const q = queriesOf('/sys/quartzJob/list')[1]!;
    expect(q.get('jobClassName')).toBe('sample-notice');
    expect(q.get('status')).toBe('-1');
  });

  it('shows the empty state and a failed load with 重试', async () => {
    let fail = true;
    mockApi({
      'GET /sys/quartzJob/list': () =>
        fail ? { success: false, message: '数据库忙' } : { result: { records: [], total: 0 } },
      'GET /sys/quartzJob/kinds': () => ({ result: KINDS }),
    });
    renderInShell(<QuartzAdminPage />);
    expect(await screen.findByText('定时任务加载失败')).toBeTruthy();
    expect(screen.getByText('数据库忙')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('暂无定时任务')).toBeTruthy();
  });

  it('shows one card per job on a phone, with no pinned column', async () => {
    viewport(375, 812);
    mockApi({
      'GET /sys/quartzJob/list': listOf([job('j1', 0)]),
      'GET /sys/quartzJob/kinds': () => ({ result: KINDS }),
    });
    renderInShell(<QuartzAdminPage />);
    const card = await screen.findByTestId('quartz-card');
    expect(within(card).getByText('清理过期会话与未完成上传')).toBeTruthy();
    expect(within(card).getByText('下次执行：2026-11-23 03:00:00')).toBeTruthy();
    expect(within(card.closest('tr')!).getByText('立即执行')).toBeTruthy();
    expect(document.querySelector('.ant-table-cell-fix-right, .ant-table-cell-fix-end')).toBeNull();
  });

  it('the new-job form refuses a bad cron with the shared message and sends nothing', async () => {
    const calls = mockApi({
      'GET /sys/quartzJob/list': listOf([]),
      'GET /sys/quartzJob/kinds': () => ({ result: KINDS }),
      'GET /sys/quartzJob/preview': preview,
    });
    renderInShell(<QuartzAdminPage />);
    const dialog = await openNewDialog();
    // Nothing filled: the shared schema's messages on their fields.
    fireEvent.click(saveButton());
    expect(
      await within(dialog).findByText(QUARTZ_TEXT.kindRequired, { selector: '.ant-form-item-explain-error' }),
    ).toBeTruthy();
    expect(within(dialog).getByText(QUARTZ_TEXT.cronRequired)).toBeTruthy();

    await chooseKind(dialog, '示例通知');
    const bad = '0 0 25 * * ?';
    const expected = validateCron(bad)!;
    expect(expected).toBeTruthy();
    fireEvent.change(cronBox(dialog), { target: { value: bad } });
    fireEvent.click(saveButton());
    // Said once, under the expression; the bad expression is never previewed.
    await waitFor(() => expect(within(dialog).getAllByText(expected)).toHaveLength(1));
    // The emptiness message of the first save is gone from the field (its leaving motion may linger in the DOM).
    await waitFor(() =>
      expect(cronBox(dialog).closest('.ant-form-item')!.classList.contains('ant-form-item-has-error')).toBe(false),
    );
    await new Promise((r) => setTimeout(r, 400));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(calls.some((c) => c.path === '/sys/quartzJob/preview')).toBe(false);

    // A parameter that is not a JSON object is refused too.
    fireEvent.change(cronBox(dialog), { target: { value: '0/5 * * * * ?' } });
    fireEvent.change(within(dialog).getByTestId('quartz-parameter'), { target: { value: '[1, 2]' } });
    fireEvent.click(saveButton());
    expect(await within(dialog).findByText(QUARTZ_TEXT.parameterJson)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('adds a job: the kind pre-fills its example, the preview shows the next fires, the body is sent, the list reloads', async () => {
    const calls = mockApi({
      'GET /sys/quartzJob/list': listOf([]),
      'GET /sys/quartzJob/kinds': () => ({ result: KINDS }),
      'GET /sys/quartzJob/preview': preview,
      'POST /sys/quartzJob/add': () => ({ message: QUARTZ_TEXT.added, result: 'new1' }),
    });
    renderInShell(<QuartzAdminPage />);
    const dialog = await openNewDialog();
    await chooseKind(dialog, '清理过期会话与未完成上传');
    const parameter = within(dialog).getByTestId<HTMLTextAreaElement>('quartz-parameter');
    await waitFor(() => expect(JSON.parse(parameter.value)).toEqual({ tokenDays: 30, uploadHours: 24 }));
    expect(await within(dialog).findByText('删除已结束超过 tokenDays 天的会话记录')).toBeTruthy();
    // Another kind replaces an untouched example.
    await chooseKind(dialog, '示例通知');
    await waitFor(() => expect(JSON.parse(parameter.value)).toEqual({ userIds: ['u1'], text: '你好' }));

    fireEvent.change(cronBox(dialog), { target: { value: '0/5 * * * * ?' } });
    expect((await within(dialog).findAllByTestId('quartz-preview-time')).map((li) => li.textContent)).toEqual([
      '2026-11-22 09:00:05',
      '2026-11-22 09:00:10',
    ]);
    expect(queriesOf('/sys/quartzJob/preview').at(-1)?.get('cronExpression')).toBe('0/5 * * * * ?');
    fireEvent.change(within(dialog).getByRole('textbox', { name: '描述' }), { target: { value: '每5秒问候' } });

    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.find((c) => c.path === '/sys/quartzJob/add')).toBeTruthy());
    expect(calls.find((c) => c.path === '/sys/quartzJob/add')?.body).toEqual({
      jobClassName: 'sample-notice',
      cronExpression: '0/5 * * * * ?',
      parameter: '{"userIds":["u1"],"text":"你好"}',
      description: '每5秒问候',
      status: 0,
    });
    expect(await screen.findByText(QUARTZ_TEXT.added)).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.path === '/sys/quartzJob/list')).toHaveLength(2));
  });

  it('edits a job as queryById answers it and sends its id and version', async () => {
    const calls = mockApi({
      'GET /sys/quartzJob/list': listOf([job('j1', 0)]),
      'GET /sys/quartzJob/kinds': () => ({ result: KINDS }),
      'GET /sys/quartzJob/queryById': () => ({ result: job('j1', 0, { version: 7 }) }),
      'GET /sys/quartzJob/preview': preview,
      'PUT /sys/quartzJob/edit': () => ({ message: QUARTZ_TEXT.edited }),
    });
    renderInShell(<QuartzAdminPage />);
    fireEvent.click(within(await rowOf('j1')).getByText('编辑'));
    const dialog = await screen.findByTestId('quartz-form-dialog');
    await waitFor(() => expect(cronBox(dialog).value).toBe('0 0 3 * * ?'));
    fireEvent.change(cronBox(dialog), { target: { value: '0 30 3 * * ?' } });
    // Enter in a field submits the form.
    fireEvent.submit(cronBox(dialog).closest('form')!);
    await waitFor(() => expect(calls.find((c) => c.path === '/sys/quartzJob/edit')).toBeTruthy());
    expect(calls.find((c) => c.path === '/sys/quartzJob/edit')?.body).toMatchObject({
      id: 'j1',
      version: 7,
      jobClassName: 'cleanup-sessions-uploads',
      cronExpression: '0 30 3 * * ?',
      parameter: '{"tokenDays":30,"uploadHours":24}',
      misfirePolicy: 'fire-once-now',
      status: 0,
    });
  });

  it('停止 pauses a running job after a confirm, and reloads the list', async () => {
    let status: 0 | -1 = 0;
    const calls = mockApi({
      'GET /sys/quartzJob/list': () => ({ result: { records: [job('j1', status)], total: 1 } }),
      'GET /sys/quartzJob/kinds': () => ({ result: KINDS }),
      'POST /sys/quartzJob/pause': () => {
        status = -1;
        return { message: QUARTZ_TEXT.paused };
      },
    });
    renderInShell(<QuartzAdminPage />);
    fireEvent.click(await screen.findByTestId('quartz-pause-j1'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.find((c) => c.path === '/sys/quartzJob/pause')?.body).toEqual({ id: 'j1' }));
    expect(await screen.findByText(QUARTZ_TEXT.paused)).toBeTruthy();
    expect(await screen.findByTestId('quartz-resume-j1')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/sys/quartzJob/list')).toHaveLength(2);
  });

  it('启动 resumes a stopped job', async () => {
    const calls = mockApi({
      'GET /sys/quartzJob/list': listOf([job('j2', -1)]),
      'GET /sys/quartzJob/kinds': () => ({ result: KINDS }),
      'POST /sys/quartzJob/resume': () => ({ message: QUARTZ_TEXT.resumed }),
    });
    renderInShell(<QuartzAdminPage />);
    fireEvent.click(await screen.findByTestId('quartz-resume-j2'));
    await waitFor(() => expect(calls.find((c) => c.path === '/sys/quartzJob/resume')?.body).toEqual({ id: 'j2' }));
    expect(await screen.findByText(QUARTZ_TEXT.resumed)).toBeTruthy();
  });

  it('立即执行 runs the job once after a confirm; cancelling sends nothing', async () => {
    const calls = mockApi({
      'GET /sys/quartzJob/list': listOf([job('j1', -1)]),
      'GET /sys/quartzJob/kinds': () => ({ result: KINDS }),
      'POST /sys/quartzJob/execute': () => ({ message: QUARTZ_TEXT.executed, result: 'run1' }),
    });
    renderInShell(<QuartzAdminPage />);
    fireEvent.click(await screen.findByTestId('quartz-execute-j1'));
    fireEvent.click(await screen.findByRole('button', { name: /取\s*消/ }));
    expect(calls.some((c) => c.path === '/sys/quartzJob/execute')).toBe(false);
    fireEvent.click(screen.getByTestId('quartz-execute-j1'));
    await waitFor(() => expect(screen.getAllByRole('button', { name: /确\s*定/ }).length).toBeGreaterThan(0));
    fireEvent.click(screen.getAllByRole('button', { name: /确\s*定/ }).at(-1)!);
    await waitFor(() => expect(calls.find((c) => c.path === '/sys/quartzJob/execute')?.body).toEqual({ id: 'j1' }));
    expect(await screen.findByText(QUARTZ_TEXT.executed)).toBeTruthy();
  });

  it('日志 lists the runs of the job, paged, with result and duration', async () => {
    mockApi({
      'GET /sys/quartzJob/list': listOf([job('j1', 0)]),
      'GET /sys/quartzJob/kinds': () => ({ result: KINDS }),
      'GET /sys/quartzJob/log': () => ({
        result: {
          records: [
            run('r1', 'success', { message: '清理会话 3 条，未完成上传 0 个' }),
            run('r2', 'failure', {
              message: '执行出错，详见服务器日志',
              duration: 350,
              triggerType_dictText: '手动执行',
            }),
          ],
          total: 23,
        },
      }),
    });
    renderInShell(<QuartzAdminPage />);
    fireEvent.click(await screen.findByTestId('quartz-log-j1'));
    const drawer = await screen.findByTestId('quartz-log');
    expect(await within(drawer).findByText('清理会话 3 条，未完成上传 0 个')).toBeTruthy();
    expect(
      within(drawer)
        .getAllByTestId('quartz-run-result')
        .map((t) => t.textContent),
    ).toEqual(['成功', '失败']);
    expect(within(drawer).getByText('2.4 秒')).toBeTruthy();
    expect(within(drawer).getByText('350 毫秒')).toBeTruthy();
    expect(within(drawer).getByText('手动执行')).toBeTruthy();
    expect(within(drawer).getByText('1-10 共 23 条')).toBeTruthy();
    const q = queriesOf('/sys/quartzJob/log')[0]!;
    expect([q.get('jobId'), q.get('pageNo'), q.get('pageSize')]).toEqual(['j1', '1', '10']);
    fireEvent.click(within(drawer).getByTitle('2'));
    await waitFor(() => expect(queriesOf('/sys/quartzJob/log').at(-1)?.get('pageNo')).toBe('2'));
  });

  it('日志 says so when a job has no runs, and when the log cannot be loaded', async () => {
    let fail = true;
    mockApi({
      'GET /sys/quartzJob/list': listOf([job('j1', 0)]),
      'GET /sys/quartzJob/kinds': () => ({ result: KINDS }),
      'GET /sys/quartzJob/log': () =>
        fail ? { success: false, message: '日志表不可用' } : { result: { records: [], total: 0 } },
    });
    renderInShell(<QuartzAdminPage />);
    fireEvent.click(await screen.findByTestId('quartz-log-j1'));
    const drawer = await screen.findByTestId('quartz-log');
    expect(await within(drawer).findByText('运行日志加载失败')).toBeTruthy();
    expect(within(drawer).getByText('日志表不可用')).toBeTruthy();
    fail = false;
    fireEvent.click(within(drawer).getByRole('button', { name: /重\s*试/ }));
    expect(await within(drawer).findByText('暂无运行记录')).toBeTruthy();
  });

  it('hides the buttons the caller holds no code for', async () => {
    signInAs({ username: 'viewer' }, [{ action: ADMIN_PERMISSIONS.quartz.list, type: '2' }]);
    mockApi({
      'GET /sys/quartzJob/list': listOf([job('j1', 0), job('j2', -1)]),
      'GET /sys/quartzJob/kinds': () => ({ result: KINDS }),
    });
    renderInShell(<QuartzAdminPage />);
    const row = await rowOf('j1');
    expect(within(row).getByText('日志')).toBeTruthy();
    for (const label of ['编辑', '停止', '立即执行', '删除']) expect(within(row).queryByText(label)).toBeNull();
    expect(within(await rowOf('j2')).queryByText('启动')).toBeNull();
    expect(screen.queryByRole('button', { name: /新\s*建/ })).toBeNull();
    expect(screen.queryByTestId('quartz-batch-delete')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('with the run code alone: 停止 / 立即执行, but no 编辑 or 删除', async () => {
    signInAs({ username: 'operator' }, [
      { action: ADMIN_PERMISSIONS.quartz.list, type: '2' },
      { action: ADMIN_PERMISSIONS.quartz.run, type: '2' },
    ]);
    mockApi({
      'GET /sys/quartzJob/list': listOf([job('j1', 0)]),
      'GET /sys/quartzJob/kinds': () => ({ result: KINDS }),
    });
    renderInShell(<QuartzAdminPage />);
    const row = await rowOf('j1');
    expect(within(row).getByText('停止')).toBeTruthy();
    expect(within(row).getByText('立即执行')).toBeTruthy();
    expect(within(row).queryByText('编辑')).toBeNull();
    expect(within(row).queryByText('删除')).toBeNull();
  });
});

describe('the form as a wire body', () => {
  it('sends the parameter without the form indentation, and leaves a text that is not JSON as typed', () => {
    expect(
      toBody({ jobClassName: 'sample-notice', cronExpression: '0 0 3 * * ?', parameter: '{\n  "a": 1\n}', status: -1 }),
    ).toMatchObject({ parameter: '{"a":1}', status: -1 });
    expect(toBody({ parameter: '{a: 1}', status: 0 }).parameter).toBe('{a: 1}');
  });

  it('writes durations for people', () => {
    expect([durationText(null), durationText(12), durationText(2400), durationText(65_000)]).toEqual([
      '-',
      '12 毫秒',
      '2.4 秒',
      '1 分 5 秒',
    ]);
  });
});
