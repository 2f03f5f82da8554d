/** GET /sys/position/queryById: one position with its version, for 编辑. */
import type { PositionRecord } from '@houtai/shared/contract/admin-position';
import { http, unwrapResult } from '../../../../lib/http.ts';

export async function getPosition(id: string): Promise<PositionRecord> {
  return unwrapResult(await http.get<PositionRecord>('/sys/position/queryById', { id }), '获取职务失败');
}
