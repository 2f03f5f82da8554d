/** react-query keys of 账簿管理: a change invalidates `all`. */
export const LEDGER_KEYS = {
  all: ['accounting', 'ledger'] as const,
  list: ['accounting', 'ledger', 'list'] as const,
};
