/** GET /voucher/billRecord/list?ledgerId&period: the documents (单据) of the ledger in the period. */
import { ACCOUNTING_PATHS, type BillRecord } from '@houtai/shared/contract/accounting';
import { WORKSPACE_KEYS } from './workspace-keys.ts';
import { useWorkspaceTable, workspaceLoader, type WorkspaceFilters } from './workspace-table.ts';

export const fetchBills = workspaceLoader<BillRecord>(ACCOUNTING_PATHS.bills, '获取单据失败');

export const useBillsTable = (filters: WorkspaceFilters) =>
  useWorkspaceTable(WORKSPACE_KEYS.bills, fetchBills, filters);
