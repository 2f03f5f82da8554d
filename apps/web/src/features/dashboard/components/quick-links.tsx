/**
 * The user's most visited menu pages (analysisNavigate, as the current menu sees them) as links, each with the icon
 * of its menu entry; an empty state until some are visited.
 */
import { Link } from 'react-router';
import { Card, Empty, Grid, Typography, theme } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import type { NavRecord } from '../../../lib/analysis-navigate.ts';
import { hasMenuIcon, menuIcon } from '../../../lib/menu-icons.tsx';

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
              <span
                style={{ fontSize: 22, color: token.colorPrimary }}
                data-testid="quick-link-icon"
                data-icon={hasMenuIcon(link.icon) ? link.icon : 'appstore'}
              >
                {hasMenuIcon(link.icon) ? menuIcon(link.icon) : <AppstoreOutlined />}
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
