/**
 * The business sources (业务来源) of the generate / sync modal: GET /sys/category/loadTreeRoot?async=false&pcode=A01
 * answers A01's children with their descendants; the modal offers those that are not leaves. The children (code,
 * title, leaf) are kept in session storage under DATASOURCE (spec §3), so the modal asks once per browser session.
 */
import { useQuery } from '@tanstack/react-query';
import { ACCOUNTING_LIMITS } from '@houtai/shared/contract/accounting';
import type { TreeSelectModel } from '@houtai/shared/contract/dict';
import { http, unwrapResult } from '../../../../lib/http.ts';
import { sessionStore } from '../../../../lib/storage.ts';
import { WORKSPACE_KEYS } from './workspace-keys.ts';

export interface BusinessSource {
  code: string;
  title: string;
  leaf: boolean;
}

function isSourceList(v: unknown): v is BusinessSource[] {
  return (
    Array.isArray(v) &&
    v.every(
      (s: unknown) =>
        typeof s === 'object' &&
        s !== null &&
        typeof (s as BusinessSource).code === 'string' &&
        typeof (s as BusinessSource).title === 'string' &&
        typeof (s as BusinessSource).leaf === 'boolean',
    )
  );
}

export async function fetchBusinessSources(): Promise<BusinessSource[]> {
  const cached = sessionStore.get<unknown>(ACCOUNTING_LIMITS.sourceCacheKey);
  if (isSourceList(cached)) return cached;
  const nodes = unwrapResult(
    await http.get<TreeSelectModel[]>('/sys/category/loadTreeRoot', {
      async: 'false',
      pcode: ACCOUNTING_LIMITS.sourceRoot,
    }),
    '获取业务来源失败',
    Array.isArray,
  );
  const sources = nodes
    .filter((n) => typeof n.code === 'string' && n.code !== '')
    .map((n) => ({ code: n.code!, title: n.title, leaf: n.leaf }));
  sessionStore.set(ACCOUNTING_LIMITS.sourceCacheKey, sources);
  return sources;
}

/** Select options: the non-leaf sources; in the generate modal the excluded ones (A01A04, A01A05) are disabled. */
export function sourceOptions(sources: readonly BusinessSource[], generate: boolean) {
  const excluded: readonly string[] = ACCOUNTING_LIMITS.generateExcluded;
  return sources
    .filter((s) => !s.leaf)
    .map((s) => ({ value: s.code, label: s.title, disabled: generate && excluded.includes(s.code) }));
}

export function useBusinessSources(enabled: boolean) {
  return useQuery({
    queryKey: WORKSPACE_KEYS.sources,
    queryFn: fetchBusinessSources,
    enabled,
    retry: false,
    staleTime: Infinity,
  });
}
