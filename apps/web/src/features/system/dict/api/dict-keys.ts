/** react-query keys of 数据字典: a change to a dictionary invalidates `all`; a dictionary's items are under `items`. */
export const DICT_KEYS = {
  all: ['system', 'dict'] as const,
  list: ['system', 'dict', 'list'] as const,
  items: (dictId: string) => ['system', 'dict', 'items', dictId] as const,
};
