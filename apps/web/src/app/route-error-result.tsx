/** The page shown when a route throws (loaded on demand by route-fallbacks.tsx). */
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, Result } from 'antd';

export function RouteErrorResult() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : '';
  return (
    <Result
      status="error"
      title="页面出错了"
      subTitle={detail}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          刷新页面
        </Button>
      }
    />
  );
}
