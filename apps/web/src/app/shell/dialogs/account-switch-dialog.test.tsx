import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { SettlementAccount } from '@houtai/shared/contract/user';
import { useSessionStore } from '../../../lib/session-store.ts';
import { STORAGE_KEYS, localStore } from '../../../lib/storage.ts';
import { AccountSwitchDialog } from './account-switch-dialog.tsx';
import { reloadPage } from './reload-page.ts';
import { mockApi, renderInShell, signInAs } from '../../../testing/render.tsx';

vi.mock('./reload-page.ts', () => ({ reloadPage: vi.fn(), loadPage: vi.fn() }));

const account = (id: string, name: string): SettlementAccount => ({
  id,
  settlement_org_id: id,
  settlement_org_name: name,
});
const ACCOUNTS = [account('SO001', '华东结算中心'), account('SO002', '华南结算中心')];

beforeEach(() => signInAs({ username: 'zhaoliu', accountId: null }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(reloadPage).mockClear();
  useSessionStore.getState().clear();
});

function submit() {
  fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
}

describe('结算组织选择 dialog', () => {
  it('is titled 结算组织选择 and requires a selection', async () => {
    const calls = mockApi({});
    renderInShell(<AccountSwitchDialog open onClose={vi.fn()} accounts={ACCOUNTS} />);
    expect(document.querySelector('.ant-modal-title')?.textContent).toBe('结算组织选择');
    submit();
    expect(await screen.findByText('请选择结算组织', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('switches: POST /sys/selectAccountId {accountId, username}, replaces the stored user info and reloads', async () => {
    const calls = mockApi({
      'POST /sys/selectAccountId': (body) => ({
        result: { userInfo: { id: 'u1', username: 'zhaoliu', accountId: (body as { accountId: string }).accountId } },
      }),
    });
    const onClose = vi.fn();
    renderInShell(<AccountSwitchDialog open onClose={onClose} accounts={ACCOUNTS} />);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('华南结算中心'));
    submit();
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([
      { method: 'POST', path: '/sys/selectAccountId', body: { accountId: 'SO002', username: 'zhaoliu' } },
    ]);
    expect(useSessionStore.getState().userInfo?.accountId).toBe('SO002');
    expect(localStore.get<{ accountId: string }>(STORAGE_KEYS.userInfo)?.accountId).toBe('SO002');
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's refusal and keeps the user", async () => {
    mockApi({ 'POST /sys/selectAccountId': () => ({ success: false, message: '您没有该结算组织' }) });
    useSessionStore.getState().setUserInfo({ ...useSessionStore.getState().userInfo!, accountId: 'SO001' });
    renderInShell(<AccountSwitchDialog open onClose={vi.fn()} accounts={ACCOUNTS} />);
    // The current organisation is preselected.
    submit();
    expect(await screen.findByText('您没有该结算组织')).toBeTruthy();
    expect(reloadPage).not.toHaveBeenCalled();
    expect(useSessionStore.getState().userInfo?.accountId).toBe('SO001');
  });
});
