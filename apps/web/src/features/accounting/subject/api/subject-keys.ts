/** react-query keys of 会计科目: a change invalidates `all`; the tree is keyed by its filters. */
export const SUBJECT_KEYS = {
  all: ['accounting', 'subject'] as const,
  tree: (keyword: string, status: string) => ['accounting', 'subject', 'tree', keyword, status] as const,
};
