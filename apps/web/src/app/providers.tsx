import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { FeedbackHost } from '../lib/feedback-host.tsx';
import { useThemeConfig } from './shell/settings-drawer/use-theme-config.ts';

dayjs.locale('zh-cn');

/** Theme from the user's display settings (antd tokens; no runtime style compile); starts the settings sync. */
function ThemedApp({ children }: { children: ReactNode }) {
  const theme = useThemeConfig();
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <FeedbackHost>{children}</FeedbackHost>
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
