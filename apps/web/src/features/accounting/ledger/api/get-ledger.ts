/** GET /voucher/ledger/queryById: one ledger with its version, for 编辑. */
import { LEDGER_PATHS, type LedgerRecord } from '@houtai/shared/contract/accounting-template';
import { http, unwrapResult } from '../../../../lib/http.ts';

export async function getLedger(id: string): Promise<LedgerRecord> {
  return unwrapResult(await http.get<LedgerRecord>(LEDGER_PATHS.queryById, { id }), '获取账簿失败');
}
