/** Menu icons by the names the server's menu rows carry (Ant Design Vue icon names). Unknown names show none. */
import type { ReactNode } from 'react';
import {
  AccountBookOutlined,
  AppstoreOutlined,
  DashboardOutlined,
  FileTextOutlined,
  HomeOutlined,
  MessageOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';

const ICONS: Readonly<Record<string, ReactNode>> = {
  dashboard: <DashboardOutlined />,
  home: <HomeOutlined />,
  tool: <ToolOutlined />,
  'account-book': <AccountBookOutlined />,
  team: <TeamOutlined />,
  message: <MessageOutlined />,
  setting: <SettingOutlined />,
  user: <UserOutlined />,
  appstore: <AppstoreOutlined />,
  'file-text': <FileTextOutlined />,
};

export function menuIcon(name: string | undefined): ReactNode {
  return name && Object.hasOwn(ICONS, name) ? ICONS[name] : undefined;
}
