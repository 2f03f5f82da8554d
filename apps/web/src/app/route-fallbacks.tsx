/** What the router shows while a lazy page loads and when a page throws. */
import { lazy, Suspense } from 'react';
import { Spin } from 'antd';

export function PageSpinner() {
  return (
    <div style={{ minHeight: '60vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Spin size="large" />
    </div>
  );
}

// The error page (antd's Result) is loaded only when a page fails, not with every first screen.
const ErrorResult = lazy(() => import('./route-error-result.tsx').then((m) => ({ default: m.RouteErrorResult })));

export function RouteErrorPage() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <ErrorResult />
    </Suspense>
  );
}
