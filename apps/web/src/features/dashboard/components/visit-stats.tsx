/** Three counters from GET /sys/loginfo, with loading and error states. */
import { Alert, Button, Card, Skeleton, Statistic } from 'antd';
import { useLoginInfo } from '../api/get-login-info.ts';

/** A loading counter: a bar inside the value's line, which keeps its height. */
function valuePlaceholder() {
  return <Skeleton.Input active size="small" />;
}

const CARDS = [
  { key: 'totalVisitCount', title: '总访问量' },
  { key: 'todayVisitCount', title: '今日访问量' },
  { key: 'todayIp', title: '今日访问IP' },
] as const;

export function VisitStats() {
  const query = useLoginInfo();
  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="访问统计加载失败"
        description={query.error.message}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            重试
          </Button>
        }
      />
    );
  }
  return (
    // Three across from 576 px, one column below (app/global.css).
    <div className="houtai-home-stats">
      {CARDS.map((c) => (
        <div key={c.key}>
          {/* While loading, a placeholder sits in the value's line, so the card has its final height from the start
              (a loading card, or the counter's own skeleton, is taller, and the row below moved up when the numbers
              came: layout shift). */}
          <Card size="small">
            <Statistic
              title={c.title}
              value={query.data?.[c.key] ?? 0}
              formatter={query.isPending ? valuePlaceholder : undefined}
              data-testid={`stat-${c.key}`}
            />
          </Card>
        </div>
      ))}
    </div>
  );
}
