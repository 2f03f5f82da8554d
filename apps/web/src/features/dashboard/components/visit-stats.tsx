/** Three counters from GET /sys/loginfo, with loading and error states. */
import { Alert, Button, Card, Col, Row, Statistic } from 'antd';
import { useLoginInfo } from '../api/get-login-info.ts';

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
    <Row gutter={[16, 16]}>
      {CARDS.map((c) => (
        <Col key={c.key} xs={24} sm={8}>
          <Card size="small" loading={query.isPending}>
            <Statistic title={c.title} value={query.data?.[c.key] ?? 0} data-testid={`stat-${c.key}`} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
