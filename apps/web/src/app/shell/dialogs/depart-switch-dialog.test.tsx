import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Depart } from '@houtai/shared/contract/user';
import { useSessionStore } from '../../../lib/session-store.ts';
import { STORAGE_KEYS, localStore } from '../../../lib/storage.ts';
import { DepartSwitchDialog } from './depart-switch-dialog.tsx';
import { reloadPage } from './reload-page.ts';
import { mockApi, renderInShell, signInAs } from '../../../testing/render.tsx';

vi.mock('./reload-page.ts', () => ({ reloadPage: vi.fn() }));

const depart = (orgCode: string, departName: string) => ({ id: orgCode, orgCode, departName }) as Depart;
const DEPARTS = [depart('A01', '总公司'), depart('A01A04', '研发部')];

beforeEach(() => signInAs({ username: 'admin', orgCode: 'A01', orgCodeTxt: '总公司' }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(reloadPage).mockClear();
  useSessionStore.getState().clear();
});

function submit() {
  fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
}

describe('部门切换 dialog', () => {
  it("is 600 wide, titled with the current department's name, and offers the user's departments", async () => {
    const calls = mockApi({
      'GET /sys/user/getCurrentUserDeparts': () => ({ result: { list: DEPARTS, orgCode: 'A01' } }),
    });
    renderInShell(<DepartSwitchDialog open onClose={vi.fn()} />);
    await screen.findByLabelText('部门');
    expect(document.querySelector('.ant-modal-title')?.textContent).toBe('总公司');
    expect(document.querySelector<HTMLElement>('.ant-modal')?.style.width).toBe('600px');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /sys/user/getCurrentUserDeparts']);
  });

  it('switches: PUT /sys/selectDepart {orgCode, username}, replaces the stored user info and reloads', async () => {
    const calls = mockApi({
      'GET /sys/user/getCurrentUserDeparts': () => ({ result: { list: DEPARTS, orgCode: 'A01' } }),
      'PUT /sys/selectDepart': (body) => ({
        result: {
          userInfo: { id: 'u1', username: 'admin', realname: '管理员', orgCode: (body as { orgCode: string }).orgCode },
        },
      }),
    });
    const onClose = vi.fn();
    renderInShell(<DepartSwitchDialog open onClose={onClose} />);
    fireEvent.mouseDown(await screen.findByRole('combobox'));
    fireEvent.click(await screen.findByTitle('研发部'));
    submit();
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(calls.at(-1)).toEqual({
      method: 'PUT',
      path: '/sys/selectDepart',
      body: { orgCode: 'A01A04', username: 'admin' },
    });
    expect(useSessionStore.getState().userInfo?.orgCode).toBe('A01A04');
    expect(localStore.get<{ orgCode: string }>(STORAGE_KEYS.userInfo)?.orgCode).toBe('A01A04');
    expect(onClose).toHaveBeenCalled();
  });

  it('requires a department when none is current', async () => {
    const calls = mockApi({
      'GET /sys/user/getCurrentUserDeparts': () => ({ result: { list: DEPARTS, orgCode: null } }),
    });
    useSessionStore.getState().setUserInfo({ ...useSessionStore.getState().userInfo!, orgCode: null });
    renderInShell(<DepartSwitchDialog open onClose={vi.fn()} />);
    await screen.findByLabelText('部门');
    submit();
    expect(await screen.findByText('请选择部门', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('warns 您尚未设置部门信息! and closes when the user has no department', async () => {
    mockApi({ 'GET /sys/user/getCurrentUserDeparts': () => ({ result: { list: [], orgCode: null } }) });
    const onClose = vi.fn();
    renderInShell(<DepartSwitchDialog open onClose={onClose} />);
    expect(await screen.findByText('您尚未设置部门信息!')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("shows the server's refusal and does not reload", async () => {
    mockApi({
      'GET /sys/user/getCurrentUserDeparts': () => ({ result: { list: DEPARTS, orgCode: 'A01' } }),
      'PUT /sys/selectDepart': () => ({ success: false, message: '您不属于该部门' }),
    });
    renderInShell(<DepartSwitchDialog open onClose={vi.fn()} />);
    await screen.findByLabelText('部门');
    submit();
    expect(await screen.findByText('您不属于该部门')).toBeTruthy();
    expect(reloadPage).not.toHaveBeenCalled();
    expect(useSessionStore.getState().userInfo?.orgCode).toBe('A01');
  });
});
