/** The user's most visited pages (analysisNavigate) as links; an empty state until some are visited. */
import { Link } from 'react-router';
import { Card, Empty, Grid, Typography, theme } from 'antd';
import {
  AccountBookOutlined,
  AppstoreOutlined,
  DashboardOutlined,
  MessageOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { NavRecord } from '../../../lib/analysis-navigate.ts';

// The menu's icon names (antd 3 style); unknown ones get a neutral icon rather than pulling in every icon.
const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  tool: <ToolOutlined />,
  'account-book': <AccountBookOutlined />,
  team: <TeamOutlined />,
  message: <MessageOutlined />,
  setting: <SettingOutlined />,
  user: <UserOutlined />,
};

const LINK_STYLE = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 8,
  color: 'inherit',
} as const;

export function QuickLinks({ links }: { links: readonly NavRecord[] }) {
  const screens = Grid.useBreakpoint();
  const width = screens.md ? '25%' : '50%';
  const { token } = theme.useToken();
  return (
    <Card title="快捷导航" size="small" data-testid="quick-links">
      {links.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无常用页面，访问过的页面会显示在这里" />
      ) : (
        links.map((link) => (
          <Card.Grid key={link.path} style={{ width, padding: 16 }}>
            <Link to={link.path} style={LINK_STYLE} data-testid="quick-link" title={link.title}>
              <span style={{ fontSize: 22, color: token.colorPrimary }}>
                {(link.icon && ICONS[link.icon]) || <AppstoreOutlined />}
              </span>
              <Typography.Text ellipsis style={{ maxWidth: '100%' }}>
                {link.title}
              </Typography.Text>
            </Link>
          </Card.Grid>
        ))
      )}
    </Card>
  );
}
