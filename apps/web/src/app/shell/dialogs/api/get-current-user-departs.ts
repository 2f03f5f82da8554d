/** GET /sys/user/getCurrentUserDeparts: the signed-in user's departments and the current one. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Depart } from '@houtai/shared/contract/user';
import { http, unwrap } from '../../../../lib/http.ts';

export interface CurrentUserDeparts {
  list: Depart[];
  orgCode: string | null;
}

export async function getCurrentUserDeparts(): Promise<CurrentUserDeparts> {
  const result = unwrap(await http.get<CurrentUserDeparts | null>('/sys/user/getCurrentUserDeparts'));
  return { list: result?.list ?? [], orgCode: result?.orgCode ?? null };
}

export const currentUserDepartsQuery = () =>
  queryOptions({ queryKey: ['sys', 'user', 'currentUserDeparts'], queryFn: getCurrentUserDeparts, staleTime: 0 });

/** Loaded each time the dialog opens (another tab may have switched meanwhile). */
export function useCurrentUserDeparts(enabled: boolean) {
  return useQuery({ ...currentUserDepartsQuery(), enabled, refetchOnMount: 'always' });
}
