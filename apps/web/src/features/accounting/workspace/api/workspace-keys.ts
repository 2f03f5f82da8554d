/**
 * react-query keys of 核算工作台. Every child view's data sits under `views`: a generate or sync invalidates it, so
 * the view on screen reloads.
 */
export const WORKSPACE_KEYS = {
  ledgers: ['accounting', 'my-ledgers'] as const,
  sources: ['accounting', 'business-sources'] as const,
  views: ['accounting', 'workspace'] as const,
  bills: ['accounting', 'workspace', 'bills'] as const,
  vouchers: ['accounting', 'workspace', 'vouchers'] as const,
  voucherLines: (voucherId: string) => ['accounting', 'workspace', 'voucher-lines', voucherId] as const,
  syncLogs: ['accounting', 'workspace', 'sync-logs'] as const,
  balances: (ledgerId: string, period: string) => ['accounting', 'workspace', 'balances', ledgerId, period] as const,
  periods: (ledgerId: string) => ['accounting', 'workspace', 'periods', ledgerId] as const,
};
