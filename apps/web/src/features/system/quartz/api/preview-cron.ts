/** GET /sys/quartzJob/preview: the next fire times of an expression, as the server's engine reads it (Asia/Shanghai). */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { QUARTZ_LIMITS, type QuartzPreviewResult } from '@houtai/shared/contract/quartz';
import { validateCron } from '@houtai/shared/cron/parse';
import { http, unwrapResult } from '../../../../lib/http.ts';
import { QUARTZ_KEYS } from './quartz-keys.ts';

/** How long typing pauses before the preview is asked for. */
export const PREVIEW_DELAY_MS = 300;

export async function previewCron(cronExpression: string): Promise<QuartzPreviewResult> {
  const res = await http.get<QuartzPreviewResult>('/sys/quartzJob/preview', {
    cronExpression,
    count: QUARTZ_LIMITS.previewDefault,
  });
  return unwrapResult(res, '获取执行时间失败', (r) => Array.isArray(r.times));
}

/**
 * The preview of what the user typed, once typing pauses; nothing is asked for a blank or invalid expression (the
 * cron input shows the engine's message for those).
 */
export function useCronPreview(expression: string | undefined) {
  const text = (expression ?? '').trim().replace(/\s+/g, ' ');
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const valid = settled !== '' && validateCron(settled) === null;
  const query = useQuery({
    queryKey: QUARTZ_KEYS.preview(settled),
    queryFn: () => previewCron(settled),
    enabled: valid,
    gcTime: 0,
  });
  return { expression: settled, valid, query };
}
