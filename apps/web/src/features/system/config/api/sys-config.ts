/**
 * GET /sys/sysConfig/list (the settings an administrator may edit, with their fields) and PUT
 * /sys/sysConfig/edit {code, value} (the value checked by the setting's shared schema on both sides).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SysConfigRecord } from '@houtai/shared/contract/sys-config';
import { http, unwrap } from '../../../../lib/http.ts';
import { listApi } from '../../../../lib/list-api.ts';
import { useListPage } from '../../../../widgets/list-page/use-list-page.ts';

export const CONFIG_KEYS = { all: ['system', 'config'] as const };
export const CONFIG_LIST_PATH = '/isystem/sysConfig';

const CONFIG_API = listApi<SysConfigRecord>({ list: '/sys/sysConfig/list' }, { loadFailed: '获取系统配置失败' });

export function useConfigTable() {
  return useListPage<SysConfigRecord>({ api: CONFIG_API, queryKey: CONFIG_KEYS.all });
}

export async function editConfig(body: { code: string; value: Record<string, unknown> }): Promise<string> {
  const res = await http.put<unknown>('/sys/sysConfig/edit', body);
  unwrap(res, '保存失败');
  return res.message;
}

export function useEditConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: editConfig,
    // A banner change reaches open pages by the server's push (cmd 'notice').
    onSuccess: () => void client.invalidateQueries({ queryKey: CONFIG_KEYS.all }),
  });
}
