/** DELETE /sys/category/delete?id (refused by the server while the category has children). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, unwrap } from '../../../../lib/http.ts';
import { CATEGORY_KEYS } from './category-keys.ts';

export async function deleteCategory(id: string): Promise<string> {
  const res = await http.delete<unknown>('/sys/category/delete', { id });
  unwrap(res, '删除失败');
  return res.message;
}

export function useDeleteCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () => void client.invalidateQueries({ queryKey: CATEGORY_KEYS.all }),
  });
}
