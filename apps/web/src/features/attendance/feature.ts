/** The attendance screens' entry (lib/feature-entry.ts): 考勤班次, the shift grid. */
import type { FeatureEntry } from '../../lib/feature-entry.ts';

export const attendanceFeature = {
  pages: {
    'hr-attendance-shift': async () => (await import('./components/shift-list-page.tsx')).ShiftListPage,
  },
} satisfies FeatureEntry;
