/** Permission codes the user holds, from the permission result's `auth` list (menu visibility, ERP gate). */
import type { PermissionEntry } from '@houtai/shared/contract/permission';

/** Enabled entries only; one entry may list several comma-separated codes. */
export function heldActions(auth: readonly PermissionEntry[]): Set<string> {
  const held = new Set<string>();
  for (const entry of auth) {
    if (entry.status === '0') continue;
    for (const action of entry.action.split(',')) if (action) held.add(action);
  }
  return held;
}
