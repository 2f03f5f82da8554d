/**
 * Logins and distinct addresses of the last seven days. Loaded on demand (see visit-chart-lazy.tsx):
 * only the parts of ECharts it draws with are imported, so the home page's first load stays light.
 */
import { useMemo } from 'react';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { VisitDay } from '../api/get-visit-info.ts';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export const VISIT_SERIES_NAME = '访问次数';
export const IP_SERIES_NAME = '访问IP数';

export interface VisitChartProps {
  days: readonly VisitDay[];
  height?: number;
}

export function visitChartOption(days: readonly VisitDay[]) {
  return {
    color: ['#1890FF', '#2FC25B'],
    tooltip: { trigger: 'axis' },
    legend: { data: [VISIT_SERIES_NAME, IP_SERIES_NAME], top: 0 },
    grid: { left: 8, right: 16, bottom: 8, top: 36, containLabel: true },
    xAxis: { type: 'category', data: days.map((d) => d.type) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: VISIT_SERIES_NAME, type: 'bar', barMaxWidth: 32, data: days.map((d) => d.visit) },
      { name: IP_SERIES_NAME, type: 'line', smooth: true, data: days.map((d) => d.ip) },
    ],
  };
}

export function VisitChart({ days, height = 300 }: VisitChartProps) {
  const option = useMemo(() => visitChartOption(days), [days]);
  return (
    <div data-testid="visit-chart">
      <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height, width: '100%' }} />
    </div>
  );
}
