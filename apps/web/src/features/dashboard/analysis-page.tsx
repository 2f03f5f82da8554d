/**
 * The home page (/dashboard/analysis, title 首页): greeting by hour, the user's most visited pages as
 * quick links, login statistics with a seven-day chart, and the user's own operations (操作日志).
 */
import { Suspense, lazy, useMemo, useState } from 'react';
import { Button, Card, Flex, Typography } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { HOME_PATH } from '@houtai/shared/constants';
import { QUICK_LINK_COUNT, topVisited, useNavRecords } from '../../lib/analysis-navigate.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useOwnOperateLogLoader } from './api/list-operate-log.ts';
import { QuickLinks } from './components/quick-links.tsx';
import { VisitStats } from './components/visit-stats.tsx';
import { VisitTrend } from './components/visit-trend.tsx';
import { greetingFor } from './greeting.ts';

// The dialog (antd Table, Pagination, Select) is fetched on the first click, not with the page.
const OperateLogModal = lazy(async () => ({
  default: (await import('../../widgets/operate-log-modal/operate-log-modal.tsx')).OperateLogModal,
}));

export function AnalysisPage() {
  useDocumentTitle('首页');
  const userInfo = useSessionStore((s) => s.userInfo);
  const name = userInfo?.realname || userInfo?.username || '';
  const records = useNavRecords();
  // Home itself is where the links are shown, so it is no quick link.
  const links = useMemo(() => topVisited(records, QUICK_LINK_COUNT, [HOME_PATH]), [records]);
  const [logOpen, setLogOpen] = useState(false);
  // Mounted from the first opening on, so that closing keeps its animation.
  const [logUsed, setLogUsed] = useState(false);
  const loadOwnLog = useOwnOperateLogLoader(userInfo?.username);

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="home-greeting">
            {greetingFor(new Date().getHours())}，{name}
          </Typography.Title>
          <Button
            icon={<HistoryOutlined />}
            onClick={() => {
              setLogUsed(true);
              setLogOpen(true);
            }}
            data-testid="open-operate-log"
          >
            操作日志
          </Button>
        </Flex>
      </Card>
      <VisitStats />
      <div className="houtai-home-panels">
        <QuickLinks links={links} />
        <VisitTrend />
      </div>
      {logUsed ? (
        <Suspense fallback={null}>
          <OperateLogModal open={logOpen} onClose={() => setLogOpen(false)} loader={loadOwnLog} />
        </Suspense>
      ) : null}
    </Flex>
  );
}
