/** The messages feature's entry (lib/feature-entry.ts): the 我的消息 page. */
import type { FeatureEntry } from '../../lib/feature-entry.ts';

export const messagesFeature = {
  pages: {
    'user-announcement': async () => (await import('./components/user-announcement-page.tsx')).UserAnnouncementPage,
  },
} satisfies FeatureEntry;
