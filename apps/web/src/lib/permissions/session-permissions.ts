/**
 * Where the client's permission checks read their lists (spec 000 §6, 001 §6). The session store keeps
 * both lists of GET /sys/permission/getUserPermissionByToken in sessionStorage (`setPermissions`), and
 * this is the one function that reads them back.
 *
 * What the two lists are (server: modules/permission/user-permission.service.ts):
 * - `auth`: the codes the signed-in user holds — button/field rules (menu type 2) of the user's roles
 *   whose rule is enabled (status '1'); entries carry action, type and describe, no status.
 * - `allAuth`: every button/field rule of the system, held or not, with its status ('1' enforced,
 *   '0' switched off) and type ('1' show/field rule, '2' disable rule).
 *
 * How the spec's names map onto them (decided here, see use-has-permission.ts):
 * - button rule (isActionAllowed): "session auth list" = `auth`; "session disabled list" = `allAuth`;
 *   "permission list" = a list the caller supplies (a form's or route's own permissionList), empty by
 *   default. It is not `allAuth`: that would allow every type-2 rule of the system to everybody,
 *   including the switched-off ones the disabled list exists to refuse.
 * - directive rule (isDirectiveAllowed): "auth list with status '0'" = `allAuth` (a switched-off rule
 *   is not enforced, so everybody passes — only `allAuth` carries a status); "permission list" = `auth`
 *   (the user's codes, type-2 entries dropped); a form's own permissionList is checked first.
 * - field rule (isFieldVisible): type-1 rules = `allAuth`; granted = `auth`.
 */
import { useMemo } from 'react';
import type { PermissionEntry } from '@houtai/shared/contract/permission';
import { useSessionStore } from '../session-store.ts';
import { STORAGE_KEYS, sessionStore } from '../storage.ts';

export interface PermissionLists {
  /** The user's codes. */
  auth: readonly PermissionEntry[];
  /** Every rule of the system, with status. */
  allAuth: readonly PermissionEntry[];
}

function entries(value: unknown): PermissionEntry[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (e): e is PermissionEntry =>
      typeof e === 'object' && e !== null && typeof (e as PermissionEntry).action === 'string',
  );
}

/** The session's lists as kept in sessionStorage; empty lists when signed out or never loaded. */
export function readPermissionLists(): PermissionLists {
  return {
    auth: entries(sessionStore.get(STORAGE_KEYS.auth)),
    allAuth: entries(sessionStore.get(STORAGE_KEYS.allAuth)),
  };
}

/** The lists, read again whenever the session store loads or clears the permissions. */
export function usePermissionLists(): PermissionLists {
  const permissions = useSessionStore((s) => s.permissions);
  // The store writes sessionStorage before it publishes, so `permissions` changing is the signal to re-read.
  return useMemo(() => {
    void permissions;
    return readPermissionLists();
  }, [permissions]);
}
