/** react-query keys of the 系统通告 administration: a change to an announcement invalidates `all`. */
export const ANNOUNCEMENT_KEYS = {
  all: ['system', 'announcement'] as const,
  list: ['system', 'announcement', 'list'] as const,
};
