/**
 * DELETE /sys/sysDepart/delete?id: a logical delete, refused (with the server's Chinese reason) while the
 * department has live sub-departments or users.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, unwrap } from '../../../../lib/http.ts';
import { DEPART_KEYS } from './depart-keys.ts';

export async function deleteDepart(id: string): Promise<string> {
  const res = await http.delete<unknown>('/sys/sysDepart/delete', { id });
  unwrap(res, '删除失败');
  return res.message;
}

export function useDeleteDepart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteDepart,
    onSuccess: () => void client.invalidateQueries({ queryKey: DEPART_KEYS.all }),
  });
}
