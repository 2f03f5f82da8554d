/**
 * GET /sys/annountCement/listByUser: the user's unread announcements (通知) and system messages, the bell's
 * lists and count (spec §3, §4). Loaded when the shell mounts and again on realtime messages; never polled.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListByUserResult } from '@houtai/shared/contract/announcement';
import { http, unwrapResult } from '../../../lib/http.ts';
import { MESSAGE_KEYS } from './message-keys.ts';

export type { ListByUserResult };

export async function listByUser(): Promise<ListByUserResult> {
  // The bell is a side show: a failure leaves it at its last count without a notification.
  const res = await http.get<ListByUserResult | null>('/sys/annountCement/listByUser', undefined, { silent: true });
  const r = unwrapResult(res);
  return {
    anntMsgList: r.anntMsgList ?? [],
    anntMsgTotal: r.anntMsgTotal ?? 0,
    sysMsgList: r.sysMsgList ?? [],
    sysMsgTotal: r.sysMsgTotal ?? 0,
  };
}

export const listByUserQuery = () =>
  queryOptions({ queryKey: MESSAGE_KEYS.bell, queryFn: listByUser, staleTime: Infinity });

/** Unread count = notices + system messages (spec §4). */
export function unreadCount(result: ListByUserResult | undefined): number {
  return result ? result.anntMsgTotal + result.sysMsgTotal : 0;
}

/**
 * The bell's answer once `anntId` is read: gone from its list and its category's count one less. A message not
 * in either list (beyond the first page) leaves it as it is; the refetch that follows corrects the count.
 */
export function withoutRead(result: ListByUserResult, anntId: string): ListByUserResult {
  if (result.anntMsgList.some((a) => a.id === anntId)) {
    return {
      ...result,
      anntMsgList: result.anntMsgList.filter((a) => a.id !== anntId),
      anntMsgTotal: Math.max(0, result.anntMsgTotal - 1),
    };
  }
  if (result.sysMsgList.some((a) => a.id === anntId)) {
    return {
      ...result,
      sysMsgList: result.sysMsgList.filter((a) => a.id !== anntId),
      sysMsgTotal: Math.max(0, result.sysMsgTotal - 1),
    };
  }
  return result;
}

export function useListByUser() {
  return useQuery(listByUserQuery());
}
