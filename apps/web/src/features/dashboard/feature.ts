/** The dashboard's entry (lib/feature-entry.ts): the home page. */
import type { FeatureEntry } from '../../lib/feature-entry.ts';

export const dashboardFeature = {
  pages: {
    'dashboard-analysis': async () => (await import('./analysis-page.tsx')).AnalysisPage,
  },
} satisfies FeatureEntry;
