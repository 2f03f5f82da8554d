/** react-query keys of 结算组织: a change invalidates `all`; an organisation's users are under `users`. */
export const SETTLEMENT_KEYS = {
  all: ['system', 'settlement'] as const,
  list: ['system', 'settlement', 'list'] as const,
  users: (orgId: string) => ['system', 'settlement', 'users', orgId] as const,
};
