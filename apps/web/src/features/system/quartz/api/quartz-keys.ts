/** react-query keys of the 定时任务 administration: a change to a job invalidates `all` (list and run logs). */
export const QUARTZ_KEYS = {
  all: ['system', 'quartz'] as const,
  list: ['system', 'quartz', 'list'] as const,
  kinds: ['system', 'quartz', 'kinds'] as const,
  log: (jobId: string) => ['system', 'quartz', 'log', jobId] as const,
  preview: (cron: string) => ['system', 'quartz', 'preview', cron] as const,
};
