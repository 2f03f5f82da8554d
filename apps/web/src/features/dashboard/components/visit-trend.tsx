/**
 * The last seven days (GET /sys/visitInfo), with loading, empty and error states. Shown first as light
 * bars; 图表 loads ECharts on demand (about 190 kB gzipped, more than half the home page's other JS).
 */
import { useState } from 'react';
import { Alert, Button, Card, Empty, Segmented, Skeleton } from 'antd';
import { useVisitInfo } from '../api/get-visit-info.ts';
import { VisitDays } from './visit-days.tsx';
import { LazyVisitChart } from './visit-chart-lazy.tsx';

type View = '列表' | '图表';

export function VisitTrend() {
  const query = useVisitInfo();
  const [view, setView] = useState<View>('列表');
  let body;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (query.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title="访问趋势加载失败"
        description={query.error.message}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            重试
          </Button>
        }
      />
    );
  else if (query.data.length === 0) body = <Empty description="暂无访问数据" />;
  else if (view === '图表') body = <LazyVisitChart days={query.data} />;
  else body = <VisitDays days={query.data} />;
  return (
    <Card
      title="近7日访问"
      size="small"
      extra={
        <Segmented<View>
          size="small"
          options={['列表', '图表']}
          value={view}
          onChange={setView}
          data-testid="visit-view"
        />
      }
    >
      <div data-testid="visit-trend" style={{ minHeight: 300 }}>
        {body}
      </div>
    </Card>
  );
}
