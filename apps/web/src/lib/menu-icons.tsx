/**
 * Icons by the names the server's menu rows carry (Ant Design Vue 1 icon names, JeecgBoot's set), shared by the
 * shell menu and the home page's quick links. Each icon is imported by name so that only these reach the bundle.
 */
import type { ReactNode } from 'react';
import {
  AccountBookOutlined,
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AreaChartOutlined,
  AuditOutlined,
  BarChartOutlined,
  BellOutlined,
  BookOutlined,
  CalendarOutlined,
  CarOutlined,
  CloudOutlined,
  ClusterOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DesktopOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FolderOutlined,
  FormOutlined,
  FundOutlined,
  HomeOutlined,
  IdcardOutlined,
  LineChartOutlined,
  LockOutlined,
  MessageOutlined,
  MonitorOutlined,
  NotificationOutlined,
  PieChartOutlined,
  ProfileOutlined,
  ProjectOutlined,
  ReadOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShopOutlined,
  SolutionOutlined,
  SoundOutlined,
  TableOutlined,
  TeamOutlined,
  ToolOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';

const ICONS: Readonly<Record<string, () => ReactNode>> = {
  'account-book': () => <AccountBookOutlined />,
  apartment: () => <ApartmentOutlined />,
  api: () => <ApiOutlined />,
  appstore: () => <AppstoreOutlined />,
  'area-chart': () => <AreaChartOutlined />,
  audit: () => <AuditOutlined />,
  'bar-chart': () => <BarChartOutlined />,
  bell: () => <BellOutlined />,
  book: () => <BookOutlined />,
  calendar: () => <CalendarOutlined />,
  car: () => <CarOutlined />,
  cloud: () => <CloudOutlined />,
  cluster: () => <ClusterOutlined />,
  dashboard: () => <DashboardOutlined />,
  database: () => <DatabaseOutlined />,
  desktop: () => <DesktopOutlined />,
  'file-search': () => <FileSearchOutlined />,
  'file-text': () => <FileTextOutlined />,
  folder: () => <FolderOutlined />,
  form: () => <FormOutlined />,
  fund: () => <FundOutlined />,
  home: () => <HomeOutlined />,
  idcard: () => <IdcardOutlined />,
  'line-chart': () => <LineChartOutlined />,
  lock: () => <LockOutlined />,
  message: () => <MessageOutlined />,
  monitor: () => <MonitorOutlined />,
  notification: () => <NotificationOutlined />,
  'pie-chart': () => <PieChartOutlined />,
  profile: () => <ProfileOutlined />,
  project: () => <ProjectOutlined />,
  read: () => <ReadOutlined />,
  safety: () => <SafetyOutlined />,
  schedule: () => <ScheduleOutlined />,
  setting: () => <SettingOutlined />,
  shop: () => <ShopOutlined />,
  solution: () => <SolutionOutlined />,
  sound: () => <SoundOutlined />,
  table: () => <TableOutlined />,
  team: () => <TeamOutlined />,
  tool: () => <ToolOutlined />,
  'unordered-list': () => <UnorderedListOutlined />,
  user: () => <UserOutlined />,
};

/** Every icon name drawn here, in order (the menu editor's icon picker offers these). */
export const MENU_ICON_NAMES: readonly string[] = Object.keys(ICONS).sort();

/** The icon of a menu icon name; undefined for none or an unknown name. */
export function menuIcon(name: string | null | undefined): ReactNode {
  return name && Object.hasOwn(ICONS, name) ? ICONS[name]!() : undefined;
}

/** Whether the name has an icon here. */
export function hasMenuIcon(name: string | null | undefined): boolean {
  return !!name && Object.hasOwn(ICONS, name);
}
