/** The signed-in user's own pages (个人中心, 个人设置): the entry (lib/feature-entry.ts). */
import type { FeatureEntry } from '../../lib/feature-entry.ts';

export const accountFeature = {
  pages: {
    'account-center': async () => (await import('./components/account-center-page.tsx')).AccountCenterPage,
    'account-settings': async () => (await import('./components/account-settings-page.tsx')).AccountSettingsPage,
  },
} satisfies FeatureEntry;
