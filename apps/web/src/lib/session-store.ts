/** The signed-in session: token, user info and permissions. Token and user info survive reloads for 7 days. */
import { create } from 'zustand';
import { clearSettlementAccounts, saveSettlementAccounts } from './settlement-accounts.ts';
import { LOGIN_DATA_TTL_MS } from '@houtai/shared/constants';
import type { LoginResult } from '@houtai/shared/contract/auth';
import type { PermissionResult } from '@houtai/shared/contract/permission';
import type { UserInfo } from '@houtai/shared/contract/user';
import { clearDictItems, saveDictItems } from './dict/dict-cache.ts';
import { STORAGE_KEYS, localStore, sessionStore, storedTenantId } from './storage.ts';

export interface SessionState {
  token: string | null;
  userInfo: UserInfo | null;
  /** Loaded from the server after sign-in and on every page load; never persisted. */
  permissions: PermissionResult | null;
  signIn: (
    result: Pick<LoginResult, 'token' | 'userInfo'> & Partial<Pick<LoginResult, 'sysAllDictItems' | 'accounts'>>,
  ) => void;
  setUserInfo: (userInfo: UserInfo) => void;
  setPermissions: (permissions: PermissionResult) => void;
  clear: () => void;
}

function restored(): Pick<SessionState, 'token' | 'userInfo'> {
  const token = localStore.get<string>(STORAGE_KEYS.token);
  const userInfo = localStore.get<UserInfo>(STORAGE_KEYS.userInfo);
  // Both or neither: a token without its user (or the reverse) is a broken session.
  if (!token || !userInfo) return { token: null, userInfo: null };
  return { token, userInfo };
}

export const useSessionStore = create<SessionState>()((set) => ({
  ...restored(),
  permissions: null,
  signIn: (result) => {
    localStore.set(STORAGE_KEYS.token, result.token, LOGIN_DATA_TTL_MS);
    localStore.set(STORAGE_KEYS.userInfo, result.userInfo, LOGIN_DATA_TTL_MS);
    if (result.sysAllDictItems) saveDictItems(result.sysAllDictItems);
    if (result.accounts) saveSettlementAccounts(result.accounts);
    set({ token: result.token, userInfo: result.userInfo, permissions: null });
  },
  setUserInfo: (userInfo) => {
    localStore.set(STORAGE_KEYS.userInfo, userInfo, LOGIN_DATA_TTL_MS);
    set({ userInfo });
  },
  setPermissions: (permissions) => {
    sessionStore.set(STORAGE_KEYS.auth, permissions.auth);
    sessionStore.set(STORAGE_KEYS.allAuth, permissions.allAuth);
    set({ permissions });
  },
  clear: () => {
    localStore.remove(STORAGE_KEYS.token);
    localStore.remove(STORAGE_KEYS.userInfo);
    localStore.remove(STORAGE_KEYS.tenantId);
    sessionStore.remove(STORAGE_KEYS.auth);
    sessionStore.remove(STORAGE_KEYS.allAuth);
    clearDictItems();
    clearSettlementAccounts();
    set({ token: null, userInfo: null, permissions: null });
  },
}));

/** The token as stored now; an expired one reads as signed out. */
export function currentToken(): string | null {
  const { token } = useSessionStore.getState();
  if (token && localStore.get<string>(STORAGE_KEYS.token) === null) {
    useSessionStore.getState().clear();
    return null;
  }
  return token;
}

export function currentTenantId(): string {
  return storedTenantId();
}
