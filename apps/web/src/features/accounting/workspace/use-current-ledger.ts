/**
 * The workspace's current ledger, remembered per user in local storage so that it survives a reload (and another
 * user of the same browser keeps their own). No ledger is chosen for the user: until they choose, the selector
 * shows its placeholder. A remembered ledger the user no longer has (not in `available`) counts as none.
 */
import { useCallback, useState } from 'react';
import { useSessionStore } from '../../../lib/session-store.ts';
import { localStore } from '../../../lib/storage.ts';

export const currentLedgerKey = (userId: string): string => `accounting-ledger:${userId}`;

export function loadCurrentLedger(userId: string): string | null {
  const id = localStore.get<unknown>(currentLedgerKey(userId));
  return typeof id === 'string' && id !== '' ? id : null;
}

export function saveCurrentLedger(userId: string, ledgerId: string | null): void {
  if (ledgerId) localStore.set(currentLedgerKey(userId), ledgerId);
  else localStore.remove(currentLedgerKey(userId));
}

export function useCurrentLedger(available: readonly { id: string }[] | undefined) {
  const userId = useSessionStore((s) => s.userInfo?.id ?? '');
  const [chosen, setChosen] = useState<{ userId: string; ledgerId: string | null }>(() => ({
    userId,
    ledgerId: loadCurrentLedger(userId),
  }));
  // Another user signed in while the page stayed open: their own choice.
  const stored = chosen.userId === userId ? chosen.ledgerId : loadCurrentLedger(userId);
  const ledgerId = stored && available?.some((l) => l.id === stored) ? stored : null;

  const choose = useCallback(
    (id: string | null) => {
      saveCurrentLedger(userId, id);
      setChosen({ userId, ledgerId: id });
    },
    [userId],
  );
  return { ledgerId, choose };
}
