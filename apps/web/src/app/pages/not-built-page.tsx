/** Shown for a menu whose screen the client does not have yet: says so instead of a blank page. */
import { Result } from 'antd';
import { useMenuRoute } from './page-context.ts';

export function NotBuiltPage() {
  const route = useMenuRoute();
  return (
    <Result
      status="info"
      title={route?.title ?? '页面建设中'}
      subTitle="该页面尚未开放，敬请期待"
      data-testid="not-built-page"
    />
  );
}
