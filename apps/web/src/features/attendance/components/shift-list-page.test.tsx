/**
 * The shift grid page's save flow with a mocked loader and a stand-in grid (the real one has its own tests):
 * loading, error and empty states; 保存 refused while a cell fails or when nothing changed; a save POSTs the changes,
 * says 保存成功, remounts the grid with the saved rows, highlights and broadcasts them; a server refusal is shown and
 * keeps the user's edits; the toolbar and 保存 need hr:shift:edit.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useImperativeHandle, useRef } from 'react';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  SHIFT_GRID_COLUMNS,
  SHIFT_PAGE_ID,
  type ShiftRecord,
  type ShiftSaveResult,
} from '@houtai/shared/contract/shift';
import type { GridRow } from '@houtai/shared/grid/types';
import type { GridValidation } from '@houtai/shared/grid/validate';
import { envelope, renderInShell, signInAs } from '../../../testing/render.tsx';
import type { EditableGridProps } from '../../../widgets/editable-grid/editable-grid.tsx';
import { ShiftListPage } from './shift-list-page.tsx';

type Answer = { success?: boolean; message?: string; result?: unknown; code?: number; status?: number };
/** The loader's two calls, mocked at the network: the list answers `records`, the save whatever saveMock says. */
const fetchMock = vi.fn<() => Promise<ShiftRecord[]>>();
const saveMock = vi.fn<(body: unknown) => Promise<Answer>>();

function stubNetwork() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://localhost').pathname.replace(/^\/api/, '');
      if (path === '/hr/attendance/hrAttendanceShift/list') {
        try {
          const records = await fetchMock();
          return envelope({ result: { records, total: records.length, current: 1, size: 100, pages: 1 } });
        } catch (e) {
          return envelope({ success: false, message: (e as Error).message });
        }
      }
      if (path === '/hr/attendance/hrAttendanceShift/saveBatch' && init?.method === 'POST') {
        const { status, ...answer } = await saveMock(JSON.parse(init.body as string));
        if (status === undefined) return envelope(answer);
        // A refusal as the server sends it: an HTTP error status with the envelope.
        const fields = { success: false, code: status, result: null, timestamp: 0, ...answer };
        return new Response(JSON.stringify(fields), { status, headers: { 'content-type': 'application/json' } });
      }
      return envelope({ success: false, message: `unmocked ${path}` });
    }),
  );
}

/** What the stand-in grid's api answers; each mount gets its own spies. */
interface FakeApi {
  validation: GridValidation;
  changes: { inserted: GridRow[]; updated: string[]; removed: string[] };
  highlight: ReturnType<typeof vi.fn<(ids: readonly string[]) => void>>;
  broadcast: ReturnType<typeof vi.fn<(ids: readonly string[]) => boolean>>;
}
const mounts: { props: EditableGridProps; api: FakeApi }[] = [];
let nextBroadcastAnswers: boolean[] = [];

const valid: GridValidation = { valid: true, errors: [], first: undefined, errorAt: () => undefined };

vi.mock('../../../widgets/editable-grid/editable-grid.tsx', () => ({
  EditableGrid: (props: EditableGridProps) => {
    const mine = useRef<FakeApi | null>(null);
    if (!mine.current) {
      const answers = [...nextBroadcastAnswers];
      mine.current = {
        validation: valid,
        changes: { inserted: [], updated: [], removed: [] },
        highlight: vi.fn<(ids: readonly string[]) => void>(),
        broadcast: vi.fn<(ids: readonly string[]) => boolean>(() => answers.shift() ?? true),
      };
      mounts.push({ props, api: mine.current });
    }
    const api = mine.current;
    useImperativeHandle(props.apiRef, () => ({
      store: { getRows: () => props.rows } as never,
      commit: () => undefined,
      validate: () => Promise.resolve(api.validation),
      getChanges: () => api.changes,
      highlight: api.highlight,
      broadcast: api.broadcast,
    }));
    return (
      <div data-testid="fake-grid">
        {props.rows.map((r) => (
          <span key={r.id}>{String(r.name)}</span>
        ))}
      </div>
    );
  },
}));

const EDIT = [
  { action: 'hr:shift:edit', describe: '保存班次', type: '1', status: '1' },
  { action: 'hr:shift:add', describe: '新增班次', type: '1', status: '1' },
  { action: 'hr:shift:batch_delete', describe: '批量删除班次', type: '1', status: '1' },
];

const shift = (id: string, name: string, version = 1): ShiftRecord => ({
  id,
  name,
  amStart: '09:00',
  amEnd: '12:00',
  pmStart: '13:30',
  pmEnd: '18:00',
  sortOrder: Number(id.replace(/\D/g, '')) || 1,
  version,
});

const last = () => mounts[mounts.length - 1]!;

beforeEach(() => {
  mounts.length = 0;
  nextBroadcastAnswers = [];
  fetchMock.mockReset();
  saveMock.mockReset();
  stubNetwork();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openPage(records: ShiftRecord[], auth = EDIT) {
  signInAs({ id: 'u-admin', username: 'admin' }, auth);
  fetchMock.mockResolvedValue(records);
  renderInShell(<ShiftListPage />);
  await screen.findByTestId('fake-grid');
}

describe('ShiftListPage', () => {
  it('loads every shift into the grid with the shared columns, the page socket and the toolbar', async () => {
    await openPage([shift('s1', '标准班'), shift('s2', '早班')]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const { props } = last();
    expect(props.rows.map((r) => r.name)).toEqual(['标准班', '早班']);
    expect(props.columns).toBe(SHIFT_GRID_COLUMNS);
    expect(props.realtime).toEqual({ userId: 'u-admin', token: 'tok', pageId: SHIFT_PAGE_ID });
    expect(props.toolbar).toBe(true);
    expect(props.excludedCodes?.size).toBe(0);
    expect(screen.getByRole('button', { name: /保\s*存/ })).toBeTruthy();
  });

  it('shows a skeleton while loading and the load error with 重试, which loads again', async () => {
    signInAs({ id: 'u-admin' }, EDIT);
    let fail!: (e: Error) => void;
    fetchMock.mockReturnValueOnce(new Promise((_, reject) => (fail = reject)));
    renderInShell(<ShiftListPage />);
    expect(await screen.findByTestId('shift-loading')).toBeTruthy();
    fail(new Error('班次服务不可用'));
    expect(await screen.findByText('班次服务不可用')).toBeTruthy();
    expect(screen.getByText('班次加载失败')).toBeTruthy();
    fetchMock.mockResolvedValueOnce([shift('s1', '标准班')]);
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByTestId('fake-grid')).toBeTruthy();
    expect(screen.queryByText('班次加载失败')).toBeNull();
  });

  it('says how to start when there are no shifts', async () => {
    await openPage([]);
    expect(screen.getByText('暂无班次，点击“新增”添加')).toBeTruthy();
  });

  it('refuses to save while a cell fails, naming the first failing row, and sends nothing', async () => {
    await openPage([shift('s1', '标准班'), shift('s2', '标准班')]);
    const error = { row: 1, rowId: 's2', column: 'name', message: '班次名称不能重复' };
    last().api.validation = { valid: false, errors: [error], first: error, errorAt: () => error };
    fireEvent.click(screen.getByTestId('shift-save'));
    expect(await screen.findByText('第 2 行：班次名称不能重复')).toBeTruthy();
    expect(saveMock).not.toHaveBeenCalled();
  });

  it('says there is nothing to save when nothing changed', async () => {
    await openPage([shift('s1', '标准班')]);
    fireEvent.click(screen.getByTestId('shift-save'));
    expect(await screen.findByText('没有需要保存的修改')).toBeTruthy();
    expect(saveMock).not.toHaveBeenCalled();
  });

  it('saves the changes, remounts the grid with the saved rows, then highlights and broadcasts them', async () => {
    await openPage([shift('s1', '标准班', 3), shift('s2', '早班'), shift('s3', '晚班')]);
    const first = last();
    first.props.rows[0]!.name = '标准班（新）';
    first.api.changes = {
      inserted: [
        { id: 'tmp-1', name: '夜班', amStart: '20:00', amEnd: '23:00', pmStart: '00:00', pmEnd: '04:00', sortOrder: 4 },
      ],
      updated: ['s1'],
      removed: ['s3'],
    };
    const result: ShiftSaveResult = {
      records: [shift('s1', '标准班（新）', 4), shift('s2', '早班'), shift('n9', '夜班')],
      savedIds: ['s1', 'n9'],
    };
    saveMock.mockResolvedValue({ result, message: '保存成功' });
    // The new grid's socket is not open at first: the broadcast is tried again.
    nextBroadcastAnswers = [false, true];

    fireEvent.click(screen.getByTestId('shift-save'));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(saveMock).toHaveBeenCalledWith({
      inserted: [
        { id: 'tmp-1', name: '夜班', amStart: '20:00', amEnd: '23:00', pmStart: '00:00', pmEnd: '04:00', sortOrder: 4 },
      ],
      updated: [
        {
          id: 's1',
          name: '标准班（新）',
          amStart: '09:00',
          amEnd: '12:00',
          pmStart: '13:30',
          pmEnd: '18:00',
          sortOrder: 1,
          version: 3,
        },
      ],
      removedIds: ['s3'],
    });
    await waitFor(() => expect(mounts).toHaveLength(2));
    const second = last();
    expect(second.props.rows).toEqual(result.records);
    expect(screen.queryByText('晚班')).toBeNull();
    expect(second.api.highlight).toHaveBeenCalledWith(['s1', 'n9']);
    await waitFor(() => expect(second.api.broadcast).toHaveBeenCalledTimes(2));
    expect(second.api.broadcast).toHaveBeenLastCalledWith(['s1', 'n9']);
    expect(first.api.broadcast).not.toHaveBeenCalled();
  });

  it.each([
    [409, '数据已被他人修改，请刷新'],
    [400, '第 1 行：班次名称不能重复'],
  ])("shows the server's refusal (%i) once and keeps the grid and the user's edits", async (status, text) => {
    await openPage([shift('s1', '标准班')]);
    last().api.changes = { inserted: [], updated: ['s1'], removed: [] };
    saveMock.mockResolvedValue({ status, message: text });
    fireEvent.click(screen.getByTestId('shift-save'));
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getAllByText(text)).toHaveLength(1);
    expect(mounts).toHaveLength(1);
    expect(last().api.broadcast).not.toHaveBeenCalled();
    expect(screen.queryByText('保存成功')).toBeNull();
  });

  it('without hr:shift:edit shows the shifts read-only: no 保存, no toolbar', async () => {
    await openPage([shift('s1', '标准班')], []);
    expect(screen.queryByTestId('shift-save')).toBeNull();
    expect(last().props.toolbar).toBe(false);
    expect(last().props.disabled).toBe(true);
  });

  it('hides 新增 and 批量删除 by the excluded codes under hr:shift', async () => {
    signInAs({ id: 'u-2' }, [EDIT[0]!] as never);
    // The system has the add and batch_delete rules; this user holds only the save code.
    const { useSessionStore } = await import('../../../lib/session-store.ts');
    useSessionStore.getState().setPermissions({ menu: [], auth: [EDIT[0]!], allAuth: EDIT, sysSafeMode: false });
    fetchMock.mockResolvedValue([shift('s1', '标准班')]);
    renderInShell(<ShiftListPage />);
    await screen.findByTestId('fake-grid');
    expect([...(last().props.excludedCodes ?? [])].sort()).toEqual(['add', 'batch_delete']);
  });
});
