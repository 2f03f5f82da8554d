/** react-query keys of 职务管理: a change to a position invalidates `all`. */
export const POSITION_KEYS = {
  all: ['system', 'position'] as const,
  list: ['system', 'position', 'list'] as const,
};
