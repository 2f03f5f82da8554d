/**
 * Every feature entry of the app, once (lib/feature-entry.ts): the router takes the pages and public pages from
 * here. On the first screen, so the entries hold only lazy loaders. What the features add to the signed-in
 * layout (header items, realtime handlers) is listed by app/shell/shell-parts.ts, loaded with the layout.
 */
import type { FeatureEntry } from '../lib/feature-entry.ts';
import { accountFeature } from '../features/account/feature.ts';
import { accountingFeature } from '../features/accounting/feature.ts';
import { attendanceFeature } from '../features/attendance/feature.ts';
import { authFeature } from '../features/auth/feature.ts';
import { dashboardFeature } from '../features/dashboard/feature.ts';
import { galleryFeature } from '../features/gallery/feature.ts';
import { messagesFeature } from '../features/messages/feature.ts';
import { systemFeature } from '../features/system/feature.ts';
import { workOrderFeature } from '../features/work-order/feature.ts';

export const FEATURES = [
  authFeature,
  dashboardFeature,
  accountFeature,
  workOrderFeature,
  messagesFeature,
  systemFeature,
  galleryFeature,
  attendanceFeature,
  accountingFeature,
] as const satisfies readonly FeatureEntry[];

type PagesOf<F> = F extends { pages: infer P } ? keyof P & string : never;

/** The page keys the features publish (typed, so the page table can be checked for exhaustiveness). */
export type FeaturePageKey = PagesOf<(typeof FEATURES)[number]>;
