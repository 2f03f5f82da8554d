/**
 * The seven days as rows with proportional bars: no chart library, so it costs the first load nothing.
 * ECharts (visit-chart.tsx) is loaded only when the user switches to the chart.
 */
import { Flex, Typography, theme } from 'antd';
import type { VisitDay } from '../api/get-visit-info.ts';

export function VisitDays({ days }: { days: readonly VisitDay[] }) {
  const { token } = theme.useToken();
  const max = Math.max(1, ...days.map((d) => d.visit));
  return (
    <Flex vertical gap={10} data-testid="visit-days">
      {days.map((d) => (
        <Flex key={d.tian} align="center" gap={12}>
          <Typography.Text type="secondary" style={{ width: 44, flex: 'none' }}>
            {d.type}
          </Typography.Text>
          <div style={{ flex: 1, minWidth: 24, height: 12, background: token.colorFillSecondary, borderRadius: 6 }}>
            <div
              style={{
                width: `${(d.visit / max) * 100}%`,
                height: '100%',
                background: token.colorPrimary,
                borderRadius: 6,
              }}
            />
          </div>
          <Typography.Text style={{ minWidth: 96, flex: 'none', textAlign: 'right', whiteSpace: 'nowrap' }}>
            {d.visit} 次 · {d.ip} IP
          </Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}
