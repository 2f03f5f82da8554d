/**
 * Picker cells against fake loaders: the popup cell (the dialog opens with the editor, the row's other fields are
 * written) and the user cell (the chosen user's username committed, the real name shown).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReportColumn, ReportColumns, ReportData } from '@houtai/shared/contract/online-report';
import type { GridColumn, GridRow } from '@houtai/shared/grid/types';
import type { PickerUser } from '@houtai/shared/contract/pickers-rules';
import type { PopupPickerLoaders } from '../../popup-picker/popup-picker.tsx';
import type { UserPickerLoaders } from '../../user-picker/user-picker.tsx';
import { cellKind } from './cell-kinds.tsx';
import type { CellContext } from './cell-context.ts';

afterEach(cleanup);

const text = (title: string, dataIndex: string): ReportColumn => ({
  title,
  dataIndex,
  fieldType: 'String',
  align: 'center',
  sorter: 'false',
  width: null,
  isTotal: null,
  groupTitle: null,
});

const COLUMNS: ReportColumns = {
  columns: [text('账号', 'username'), text('姓名', 'realname')],
  dictOptions: {},
  fieldHrefSlots: [],
  isGroupTitle: false,
  cgRpConfigId: 'rpt-1',
  cgRpConfigName: '用户选择',
};

const ROWS = [
  { id: 'u1', username: 'user1', realname: '用户1' },
  { id: 'u2', username: 'user2', realname: '用户2' },
];

const loaders: PopupPickerLoaders = {
  columns: vi.fn(() => Promise.resolve(COLUMNS)),
  queryInfo: vi.fn(() => Promise.resolve([])),
  data: vi.fn((): Promise<ReportData> => Promise.resolve({ total: ROWS.length, records: ROWS })),
};

function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient());
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** Opens the column's editor on the row, inside the query client; answers the commit / cancel spies. */
function openEditor(column: GridColumn, ctx: CellContext, row: GridRow, rowIndex = 0) {
  const commit = vi.fn();
  const cancel = vi.fn();
  render(
    <Providers>
      {cellKind(column, ctx).editor!({ row, rowIndex, column, ctx, initialText: null, commit, cancel })}
    </Providers>,
  );
  return { commit, cancel };
}

describe('popup cells', () => {
  it('open the report dialog with the editor; the chosen row fills this cell and the other destination fields', async () => {
    const column: GridColumn = {
      key: 'account',
      title: '账号',
      type: 'popup',
      popupCode: 'report_user',
      orgFields: 'username,realname',
      destFields: 'account,name',
    };
    const ctx: CellContext = { commitNow: vi.fn(), popupLoaders: loaders };
    const { commit } = openEditor(column, ctx, { id: 'r', account: '' }, 2);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByText('user2'));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(commit).toHaveBeenCalledWith('user2', 'none'));
    expect(ctx.commitNow).toHaveBeenCalledWith(2, 'name', '用户2');
    expect(ctx.commitNow).not.toHaveBeenCalledWith(2, 'account', expect.anything());
  });

  it('end the edit when the dialog is closed without a choice', async () => {
    const column: GridColumn = {
      key: 'account',
      title: '账号',
      type: 'popup',
      popupCode: 'report_user',
      orgFields: 'username',
      destFields: 'account',
    };
    const ctx: CellContext = { commitNow: vi.fn(), popupLoaders: loaders };
    const { commit, cancel } = openEditor(column, ctx, { id: 'r', account: '' }, 0);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(commit).not.toHaveBeenCalled();
  });
});

const USER: PickerUser = {
  id: 'u7',
  username: 'zhangsan',
  realname: '张三',
  workNo: null,
  sex: null,
  sex_dictText: null,
  orgCode: null,
  orgCodeTxt: '研发部',
} as PickerUser;

describe('sel_user cells', () => {
  it('open the user dialog with the editor, commit the username and show the real name', async () => {
    const userLoaders = {
      users: vi.fn(() => Promise.resolve({ records: [USER], total: 1 })),
      resolve: vi.fn(() => Promise.resolve([])),
      departs: { children: vi.fn(() => Promise.resolve([])), search: vi.fn(() => Promise.resolve([])) },
    } as unknown as UserPickerLoaders;
    const resolveTexts = vi.fn(() => Promise.resolve({}));
    const ctx: CellContext = { commitNow: vi.fn(), userLoaders, resolveTexts };
    const column: GridColumn = { key: 'owner', title: '负责人', type: 'sel_user' };
    const { commit } = openEditor(column, ctx, { id: 'r', owner: '' }, 0);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByText('zhangsan'));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(commit).toHaveBeenCalledWith('zhangsan', 'none'));
    cleanup();
    render(
      <div data-testid="cell">{cellKind(column, ctx).display({ id: 'r', owner: 'zhangsan' }, column, 0, ctx)}</div>,
    );
    expect(screen.getByTestId('cell').textContent).toBe('张三');
    expect(resolveTexts).not.toHaveBeenCalled();
  });

  it('end the edit when the user dialog is cancelled', async () => {
    const userLoaders = {
      users: vi.fn(() => Promise.resolve({ records: [USER], total: 1 })),
      resolve: vi.fn(() => Promise.resolve([])),
      departs: { children: vi.fn(() => Promise.resolve([])), search: vi.fn(() => Promise.resolve([])) },
    } as unknown as UserPickerLoaders;
    const ctx: CellContext = { commitNow: vi.fn(), userLoaders };
    const column: GridColumn = { key: 'owner', title: '负责人', type: 'sel_user' };
    const { commit, cancel } = openEditor(column, ctx, { id: 'r', owner: '' }, 0);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(commit).not.toHaveBeenCalled();
  });
});
