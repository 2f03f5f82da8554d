/**
 * The signed-in shell's realtime wiring (spec §4, §7): keeps the tab's socket open while the shell is mounted
 * and carries out what each message asks for (realtime-effects.ts): a toast titled 系统提示 shows for 15 s, the
 * banner changes, and the features' handlers (app/shell/shell-parts.ts) get the rest — the bell and message
 * lists reload, an unread work order is remembered, the task dot is set.
 */
import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MESSAGE_TEXT, NOTICE_TOAST_SECONDS, type RealtimeMessage } from '@houtai/shared/messaging';
import type {
  FeatureRealtimeEvent,
  FeatureRealtimeKind,
  FeatureShellParts,
  RealtimeContext,
} from '../../../lib/feature-entry.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { startRealtime, subscribeRealtime } from '../../../lib/realtime.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { matchMenuRoute, type MenuRouteTable } from '../../router/menu-routes.ts';
import { noticeBanner } from '../notice-banner/notice-banner-store.ts';
import { SHELL_PARTS } from '../shell-parts.ts';
import { isOnRoute, realtimeEffects, type CurrentRoute } from './realtime-effects.ts';

type Handler = (event: FeatureRealtimeEvent, context: RealtimeContext) => void;

/** The features' handlers by event kind, in the order of the shell's list. */
export function realtimeHandlers(parts: readonly FeatureShellParts[]): ReadonlyMap<FeatureRealtimeKind, Handler[]> {
  const byKind = new Map<FeatureRealtimeKind, Handler[]>();
  for (const part of parts) {
    // Each handler is called only with events of its own kind (looked up by `event.kind` below).
    for (const [kind, handler] of Object.entries(part.realtime ?? {}) as [FeatureRealtimeKind, Handler][]) {
      byKind.set(kind, [...(byKind.get(kind) ?? []), handler]);
    }
  }
  return byKind;
}

const HANDLERS = realtimeHandlers(SHELL_PARTS);

function currentRoute(table: MenuRouteTable): CurrentRoute {
  const pathname = window.location.pathname;
  return { pathname, routeName: matchMenuRoute(table.routes, pathname)?.route.name };
}

/** What the handlers of one message see; the route is taken as the message arrives. */
function realtimeContext(message: RealtimeMessage, queryClient: QueryClient, table: MenuRouteTable): RealtimeContext {
  const route = currentRoute(table);
  return {
    message,
    queryClient,
    userId: useSessionStore.getState().userInfo?.id,
    isOnRoute: (routeName, path) => isOnRoute(route, routeName, path),
  };
}

export function useShellRealtime(table: MenuRouteTable): void {
  const queryClient = useQueryClient();
  const { notification } = useFeedback();

  useEffect(() => startRealtime(), []);

  useEffect(
    () =>
      subscribeRealtime((message) => {
        let context: RealtimeContext | undefined;
        for (const effect of realtimeEffects(message)) {
          switch (effect.kind) {
            case 'toast':
              notification[effect.level]({
                title: MESSAGE_TEXT.notificationTitle,
                description: effect.text,
                duration: NOTICE_TOAST_SECONDS,
                // Not over the header: the bell it announces must stay clickable for those 15 s.
                placement: 'bottomRight',
              });
              break;
            case 'banner':
              noticeBanner.live(effect.notice);
              break;
            default:
              context ??= realtimeContext(message, queryClient, table);
              for (const handler of HANDLERS.get(effect.kind) ?? []) {
                try {
                  handler(effect, context);
                } catch (error) {
                  // One feature's failure must not keep the others (or the toast) from their part.
                  reportError(error);
                }
              }
          }
        }
      }),
    [queryClient, notification, table],
  );
}
