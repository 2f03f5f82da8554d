import { useEffect, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { setFeedback } from '../lib/feedback.ts';
import { useThemeConfig } from './shell/settings-drawer/use-theme-config.ts';

dayjs.locale('zh-cn');

/** Notification toasts last 15 s (spec §9). */
const NOTIFICATION_SECONDS = 15;

/** Hands antd's themed notification/modal/message to non-React code (the http client). */
function FeedbackBridge() {
  const feedback = App.useApp();
  useEffect(() => setFeedback(feedback), [feedback]);
  return null;
}

/** Theme from the user's display settings (antd tokens; no runtime style compile); starts the settings sync. */
function ThemedApp({ children }: { children: ReactNode }) {
  const theme = useThemeConfig();
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <App notification={{ duration: NOTIFICATION_SECONDS }}>
        <FeedbackBridge />
        {children}
      </App>
    </ConfigProvider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: false } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <ThemedApp>{children}</ThemedApp>
    </QueryClientProvider>
  );
}
