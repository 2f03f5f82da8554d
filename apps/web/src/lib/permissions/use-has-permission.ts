/** Button-level checks for components (spec 000 §6, 001 §6); the rules themselves live in packages/shared. */
import type { PermissionEntry } from '@houtai/shared/contract/permission';
import { useMemo } from 'react';
import { excludedCodes, isActionAllowed, isDirectiveAllowed } from '@houtai/shared/permissions';
import { usePermissionLists, type PermissionLists } from './session-permissions.ts';

export type PermissionMode = 'button' | 'directive';

export interface PermissionCheckOptions {
  /**
   * 'button' (default): the hasPermission rule — a type-2 entry of `permissionList` allows; otherwise the
   * user must hold the code and the system must not mark it status '0' as a type-2 rule.
   * 'directive': the v-has rule — a switched-off rule (status '0') allows everybody; otherwise the user's
   * codes (type-2 entries dropped, comma lists split) must contain it.
   */
  mode?: PermissionMode;
  /** A form's or route's own permission list, checked first. */
  permissionList?: readonly PermissionEntry[] | null;
}

/** The check on given lists, for code outside components (and the tests). */
export function checkPermission(action: string, lists: PermissionLists, options: PermissionCheckOptions = {}): boolean {
  if (options.mode === 'directive') {
    return isDirectiveAllowed(action, lists.auth, lists.allAuth, options.permissionList);
  }
  return isActionAllowed(action, options.permissionList ?? [], lists.auth, lists.allAuth);
}

/** Whether the signed-in user may perform `action`; re-evaluated when the session's permissions change. */
export function useHasPermission(action: string, options: PermissionCheckOptions = {}): boolean {
  return checkPermission(action, usePermissionLists(), options);
}

/** The codes under `authPre` the grid toolbar hides (spec 001 §6), without the prefix; re-evaluated with the session. */
export function useExcludedCodes(authPre: string | undefined): ReadonlySet<string> {
  const lists = usePermissionLists();
  return useMemo(() => new Set(authPre ? excludedCodes(authPre, lists.auth, lists.allAuth) : []), [authPre, lists]);
}
