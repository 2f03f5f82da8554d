/**
 * Iframe pages (menu component layouts/IframePageView): the resolved menu address in a frame filling the
 * content area. The address was already limited to http(s) or a same-site path (safeMenuUrl). The
 * sandbox lets the embedded site run its scripts, forms and popups but not navigate this window.
 */
import { Result } from 'antd';
import { useMenuRoute } from './page-context.ts';

/** Header, tab bar and page header above the frame. */
const FRAME_OFFSET = 220;

export function IframePage() {
  const route = useMenuRoute();
  const url = route?.iframeUrl;
  if (!url) return <Result status="warning" title="页面地址无效" />;
  return (
    <iframe
      key={url}
      src={url}
      title={route.title}
      data-testid="iframe-page"
      sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads"
      referrerPolicy="no-referrer"
      style={{ width: '100%', height: `calc(100vh - ${FRAME_OFFSET}px)`, minHeight: 400, border: 0, display: 'block' }}
    />
  );
}
