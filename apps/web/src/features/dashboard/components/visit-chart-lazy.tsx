/** The chart's code (ECharts) arrives only when the chart is first drawn, with a placeholder meanwhile. */
import { Suspense, lazy } from 'react';
import { Skeleton } from 'antd';
import type { VisitChartProps } from './visit-chart.tsx';

const VisitChart = lazy(async () => ({ default: (await import('./visit-chart.tsx')).VisitChart }));

export function LazyVisitChart(props: VisitChartProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <VisitChart {...props} />
    </Suspense>
  );
}
