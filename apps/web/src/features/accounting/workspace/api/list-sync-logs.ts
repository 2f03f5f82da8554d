/** GET /voucher/syncLog/list?ledgerId&period: the synchronisation runs (同步日志) into the ledger. */
import { ACCOUNTING_PATHS, type SyncLogRecord } from '@houtai/shared/contract/accounting';
import { WORKSPACE_KEYS } from './workspace-keys.ts';
import { useWorkspaceTable, workspaceLoader, type WorkspaceFilters } from './workspace-table.ts';

export const fetchSyncLogs = workspaceLoader<SyncLogRecord>(ACCOUNTING_PATHS.syncLogs, '获取同步日志失败');

export const useSyncLogsTable = (filters: WorkspaceFilters) =>
  useWorkspaceTable(WORKSPACE_KEYS.syncLogs, fetchSyncLogs, filters);
