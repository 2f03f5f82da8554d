/** GET /sys/annountCement/doReovkeData (撤销): a published announcement is withdrawn. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, unwrap } from '../../../../lib/http.ts';
import { ANNOUNCEMENT_KEYS } from './announcement-keys.ts';

export async function revokeAnnouncement(id: string): Promise<string> {
  const res = await http.get<unknown>('/sys/annountCement/doReovkeData', { id });
  unwrap(res, '撤销失败');
  return res.message;
}

export function useRevokeAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeAnnouncement,
    onSuccess: () => void client.invalidateQueries({ queryKey: ANNOUNCEMENT_KEYS.all }),
  });
}
