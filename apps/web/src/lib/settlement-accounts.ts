/**
 * The settlement organisations of the login result (spec 000 §3 "Login result: accounts"), kept with the
 * stored login data (7 days) for 结算组织切换. The session store owns the login result: it must call
 * `saveSettlementAccounts(result.accounts)` in signIn and `clearSettlementAccounts()` in clear.
 */
import { LOGIN_DATA_TTL_MS } from '@houtai/shared/constants';
import type { SettlementAccount } from '@houtai/shared/contract/user';
import { localStore } from './storage.ts';

export const SETTLEMENT_ACCOUNTS_KEY = 'settlement-accounts';

export function saveSettlementAccounts(accounts: readonly SettlementAccount[] | null | undefined): void {
  localStore.set(SETTLEMENT_ACCOUNTS_KEY, accounts ?? [], LOGIN_DATA_TTL_MS);
}

export function loadSettlementAccounts(): SettlementAccount[] {
  const stored = localStore.get<unknown>(SETTLEMENT_ACCOUNTS_KEY);
  if (!Array.isArray(stored)) return [];
  return stored.filter(
    (a): a is SettlementAccount =>
      typeof a === 'object' && a !== null && typeof (a as SettlementAccount).id === 'string',
  );
}

export function clearSettlementAccounts(): void {
  localStore.remove(SETTLEMENT_ACCOUNTS_KEY);
}
