/** The work orders' entry (lib/feature-entry.ts): the list and the detail page. */
import type { FeatureEntry } from '../../lib/feature-entry.ts';

export const workOrderFeature = {
  pages: {
    'work-order-list': async () => (await import('./components/work-order-list-page.tsx')).WorkOrderListPage,
    'work-order-detail': async () => (await import('./components/work-order-detail-page.tsx')).WorkOrderDetailPage,
  },
} satisfies FeatureEntry;
