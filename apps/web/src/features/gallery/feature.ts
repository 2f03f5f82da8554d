/** The widget gallery's entry (lib/feature-entry.ts): `/test/home`, every widget with its variants. */
import type { FeatureEntry } from '../../lib/feature-entry.ts';

export const galleryFeature = {
  pages: {
    'widget-gallery': async () => (await import('./gallery-page.tsx')).GalleryPage,
  },
} satisfies FeatureEntry;
