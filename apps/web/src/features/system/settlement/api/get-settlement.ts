/** GET /sys/settlementOrg/queryById: one organisation with its version, for 编辑. */
import type { SettlementRecord } from '@houtai/shared/contract/admin-settlement';
import { http, unwrapResult } from '../../../../lib/http.ts';

export async function getSettlement(id: string): Promise<SettlementRecord> {
  return unwrapResult(await http.get<SettlementRecord>('/sys/settlementOrg/queryById', { id }), '获取结算组织失败');
}
