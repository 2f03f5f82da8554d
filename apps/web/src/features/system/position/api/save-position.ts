/** POST /sys/position/add (a new position) and PUT /sys/position/edit (with the version the user saw). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PositionAddBody, PositionEditBody } from '@houtai/shared/contract/admin-position';
import { http, unwrap } from '../../../../lib/http.ts';
import { POSITION_KEYS } from './position-keys.ts';

export type PositionBody = PositionAddBody | PositionEditBody;

/** Answers the server's message. */
export async function savePosition(body: PositionBody): Promise<string> {
  const res =
    'id' in body
      ? await http.put<unknown>('/sys/position/edit', body)
      : await http.post<unknown>('/sys/position/add', body);
  unwrap(res, 'id' in body ? '编辑失败' : '添加失败');
  return res.message;
}

export function useSavePosition() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: savePosition,
    onSuccess: () => void client.invalidateQueries({ queryKey: POSITION_KEYS.all }),
  });
}
