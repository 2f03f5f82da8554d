/**
 * The items of one dictionary (/sys/dictItem): list (in sortOrder), add, edit (PUT, with the version the user saw),
 * delete, deleteBatch, and dictItemCheck (the value is unique within its dictionary).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@houtai/shared/contract/common';
import {
  DICT_TEXT,
  type DictItemAddBody,
  type DictItemEditBody,
  type DictItemRecord,
} from '@houtai/shared/contract/dict-admin';
import { http, unwrap, unwrapResult } from '../../../../lib/http.ts';
import type { TablePage } from '../../../../lib/server-table/use-server-table.ts';
import type { TableParams } from '../../../../lib/server-table/table-state.ts';
import { DICT_KEYS } from './dict-keys.ts';
import { reloadDictionaries } from './refresh-dict-cache.ts';

export interface DictItemFilters {
  itemText?: string;
  status?: string;
}

export async function listDictItems(
  dictId: string,
  params: TableParams<DictItemFilters>,
): Promise<TablePage<DictItemRecord>> {
  const page = unwrapResult(
    await http.get<Page<DictItemRecord>>('/sys/dictItem/list', { ...params, dictId }),
    '获取字典项失败',
    (p) => Array.isArray(p.records),
  );
  return { records: page.records, total: page.total };
}

/** Resolves null when the value is free, else the server's message. */
export async function checkDictItemValue(dictId: string, itemValue: string, id?: string): Promise<string | null> {
  const res = await http.get<unknown>('/sys/dictItem/dictItemCheck', { dictId, itemValue, id });
  return res.success ? null : res.message || DICT_TEXT.itemValueTaken;
}

export type DictItemBody = DictItemAddBody | DictItemEditBody;

export async function saveDictItem(body: DictItemBody): Promise<string> {
  const res =
    'id' in body
      ? await http.put<unknown>('/sys/dictItem/edit', body)
      : await http.post<unknown>('/sys/dictItem/add', body);
  unwrap(res, 'id' in body ? '编辑失败' : '添加失败');
  return res.message;
}

export async function deleteDictItems(ids: readonly string[]): Promise<string> {
  const res =
    ids.length === 1
      ? await http.delete<unknown>('/sys/dictItem/delete', { id: ids[0] })
      : await http.delete<unknown>('/sys/dictItem/deleteBatch', { ids: ids.join(',') });
  unwrap(res, '删除失败');
  return res.message;
}

function useItemMutation<I>(dictId: string, fn: (input: I) => Promise<string>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: DICT_KEYS.items(dictId) });
      void reloadDictionaries(client);
    },
  });
}

export const useSaveDictItem = (dictId: string) => useItemMutation(dictId, saveDictItem);
export const useDeleteDictItems = (dictId: string) => useItemMutation(dictId, deleteDictItems);
