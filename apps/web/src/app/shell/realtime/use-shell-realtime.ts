/**
 * The signed-in shell's realtime wiring (spec §4, §7): keeps the tab's socket open while the shell is mounted
 * and carries out what each message asks for (realtime-effects.ts): the bell and message lists reload, a
 * toast titled 系统提示 shows for 15 s, the banner changes, an unread work order is remembered.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGE_TEXT, NOTICE_TOAST_SECONDS } from '@houtai/shared/messaging';
import { MESSAGE_KEYS } from '../../../features/messages/api/message-keys.ts';
import { noteTaskMessage } from '../../../features/tasks/task-dot.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { startRealtime, subscribeRealtime } from '../../../lib/realtime.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { matchMenuRoute, type MenuRouteTable } from '../../router/menu-routes.ts';
import { noticeBanner } from '../notice-banner/notice-banner-store.ts';
import { isOnRoute, realtimeEffects, type CurrentRoute } from './realtime-effects.ts';

function currentRoute(table: MenuRouteTable): CurrentRoute {
  const pathname = window.location.pathname;
  return { pathname, routeName: matchMenuRoute(table.routes, pathname)?.route.name };
}

/**
 * A WORK_ORDER message away from the work-order list is stored as unread (spec §4); on the list nothing more
 * happens. The work-order module loads only when such a message arrives.
 */
function rememberWorkOrder(id: string, current: CurrentRoute): void {
  import('../../../features/work-order/unread-work-orders.ts')
    .then((m) => {
      if (isOnRoute(current, m.WORK_ORDER_LIST_ROUTE_NAME, m.WORK_ORDER_LIST_PATH)) return;
      return m.addUnreadWorkOrder(id);
    })
    .catch(() => {
      // Silent like the socket itself (spec §8); the next message tries again.
    });
}

export function useShellRealtime(table: MenuRouteTable): void {
  const queryClient = useQueryClient();
  const { notification } = useFeedback();

  useEffect(() => startRealtime(), []);

  useEffect(
    () =>
      subscribeRealtime((message) => {
        for (const effect of realtimeEffects(message)) {
          switch (effect.kind) {
            case 'refresh-messages':
              void queryClient.invalidateQueries({ queryKey: MESSAGE_KEYS.all });
              break;
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
            case 'work-order':
              rememberWorkOrder(effect.id, currentRoute(table));
              break;
            case 'task-dot':
              noteTaskMessage(message, useSessionStore.getState().userInfo?.id);
              break;
          }
        }
      }),
    [queryClient, notification, table],
  );
}
