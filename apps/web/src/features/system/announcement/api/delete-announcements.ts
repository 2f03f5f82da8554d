/** DELETE /sys/annountCement/delete?id (one) or /deleteBatch?ids (several). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, unwrap } from '../../../../lib/http.ts';
import { ANNOUNCEMENT_KEYS } from './announcement-keys.ts';

export async function deleteAnnouncements(ids: readonly string[]): Promise<string> {
  const res =
    ids.length === 1
      ? await http.delete<unknown>('/sys/annountCement/delete', { id: ids[0] })
      : await http.delete<unknown>('/sys/annountCement/deleteBatch', { ids: ids.join(',') });
  unwrap(res, '删除失败');
  return res.message;
}

export function useDeleteAnnouncements() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteAnnouncements,
    onSuccess: () => void client.invalidateQueries({ queryKey: ANNOUNCEMENT_KEYS.all }),
  });
}
