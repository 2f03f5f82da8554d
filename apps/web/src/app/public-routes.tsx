/**
 * The public routes (spec §2.1), built from the pages the features publish (app/features.ts): each framed by the
 * user layout, the guest-only ones (the login pages) behind <GuestOnly>, and the features' public redirects.
 * The app router mounts these at the top level.
 */
import { Navigate, type RouteObject } from 'react-router';
import type { FeatureEntry, PublicPage } from '../lib/feature-entry.ts';
import { FEATURES } from './features.ts';
import { GuestOnly } from './route-guard.tsx';
import { UserLayout } from './user-layout.tsx';

function pageRoute({ path, load }: PublicPage): RouteObject {
  return { path, lazy: async () => ({ Component: await load() }) };
}

export function buildPublicRoutes(features: readonly FeatureEntry[]): RouteObject[] {
  const pages = features.flatMap((f) => f.publicPages ?? []);
  const redirects = features.flatMap((f) => Object.entries(f.publicRedirects ?? {}));
  return [
    ...redirects.map(([from, to]): RouteObject => ({ path: from, element: <Navigate to={to} replace /> })),
    {
      element: <UserLayout />,
      children: [
        { element: <GuestOnly />, children: pages.filter((p) => p.guestOnly).map(pageRoute) },
        ...pages.filter((p) => !p.guestOnly).map(pageRoute),
      ],
    },
  ];
}

export const publicRoutes: RouteObject[] = buildPublicRoutes(FEATURES);
