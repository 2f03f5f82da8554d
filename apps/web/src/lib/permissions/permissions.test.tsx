import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import type { PermissionEntry, PermissionResult } from '@houtai/shared/contract/permission';
import { useSessionStore } from '../session-store.ts';
import { Authorized } from './authorized.tsx';
import { ADMIN_AUTH, GUEST_AUTH, SEEDED_ALL_AUTH } from './seeded-rules.fixture.ts';
import { readPermissionLists } from './session-permissions.ts';
import { checkPermission, useHasPermission } from './use-has-permission.ts';
import { useVisibleColumns, visibleColumns } from './use-visible-columns.ts';

function signInWith(auth: PermissionEntry[], allAuth: PermissionEntry[] = SEEDED_ALL_AUTH) {
  const permissions: PermissionResult = { menu: [], auth, allAuth, sysSafeMode: false };
  act(() => useSessionStore.getState().setPermissions(permissions));
}

const admin = { auth: ADMIN_AUTH, allAuth: SEEDED_ALL_AUTH };
const guest = { auth: GUEST_AUTH, allAuth: SEEDED_ALL_AUTH };

afterEach(() => {
  cleanup();
  act(() => useSessionStore.getState().clear());
});

describe('session permission source', () => {
  it('reads auth and allAuth back from sessionStorage, where the session store keeps them', () => {
    signInWith(ADMIN_AUTH);
    expect(readPermissionLists()).toEqual({ auth: ADMIN_AUTH, allAuth: SEEDED_ALL_AUTH });
    expect(Object.keys(window.sessionStorage).some((k) => k.endsWith('all-auth'))).toBe(true);
  });

  it('reads empty lists after sign-out', () => {
    signInWith(ADMIN_AUTH);
    act(() => useSessionStore.getState().clear());
    expect(readPermissionLists()).toEqual({ auth: [], allAuth: [] });
  });

  it('ignores entries without an action (a tampered session entry)', () => {
    window.sessionStorage.setItem('houtai:auth', JSON.stringify({ value: [{ type: '1' }, 5, null], expire: null }));
    expect(readPermissionLists().auth).toEqual([]);
  });
});

describe('button rule (useHasPermission, isActionAllowed)', () => {
  it.each(['user:add', 'user:edit', 'user:delete'])('allows the seeded button %s to admin', (action) => {
    expect(checkPermission(action, admin)).toBe(true);
  });

  it.each(['user:add', 'user:edit', 'user:delete'])('refuses the seeded button %s to guest', (action) => {
    expect(checkPermission(action, guest)).toBe(false);
  });

  it('refuses user:form:birthday: a type-2 rule marked status 0 in the disabled list', () => {
    // Even a session that somehow holds the code is refused while the rule says status '0'.
    const holder = { auth: [...ADMIN_AUTH, { action: 'user:form:birthday', type: '2' }], allAuth: SEEDED_ALL_AUTH };
    expect(checkPermission('user:form:birthday', holder)).toBe(false);
    expect(checkPermission('user:form:birthday', admin)).toBe(false);
  });

  it('allows an action that a form permission list grants as a type-2 entry, before any session list', () => {
    const permissionList = [{ action: 'user:form:birthday', type: '2' }];
    expect(checkPermission('user:form:birthday', guest, { permissionList })).toBe(true);
  });

  it('the hook follows the session: refused before permissions load, allowed after', () => {
    const { result } = renderHook(() => useHasPermission('user:add'));
    expect(result.current).toBe(false);
    signInWith(ADMIN_AUTH);
    expect(result.current).toBe(true);
    signInWith(GUEST_AUTH);
    expect(result.current).toBe(false);
  });
});

describe('directive rule (mode="directive", isDirectiveAllowed)', () => {
  it('allows a held code and refuses one not held', () => {
    expect(checkPermission('user:add', admin, { mode: 'directive' })).toBe(true);
    expect(checkPermission('user:add', guest, { mode: 'directive' })).toBe(false);
  });

  it('lets everybody through a rule switched off (status 0), unlike the button rule', () => {
    expect(checkPermission('user:form:birthday', guest, { mode: 'directive' })).toBe(true);
    expect(checkPermission('user:form:birthday', guest)).toBe(false);
  });

  it('removes the element when the user holds no codes at all', () => {
    expect(checkPermission('system:docs:view', { auth: [], allAuth: [] }, { mode: 'directive' })).toBe(false);
  });

  it("checks a form's own permission list first", () => {
    expect(
      checkPermission('user:add', guest, { mode: 'directive', permissionList: [{ action: 'user:add', type: '1' }] }),
    ).toBe(true);
  });
});

describe('<Authorized>', () => {
  it('renders its children for a permitted action', () => {
    signInWith(ADMIN_AUTH);
    render(
      <Authorized action="user:add">
        <button type="button">添加</button>
      </Authorized>,
    );
    expect(screen.getByRole('button', { name: '添加' })).toBeTruthy();
  });

  it('removes its children (or shows the fallback) when not permitted', () => {
    signInWith(GUEST_AUTH);
    render(
      <>
        <Authorized action="user:add">
          <button type="button">添加</button>
        </Authorized>
        <Authorized action="user:delete" fallback={<span>无权限</span>}>
          <button type="button">删除</button>
        </Authorized>
      </>,
    );
    expect(screen.queryByRole('button', { name: '添加' })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    expect(screen.getByText('无权限')).toBeTruthy();
  });

  it('uses the directive rule with mode="directive"', () => {
    signInWith(GUEST_AUTH);
    render(
      <>
        <Authorized action="user:form:birthday" mode="directive">
          <span>生日</span>
        </Authorized>
        <Authorized action="user:form:birthday">
          <span>生日按钮</span>
        </Authorized>
      </>,
    );
    expect(screen.getByText('生日')).toBeTruthy();
    expect(screen.queryByText('生日按钮')).toBeNull();
  });
});

describe('field rule (useVisibleColumns, isFieldVisible)', () => {
  const columns = [
    { title: '账号', dataIndex: 'username' },
    { title: '手机号', dataIndex: 'phone' },
    { title: '生日', dataIndex: 'birthday' },
    { title: '操作', key: 'action' },
  ];
  const titles = (cols: readonly { title: string }[]) => cols.map((c) => c.title);

  it('hides the user:phone column from a user without the code', () => {
    expect(titles(visibleColumns(columns, guest, { prefix: 'user:' }))).toEqual(['账号', '生日', '操作']);
  });

  it('shows it to a holder of user:phone', () => {
    expect(titles(visibleColumns(columns, admin, { prefix: 'user:' }))).toEqual(['账号', '手机号', '生日', '操作']);
  });

  it('shows it when overridden', () => {
    expect(titles(visibleColumns(columns, guest, { prefix: 'user:', overrides: ['user:phone'] }))).toContain('手机号');
  });

  it('matches by prefix: a column whose key starts with the rule is hidden too', () => {
    const more = [...columns, { title: '备用手机', dataIndex: 'phoneBackup' }];
    expect(titles(visibleColumns(more, guest, { prefix: 'user:' }))).not.toContain('备用手机');
  });

  it('ignores type-2 rules: user:form:birthday never hides a column', () => {
    expect(titles(visibleColumns(columns, guest, { prefix: 'user:form:' }))).toContain('生日');
  });

  it('the hook hides the column for guest and shows it for admin', () => {
    signInWith(GUEST_AUTH);
    const { result } = renderHook(() => useVisibleColumns(columns, { prefix: 'user:' }));
    expect(titles(result.current)).not.toContain('手机号');
    signInWith(ADMIN_AUTH);
    expect(titles(result.current)).toContain('手机号');
  });
});
