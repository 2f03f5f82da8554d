/** What the router shows while a lazy page loads and when a page throws. */
import { lazy, Suspense } from 'react';
import { Spin, theme } from 'antd';

/**
 * The loading state of a page (and, full height, of the whole frame while the permissions load): the spinner with
 * a line of text. The text is what the browser counts as the first contentful paint (a spinner alone is not), and
 * it tells screen readers what is happening.
 */
export function PageSpinner({ fullPage = false }: { fullPage?: boolean }) {
  const { token } = theme.useToken();
  return (
    <div
      role="status"
      style={{
        minHeight: fullPage ? '100vh' : '60vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 12,
      }}
    >
      <Spin size="large" />
      <span style={{ color: token.colorTextSecondary, fontSize: token.fontSize }}>加载中…</span>
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
