/**
 * What the work orders add to the signed-in layout (lib/feature-entry.ts): the memory of unread work orders fed
 * by realtime notices. That module loads only when such a notice arrives.
 */
import type { FeatureShellParts } from '../../lib/feature-entry.ts';

export const workOrderShellParts = {
  realtime: {
    // Away from the work-order list the order is stored as unread (spec §4); on the list nothing more happens.
    'work-order': ({ id }, { isOnRoute }) => {
      void import('./unread-work-orders.ts')
        .then((m) => {
          if (isOnRoute(m.WORK_ORDER_LIST_ROUTE_NAME, m.WORK_ORDER_LIST_PATH)) return;
          return m.addUnreadWorkOrder(id);
        })
        .catch(() => {
          // Silent like the socket itself (spec §8); the next message tries again.
        });
    },
  },
} satisfies FeatureShellParts;
