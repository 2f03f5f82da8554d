/** DELETE /voucher/accSubject/delete?id: refused by the server, with the reason, while anything uses the subject. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SUBJECT_PATHS, SUBJECT_TEXT } from '@houtai/shared/contract/accounting-subject';
import { http, unwrap } from '../../../../lib/http.ts';
import { SUBJECT_KEYS } from './subject-keys.ts';

export async function deleteSubject(id: string): Promise<string> {
  const res = await http.delete<unknown>(SUBJECT_PATHS.delete, { id });
  unwrap(res, '删除失败');
  return res.message || SUBJECT_TEXT.deleted;
}

export function useDeleteSubject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteSubject,
    onSuccess: () => void client.invalidateQueries({ queryKey: SUBJECT_KEYS.all }),
  });
}
