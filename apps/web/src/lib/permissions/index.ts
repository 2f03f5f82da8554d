export { Authorized, type AuthorizedProps } from './authorized.tsx';
export { readPermissionLists, usePermissionLists, type PermissionLists } from './session-permissions.ts';
export {
  checkPermission,
  useExcludedCodes,
  useHasPermission,
  type PermissionCheckOptions,
  type PermissionMode,
} from './use-has-permission.ts';
export {
  useVisibleColumns,
  visibleColumns,
  type ColumnLike,
  type VisibleColumnsOptions,
} from './use-visible-columns.ts';
