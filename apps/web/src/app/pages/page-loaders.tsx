/**
 * Every page key of the registry (lib/page-registry.ts) → its lazily imported screen: the features'
 * pages (their entries, app/features.ts) and the shell's own (the iframe host, the not-built page, for now the
 * online list screens). The table is exhaustive: a new page key fails the typecheck until a feature publishes
 * its screen (or it points to the not-built page here), and so does a feature page the registry does not know.
 * Both the router (route `lazy`, so a navigation waits for the chunk) and the tab workspace (which renders the
 * kept pages itself) load screens through `loadPage`, so each chunk is fetched once.
 */
import { lazy, type LazyExoticComponent } from 'react';
import type { FeatureEntry, PageComponent, PageLoader } from '../../lib/feature-entry.ts';
import { FEATURES, type FeaturePageKey } from '../features.ts';
import type { PageKey } from '../../lib/page-registry.ts';

const notBuilt: PageLoader = async () => (await import('./not-built-page.tsx')).NotBuiltPage;

const SHELL_PAGES = {
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
} satisfies Partial<Record<PageKey, PageLoader>>;

const entries: readonly FeatureEntry[] = FEATURES;

// The keys are those the entries' types name (FeaturePageKey); Object.entries cannot say so itself.
const FEATURE_PAGES = Object.fromEntries(entries.flatMap((entry) => Object.entries(entry.pages ?? {}))) as Record<
  FeaturePageKey,
  PageLoader
>;

/** A feature page the registry does not know is a type error: its key is not a PageKey. */
const KNOWN_FEATURE_PAGES: Record<Extract<FeaturePageKey, PageKey>, PageLoader> &
  Record<Exclude<FeaturePageKey, PageKey>, never> = FEATURE_PAGES;

export const PAGE_LOADERS: Record<PageKey, PageLoader> = { ...SHELL_PAGES, ...KNOWN_FEATURE_PAGES };

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
