/**
 * Table columns hidden by field rules (spec 000 §6, 001 §6): a column whose key (`prefix` + dataIndex)
 * starts with the action of an enforced type-1 rule is hidden unless the user holds that code or the
 * caller overrides it. Rules are named like 'user:phone', so a user table passes prefix 'user:' and
 * its 'phone' column follows the rule.
 */
import { useMemo } from 'react';
import { isFieldVisible } from '@houtai/shared/permissions';
import { usePermissionLists, type PermissionLists } from './session-permissions.ts';

export interface ColumnLike {
  dataIndex?: unknown;
  key?: unknown;
}

export interface VisibleColumnsOptions {
  /** Put before each dataIndex to form the rule key, e.g. 'user:'. */
  prefix?: string;
  /** Rule keys (prefix included) shown whatever the rules say. */
  overrides?: readonly string[];
}

/** antd's dataIndex may be a path array: ['address', 'city'] reads as 'address.city'. */
function columnKey(column: ColumnLike): string | null {
  const { dataIndex } = column;
  if (typeof dataIndex === 'string' || typeof dataIndex === 'number') return String(dataIndex);
  if (Array.isArray(dataIndex) && dataIndex.length > 0) return dataIndex.map(String).join('.');
  return null;
}

export function visibleColumns<C extends ColumnLike>(
  columns: readonly C[],
  lists: PermissionLists,
  options: VisibleColumnsOptions = {},
): C[] {
  const prefix = options.prefix ?? '';
  const fieldRules = lists.allAuth.filter((r) => r.type === '1');
  if (fieldRules.length === 0) return [...columns];
  return columns.filter((column) => {
    const key = columnKey(column);
    // Action and selection columns have no dataIndex: no rule can name them.
    if (key === null) return true;
    return isFieldVisible(prefix + key, fieldRules, lists.auth, options.overrides);
  });
}

/** The columns the signed-in user may see, kept stable while columns, options and permissions are. */
export function useVisibleColumns<C extends ColumnLike>(
  columns: readonly C[],
  options: VisibleColumnsOptions = {},
): C[] {
  const lists = usePermissionLists();
  const { prefix, overrides } = options;
  return useMemo(() => visibleColumns(columns, lists, { prefix, overrides }), [columns, lists, prefix, overrides]);
}
