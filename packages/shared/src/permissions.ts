/** Client-side permission rules (spec 000 §6, spec 001 §6), pure so both variants can be tested alone. */
import type { PermissionEntry } from './contract/permission.ts';

/**
 * Button action rule (the "hasPermission" variant): allowed if the permission list holds a type-2
 * entry with the action; otherwise allowed if the session auth list allows it and the action is not
 * marked status '0' in the session disabled list (type '2').
 */
export function isActionAllowed(
  action: string,
  permissionList: readonly PermissionEntry[],
  auth: readonly PermissionEntry[],
  disabled: readonly PermissionEntry[],
): boolean {
  if (permissionList.some((p) => p.type === '2' && p.action === action)) return true;
  const granted = auth.some((a) => splitActions(a.action).includes(action));
  if (!granted) return false;
  return !disabled.some((d) => d.type === '2' && d.action === action && d.status === '0');
}

/**
 * Directive variant: allowed if the auth list has the action with status '0'; otherwise the action must
 * be in the permission list after dropping type-2 entries and splitting comma-separated actions.
 * No permission list means the element is removed. A form's own permissionList is checked first.
 */
export function isDirectiveAllowed(
  action: string,
  permissionList: readonly PermissionEntry[] | null | undefined,
  auth: readonly PermissionEntry[],
  formPermissionList?: readonly PermissionEntry[] | null,
): boolean {
  if (formPermissionList && formPermissionList.length > 0) {
    if (actionsOf(formPermissionList).includes(action)) return true;
  }
  if (auth.some((a) => a.action === action && a.status === '0')) return true;
  if (!permissionList || permissionList.length === 0) return false;
  return actionsOf(permissionList).includes(action);
}

function actionsOf(list: readonly PermissionEntry[]): string[] {
  return list.filter((p) => p.type !== '2').flatMap((p) => splitActions(p.action));
}

function splitActions(action: string): string[] {
  return action
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Field visibility: a column is hidden when its dataIndex starts with the action of a type-1 entry
 * the user is not granted, unless the caller overrides it.
 */
export function isFieldVisible(
  dataIndex: string,
  fieldRules: readonly PermissionEntry[],
  granted: readonly PermissionEntry[],
  overrides: readonly string[] = [],
): boolean {
  if (overrides.includes(dataIndex)) return true;
  const rules = fieldRules.filter((r) => r.type === '1' && r.status !== '0' && dataIndex.startsWith(r.action));
  if (rules.length === 0) return true;
  return rules.every((r) => granted.some((g) => g.action === r.action));
}

/** Menu visibility: a route with meta.permissionList is shown only when one listed permission is held. */
export function isMenuVisible(
  permissionList: readonly PermissionEntry[] | undefined,
  held: ReadonlySet<string>,
): boolean {
  if (!permissionList || permissionList.length === 0) return true;
  return permissionList.some((p) => splitActions(p.action).some((a) => held.has(a)));
}

/**
 * The grid toolbar's excluded codes (spec 001 §6): the enforced rules of the system (status '1') whose code starts
 * with `authPre` (a colon appended when missing) and that the user does not hold, without the prefix — e.g.
 * `['add']` for `work:add` hides the grid's 新增. A code the system has no rule for is never excluded.
 */
export function excludedCodes(
  authPre: string,
  userAuth: readonly PermissionEntry[],
  allAuth: readonly PermissionEntry[],
): string[] {
  if (!authPre) return [];
  const pre = authPre.endsWith(':') ? authPre : `${authPre}:`;
  const held = new Set(userAuth.flatMap((e) => splitActions(e.action)));
  const out = new Set<string>();
  for (const rule of allAuth) {
    if (rule.status !== '1') continue;
    for (const action of splitActions(rule.action)) {
      if (action.startsWith(pre) && !held.has(action)) out.add(action.slice(pre.length));
    }
  }
  return [...out];
}
