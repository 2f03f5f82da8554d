/** POST /sys/sysDepart/add: a department (the server makes its org code and level). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DepartAddBody, DepartRecord } from '@houtai/shared/contract/admin-depart';
import { http, unwrapResult } from '../../../../lib/http.ts';
import { DEPART_KEYS } from './depart-keys.ts';

export interface AddedDepart {
  record: DepartRecord;
  message: string;
}

export async function addDepart(body: DepartAddBody): Promise<AddedDepart> {
  const res = await http.post<DepartRecord>('/sys/sysDepart/add', body);
  return { record: unwrapResult(res, '添加失败'), message: res.message };
}

export function useAddDepart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addDepart,
    onSuccess: () => void client.invalidateQueries({ queryKey: DEPART_KEYS.all }),
  });
}
