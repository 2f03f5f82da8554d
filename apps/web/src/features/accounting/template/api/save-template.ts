/**
 * POST /voucher/voucherTemplate/save (create or replace a source's template with its lines, the version seen) and
 * DELETE /voucher/voucherTemplate/delete?dataSource.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TEMPLATE_PATHS, type TemplateSaveBody } from '@houtai/shared/contract/accounting-template';
import { http, unwrap } from '../../../../lib/http.ts';
import { TEMPLATE_KEYS } from './template-keys.ts';

export async function saveTemplate(body: TemplateSaveBody): Promise<string> {
  const res = await http.post<unknown>(TEMPLATE_PATHS.save, body);
  unwrap(res, '保存失败');
  return res.message;
}

export async function deleteTemplate(dataSource: string): Promise<string> {
  const res = await http.delete<unknown>(TEMPLATE_PATHS.delete, { dataSource });
  unwrap(res, '删除失败');
  return res.message;
}

export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveTemplate,
    onSuccess: () => void client.invalidateQueries({ queryKey: TEMPLATE_KEYS.list }),
  });
}

export function useDeleteTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: () => void client.invalidateQueries({ queryKey: TEMPLATE_KEYS.list }),
  });
}
