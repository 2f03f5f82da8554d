/**
 * The page header (spec §2.3): breadcrumb from the matched menu chain (home first, the current page as
 * plain text, the others as links) and the page's menu title (a route-'0' menu entry's own title when
 * the location is its address). Hidden per route by hiddenHeaderContent.
 */
import { Link } from 'react-router';
import { Breadcrumb, Typography } from 'antd';
import { breadcrumbFor, isHeaderContentHidden } from '../../router/breadcrumb.ts';
import { matchTitle, type MenuRoute, type RouteMatch } from '../../router/menu-routes.ts';

export function PageHeader({ routes, match }: { routes: readonly MenuRoute[]; match: RouteMatch | null }) {
  if (!match || isHeaderContentHidden(match)) return null;
  const items = breadcrumbFor(routes, match).map((item) => ({
    key: item.key,
    title: item.href ? <Link to={item.href}>{item.title}</Link> : item.title,
  }));
  return (
    <div
      data-testid="page-header"
      style={{ background: 'var(--ant-color-bg-container, #fff)', padding: '12px 24px 4px', marginBottom: 16 }}
    >
      <Breadcrumb items={items} data-testid="breadcrumb" />
      <Typography.Title level={4} style={{ margin: '8px 0' }} data-testid="page-title">
        {matchTitle(match)}
      </Typography.Title>
    </div>
  );
}
