/** react-query keys of 凭证模板: a change invalidates `all`. */
export const TEMPLATE_KEYS = {
  all: ['accounting', 'template'] as const,
  list: ['accounting', 'template', 'list'] as const,
  subjects: ['accounting', 'template', 'subjects'] as const,
};
