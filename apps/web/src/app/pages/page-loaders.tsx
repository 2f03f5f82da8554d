/**
 * Every page key of the registry (app/router/page-registry.ts) → its lazily imported screen. The record
 * is exhaustive: a new page key fails the typecheck until it points to a screen (or the not-built page).
 * Both the router (route `lazy`, so a navigation waits for the chunk) and the tab workspace (which
 * renders the kept pages itself) load screens through `loadPage`, so each chunk is fetched once.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageKey } from '../router/page-registry.ts';

export type PageComponent = ComponentType;
type PageLoader = () => Promise<PageComponent>;

const notBuilt: PageLoader = async () => (await import('./not-built-page.tsx')).NotBuiltPage;

export const PAGE_LOADERS: Record<PageKey, PageLoader> = {
  'dashboard-analysis': async () => (await import('../../features/dashboard/analysis-page.tsx')).AnalysisPage,
  'account-center': async () => (await import('./account-center-page.tsx')).AccountCenterPage,
  'account-settings': async () => (await import('./account-settings-page.tsx')).AccountSettingsPage,
  'user-announcement': async () =>
    (await import('../../features/messages/components/user-announcement-page.tsx')).UserAnnouncementPage,
  'work-order-list': async () =>
    (await import('../../features/work-order/components/work-order-list-page.tsx')).WorkOrderListPage,
  'work-order-detail': async () =>
    (await import('../../features/work-order/components/work-order-detail-page.tsx')).WorkOrderDetailPage,
  'system-announcement': async () =>
    (await import('../../features/system/announcement/announcement-admin-page.tsx')).AnnouncementAdminPage,
  'system-notice-banner': async () =>
    (await import('../../features/system/notice-banner/notice-banner-admin-page.tsx')).NoticeBannerAdminPage,
  'online-form-list': notBuilt,
  'online-copy-list': notBuilt,
  'online-auto-list': notBuilt,
  'online-tree-list': notBuilt,
  'online-erp-list': notBuilt,
  'online-tab-list': notBuilt,
  'online-inner-table-list': notBuilt,
  'online-report-list': notBuilt,
  'online-auto-report-list': notBuilt,
  iframe: async () => (await import('./iframe-page.tsx')).IframePage,
  'not-built': notBuilt,
};

const loaded = new Map<PageKey, PageComponent>();
const pending = new Map<PageKey, Promise<PageComponent>>();

/** Loads a page's chunk once; later calls share the same promise. */
export function loadPage(key: PageKey): Promise<PageComponent> {
  let promise = pending.get(key);
  if (!promise) {
    promise = PAGE_LOADERS[key]().then((component) => {
      loaded.set(key, component);
      return component;
    });
    // A failed chunk may be retried by the next navigation.
    promise.catch(() => pending.delete(key));
    pending.set(key, promise);
  }
  return promise;
}

const lazyPages = new Map<PageKey, LazyExoticComponent<PageComponent>>();

/**
 * The component to render for a page key: the loaded one when its chunk is in (no Suspense flash
 * after the router already waited for it), else a React.lazy wrapper.
 */
export function pageComponent(key: PageKey): PageComponent {
  const ready = loaded.get(key);
  if (ready) return ready;
  let lazyPage = lazyPages.get(key);
  if (!lazyPage) {
    lazyPage = lazy(async () => ({ default: await loadPage(key) }));
    lazyPages.set(key, lazyPage);
  }
  return lazyPage;
}
