/** POST /sys/category/add and PUT /sys/category/edit; both reload every loaded level of the tree. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CategoryAddBody, CategoryEditBody, CategoryRecord } from '@houtai/shared/contract/category';
import { http, unwrap } from '../../../../lib/http.ts';
import { CATEGORY_KEYS } from './category-keys.ts';

export type CategoryBody = CategoryAddBody | CategoryEditBody;

/** Answers the server's message. */
export async function saveCategory(body: CategoryBody): Promise<string> {
  const res =
    'id' in body
      ? await http.put<CategoryRecord>('/sys/category/edit', body)
      : await http.post<CategoryRecord>('/sys/category/add', body);
  unwrap(res, 'id' in body ? '编辑失败' : '添加失败');
  return res.message;
}

export function useSaveCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCategory,
    onSuccess: () => void client.invalidateQueries({ queryKey: CATEGORY_KEYS.all }),
  });
}
