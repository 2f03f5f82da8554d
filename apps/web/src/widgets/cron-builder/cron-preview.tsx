/**
 * The next ten run times of an expression, from the shared Quartz engine in the browser's time zone; the
 * validation message instead when the expression is invalid.
 */
import { useMemo, useState } from 'react';
import { Alert, Typography } from 'antd';
import { describeCron, formatLocal, instantToLocal, nextFireTimes, parseCron } from '@houtai/shared/cron/index';

export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export interface CronPreviewProps {
  expression: string;
  /** Default: the browser's zone. */
  timeZone?: string;
  /** Default: now. */
  from?: number;
}

export function CronPreview({ expression, timeZone, from }: CronPreviewProps) {
  const zone = timeZone ?? browserTimeZone();
  // The dialog's opening instant: the list does not shift while the user edits.
  const [now] = useState(() => Date.now());
  const result = useMemo(() => {
    const parsed = parseCron(expression);
    if (!parsed.ok) return { error: parsed.message };
    const times = nextFireTimes(parsed.cron, from ?? now, zone, 10).map((t) =>
      formatLocal(instantToLocal(t, zone)).replace('T', ' '),
    );
    return { description: describeCron(parsed.cron), times };
  }, [expression, zone, from, now]);

  if ('error' in result) {
    return <Alert type="error" showIcon title={result.error} data-testid="cron-error" />;
  }
  return (
    <section className="cron-preview" aria-label="最近10次运行时间" data-testid="cron-preview">
      <Typography.Text strong>最近10次运行时间</Typography.Text>{' '}
      <Typography.Text type="secondary" data-testid="cron-description">
        （{result.description}，{zone}）
      </Typography.Text>
      {result.times.length ? (
        <ol className="cron-preview__list">
          {result.times.map((t) => (
            <li key={t} data-testid="cron-preview-time">
              {t}
            </li>
          ))}
        </ol>
      ) : (
        <Typography.Paragraph>没有后续的运行时间</Typography.Paragraph>
      )}
    </section>
  );
}
