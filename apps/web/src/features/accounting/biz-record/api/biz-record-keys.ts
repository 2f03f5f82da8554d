/** react-query keys of 业务数据: a change invalidates `all`. */
export const BIZ_RECORD_KEYS = {
  all: ['accounting', 'biz-record'] as const,
  list: ['accounting', 'biz-record', 'list'] as const,
};
