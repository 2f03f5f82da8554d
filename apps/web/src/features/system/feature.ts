/** The administration screens' entry (lib/feature-entry.ts). */
import type { FeatureEntry } from '../../lib/feature-entry.ts';

export const systemFeature = {
  pages: {
    'system-announcement': async () =>
      (await import('./announcement/announcement-admin-page.tsx')).AnnouncementAdminPage,
    'system-notice-banner': async () =>
      (await import('./notice-banner/notice-banner-admin-page.tsx')).NoticeBannerAdminPage,
    'system-user-list': async () => (await import('./user/user-admin-page.tsx')).UserAdminPage,
    'system-role-list': async () => (await import('./role/role-admin-page.tsx')).RoleAdminPage,
    'system-menu-list': async () => (await import('./menu/menu-admin-page.tsx')).MenuAdminPage,
    'system-depart-list': async () => (await import('./depart/depart-admin-page.tsx')).DepartAdminPage,
    'system-quartz-list': async () => (await import('./quartz/quartz-admin-page.tsx')).QuartzAdminPage,
  },
} satisfies FeatureEntry;
