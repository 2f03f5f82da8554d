/** GET /sys/user/getCurrentUserDeparts: the signed-in user's departments and the current one. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Depart } from '@houtai/shared/contract/user';
import { http } from '../../../../lib/http.ts';

export interface CurrentUserDeparts {
  list: Depart[];
  orgCode: string | null;
}

export async function getCurrentUserDeparts(): Promise<CurrentUserDeparts> {
  const res = await http.get<CurrentUserDeparts>('/sys/user/getCurrentUserDeparts');
  if (!res.success) throw new Error(res.message);
  return { list: res.result?.list ?? [], orgCode: res.result?.orgCode ?? null };
}

export const currentUserDepartsQuery = () =>
  queryOptions({ queryKey: ['sys', 'user', 'currentUserDeparts'], queryFn: getCurrentUserDeparts, staleTime: 0 });

/** Loaded each time the dialog opens (another tab may have switched meanwhile). */
export function useCurrentUserDeparts(enabled: boolean) {
  return useQuery({ ...currentUserDepartsQuery(), enabled, refetchOnMount: 'always' });
}
