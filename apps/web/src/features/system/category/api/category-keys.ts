/**
 * react-query keys of 分类字典: a write invalidates `all` (the paged top level and every loaded level of children).
 * The category pickers (widgets/tree-select) load through their own loader when they open, so they see it too.
 */
export const CATEGORY_KEYS = {
  all: ['system', 'category'] as const,
  roots: (params: object) => ['system', 'category', 'roots', params] as const,
  children: (pid: string) => ['system', 'category', 'children', pid] as const,
};
