/** GET /sys/annountCement/doReleaseData (发布): a draft goes out to its audience. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, unwrap } from '../../../../lib/http.ts';
import { ANNOUNCEMENT_KEYS } from './announcement-keys.ts';

export async function releaseAnnouncement(id: string): Promise<string> {
  const res = await http.get<unknown>('/sys/annountCement/doReleaseData', { id });
  unwrap(res, '发布失败');
  return res.message;
}

export function useReleaseAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: releaseAnnouncement,
    onSuccess: () => void client.invalidateQueries({ queryKey: ANNOUNCEMENT_KEYS.all }),
  });
}
