/**
 * What a feature publishes to the shell, in at most two entry files named by when the shell loads them:
 *
 * - `features/<name>/feature.ts` — a `FeatureEntry`: its pages and public pages. The shell imports every entry
 *   on the first screen (the login page too), so an entry holds only lazy loaders (`() => import(...)`).
 * - `features/<name>/shell-parts.ts` — `FeatureShellParts`: its header items and realtime handlers. Only the
 *   signed-in layout imports these (its chunk), so they may import their components statically; a handler
 *   still imports heavy code only when it runs.
 *
 * The shell lists each kind once (app/features.ts, app/shell/shell-parts.ts) and reaches a feature only through
 * them, so a feature never imports the shell and the shell never imports a feature's internals.
 */
import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeMessage } from '@houtai/shared/messaging';

export type PageComponent = ComponentType;
/** Loads a screen's chunk; the shell calls it once and keeps the component. */
export type PageLoader = () => Promise<PageComponent>;

/** A page outside the signed-in shell (sign-in, registration, …), framed by the shell's user layout. */
export interface PublicPage {
  readonly path: string;
  readonly load: PageLoader;
  /** A signed-in user opening it is sent to the home page (the login pages, spec §2.2). */
  readonly guestOnly?: boolean;
}

/**
 * What the shell reads from a realtime message for the features (app/shell/realtime/realtime-effects.ts); the
 * shell itself shows the toast and the banner.
 */
export type FeatureRealtimeEvent =
  /** The user's messages changed: the bell and the message lists reload. */
  | { kind: 'refresh-messages' }
  /** A work-order notice for the user (`businessType` WORK_ORDER) about the work order `id`. */
  | { kind: 'work-order'; id: string }
  /** A task-centre message (its text starts with the task marker), perhaps for another user. */
  | { kind: 'task-dot' };

export type FeatureRealtimeKind = FeatureRealtimeEvent['kind'];

/** What a realtime handler may use besides its event. */
export interface RealtimeContext {
  /** The message the event was read from. */
  readonly message: RealtimeMessage;
  readonly queryClient: QueryClient;
  /** The signed-in user's id when the message arrived. */
  readonly userId: string | undefined;
  /** Whether the user was on this menu route (by route name, or by its address) when the message arrived. */
  readonly isOnRoute: (routeName: string, path: string) => boolean;
}

export type RealtimeHandler<K extends FeatureRealtimeKind = FeatureRealtimeKind> = (
  event: Extract<FeatureRealtimeEvent, { kind: K }>,
  context: RealtimeContext,
) => void;

export type RealtimeHandlers = { readonly [K in FeatureRealtimeKind]?: RealtimeHandler<K> };

/** The signed-in user's menu, as the shell tells a header item about it. */
export interface MenuLinks {
  /** Whether the user has a menu route at this address. */
  readonly hasPath: (path: string) => boolean;
  /**
   * The address of the menu page named by `page` (its component path, route name, component name or path) with
   * `busId` filled in; null when the user has no such page.
   */
  readonly pageTarget: (page: string | null | undefined, busId: string | null | undefined) => string | null;
}

export interface HeaderItemProps {
  /** Top menu in the dark theme: white icons. */
  dark?: boolean;
  /** Phones and tablets: less padding, the header is crowded. */
  compact?: boolean;
  links: MenuLinks;
}

/** A header item: an icon button left of the user menu. */
export type HeaderItem = ComponentType<HeaderItemProps>;

/** Loaded on the first screen: what the router needs. */
export interface FeatureEntry {
  /** Screens of the signed-in shell by page key (the menu's component → page key table is lib/page-registry.ts). */
  readonly pages?: Readonly<Record<string, PageLoader>>;
  /** Pages outside the shell, in route order. */
  readonly publicPages?: readonly PublicPage[];
  /** Public addresses that only lead elsewhere (from → to). */
  readonly publicRedirects?: Readonly<Record<string, string>>;
}

/** Loaded with the signed-in layout: what the feature adds to it. */
export interface FeatureShellParts {
  readonly realtime?: RealtimeHandlers;
  /** Header items by a name unique in the app; shown in the order of the shell's list, then of this record. */
  readonly headerItems?: Readonly<Record<string, HeaderItem>>;
}
