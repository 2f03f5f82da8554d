/** The administration screens' entry (lib/feature-entry.ts). */
import type { FeatureEntry } from '../../lib/feature-entry.ts';

export const systemFeature = {
  pages: {
    'system-announcement': async () =>
      (await import('./announcement/announcement-admin-page.tsx')).AnnouncementAdminPage,
    'system-notice-banner': async () =>
      (await import('./notice-banner/notice-banner-admin-page.tsx')).NoticeBannerAdminPage,
  },
} satisfies FeatureEntry;
