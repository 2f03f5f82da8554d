/** PUT /sys/sysDepart/edit: a department's fields; a new parentId moves it with its subtree. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DepartEditBody } from '@houtai/shared/contract/admin-depart';
import { http, unwrap } from '../../../../lib/http.ts';
import { DEPART_KEYS } from './depart-keys.ts';

export async function editDepart(body: DepartEditBody): Promise<string> {
  const res = await http.put<unknown>('/sys/sysDepart/edit', body);
  unwrap(res, '编辑失败');
  return res.message;
}

export function useEditDepart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: editDepart,
    onSuccess: () => void client.invalidateQueries({ queryKey: DEPART_KEYS.all }),
  });
}
