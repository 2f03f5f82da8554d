/** The signed-in user as the shared work-order rule sees them (what the list and detail pages may offer). */
import { useMemo } from 'react';
import { WORK_ORDER_PERMISSIONS, type WorkOrderActor } from '@houtai/shared/contract/work-order-rules';
import { useHasPermission } from '../../../lib/permissions/index.ts';
import { useSessionStore } from '../../../lib/session-store.ts';

export function useWorkOrderActor(): WorkOrderActor {
  const userId = useSessionStore((s) => s.userInfo?.id ?? '');
  const canAssign = useHasPermission(WORK_ORDER_PERMISSIONS.assign);
  const canClose = useHasPermission(WORK_ORDER_PERMISSIONS.close);
  return useMemo(() => ({ userId, canAssign, canClose }), [userId, canAssign, canClose]);
}
