/**
 * GET /sys/permission/checkPermDuplication: is a button's code (or a menu's path) free for this node (id absent
 * for a new one)? Resolves when it is; a taken one rejects with the server's message (BusinessError).
 */
import { http, unwrap } from '../../../../lib/http.ts';

export interface PermDuplicationQuery {
  id?: string | undefined;
  perms?: string | undefined;
  url?: string | undefined;
}

export async function checkPermDuplication(query: PermDuplicationQuery): Promise<void> {
  const params: Record<string, string> = {};
  for (const key of ['id', 'perms', 'url'] as const) {
    const v = query[key];
    if (v) params[key] = v;
  }
  unwrap(await http.get<unknown>('/sys/permission/checkPermDuplication', params), '校验失败');
}
