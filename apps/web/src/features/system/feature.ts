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
    'system-dict-list': async () => (await import('./dict/dict-admin-page.tsx')).DictAdminPage,
    'system-category-list': async () => (await import('./category/category-admin-page.tsx')).CategoryAdminPage,
    'system-position-list': async () => (await import('./position/position-admin-page.tsx')).PositionAdminPage,
    'system-settlement-list': async () => (await import('./settlement/settlement-admin-page.tsx')).SettlementAdminPage,
    'system-check-rule-list': async () => (await import('./check-rule/check-rule-admin-page.tsx')).CheckRuleAdminPage,
    'system-table-dict-list': async () => (await import('./table-dict/table-dict-admin-page.tsx')).TableDictAdminPage,
    'system-online-list': async () => (await import('./online/online-users-page.tsx')).OnlineUsersPage,
    'system-log-list': async () => (await import('./log/log-page.tsx')).LogPage,
    'system-config-list': async () => (await import('./config/config-admin-page.tsx')).ConfigAdminPage,
  },
} satisfies FeatureEntry;
