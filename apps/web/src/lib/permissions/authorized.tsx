/** Renders its children only when the user may perform `action` (spec 000 §6); otherwise they are removed. */
import type { ReactNode } from 'react';
import { useHasPermission, type PermissionCheckOptions } from './use-has-permission.ts';

export interface AuthorizedProps extends PermissionCheckOptions {
  action: string;
  children: ReactNode;
  /** Shown instead of the children when not allowed; nothing by default. */
  fallback?: ReactNode;
}

export function Authorized({ action, children, fallback = null, mode, permissionList }: AuthorizedProps) {
  const allowed = useHasPermission(action, { mode, permissionList });
  return <>{allowed ? children : fallback}</>;
}
