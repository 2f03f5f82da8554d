/** POST /voucher/accSubject/add (a new subject) and PUT /voucher/accSubject/edit (with the version seen). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SUBJECT_PATHS, type SubjectAddBody, type SubjectEditBody } from '@houtai/shared/contract/accounting-subject';
import { http, unwrap } from '../../../../lib/http.ts';
import { SUBJECT_KEYS } from './subject-keys.ts';

export type SubjectBody = SubjectAddBody | SubjectEditBody;

export async function saveSubject(body: SubjectBody): Promise<string> {
  const edit = 'id' in body;
  const res = edit
    ? await http.put<unknown>(SUBJECT_PATHS.edit, body)
    : await http.post<unknown>(SUBJECT_PATHS.add, body);
  unwrap(res, edit ? '编辑失败' : '添加失败');
  return res.message;
}

export function useSaveSubject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSubject,
    onSuccess: () => void client.invalidateQueries({ queryKey: SUBJECT_KEYS.all }),
  });
}
