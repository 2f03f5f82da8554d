/**
 * GET /voucher/voucherTemplate/list (every business source leaf with its template) and GET …/subjects (the active
 * leaf subjects a line may use).
 */
import { useQuery } from '@tanstack/react-query';
import {
  TEMPLATE_PATHS,
  type TemplateSourceRecord,
  type TemplateSubjectOption,
} from '@houtai/shared/contract/accounting-template';
import { http, unwrapResult } from '../../../../lib/http.ts';
import { TEMPLATE_KEYS } from './template-keys.ts';

export async function fetchTemplates(): Promise<TemplateSourceRecord[]> {
  return unwrapResult(await http.get<TemplateSourceRecord[]>(TEMPLATE_PATHS.list), '获取凭证模板失败', Array.isArray);
}

export function useTemplates() {
  return useQuery({ queryKey: TEMPLATE_KEYS.list, queryFn: fetchTemplates, retry: false });
}

export async function fetchTemplateSubjects(): Promise<TemplateSubjectOption[]> {
  return unwrapResult(
    await http.get<TemplateSubjectOption[]>(TEMPLATE_PATHS.subjects),
    '获取会计科目失败',
    Array.isArray,
  );
}

export function useTemplateSubjects(enabled: boolean) {
  return useQuery({
    queryKey: TEMPLATE_KEYS.subjects,
    queryFn: fetchTemplateSubjects,
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}
