/** GET /voucher/bizRecord/queryById: one record with its current version, for 编辑. */
import { ACCOUNTING_PATHS, type BizRecordRecord } from '@houtai/shared/contract/accounting';
import { http, unwrapResult } from '../../../../lib/http.ts';

export async function getBizRecord(id: string): Promise<BizRecordRecord> {
  return unwrapResult(await http.get<BizRecordRecord>(ACCOUNTING_PATHS.bizRecordQuery, { id }), '获取业务数据失败');
}
