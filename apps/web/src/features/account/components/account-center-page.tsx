/**
 * 个人中心 (account-center, /account/center): the signed-in user's profile, read-only. It shows the user
 * info kept with the session at once and replaces it with GET /sys/user/getUserInfo's answer; if that
 * fails, the kept info stays with a warning and a retry. Changes are made on 账户设置.
 */
import { useNavigate } from 'react-router';
import { Alert, Button, Card, Descriptions, Flex, Grid, Result, Skeleton, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { ACCOUNT_SETTINGS_PATH, SHELL_TEXT } from '@houtai/shared/constants';
import { useSessionStore } from '../../../lib/session-store.ts';
import { loadSettlementAccounts } from '../../../lib/settlement-accounts.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useUserInfo } from '../api/get-user-info.ts';
import { ProfileAvatar } from './profile-avatar.tsx';
import { profileRows } from '../profile-rows.ts';

export function AccountCenterPage() {
  useDocumentTitle(SHELL_TEXT.accountCenter);
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const kept = useSessionStore((s) => s.userInfo);
  const query = useUserInfo();
  const user = query.data ?? kept;
  const retry = () => void query.refetch();

  if (!user) {
    if (query.isError) {
      return (
        <Card data-testid="account-center-page" data-state="error">
          <Result
            status="error"
            title="获取个人信息失败"
            subTitle={query.error.message}
            extra={
              <Button type="primary" onClick={retry} loading={query.isFetching}>
                重试
              </Button>
            }
          />
        </Card>
      );
    }
    return (
      <Card data-testid="account-center-page" data-state="loading">
        <Skeleton avatar active paragraph={{ rows: 4 }} />
      </Card>
    );
  }

  const name = user.realname?.trim() || user.username;
  const rows = profileRows(user, loadSettlementAccounts());
  return (
    <Card data-testid="account-center-page" data-state={query.data ? 'fresh' : query.isError ? 'stale' : 'refreshing'}>
      <Flex vertical gap={24}>
        <Flex align="center" gap={16} wrap>
          <ProfileAvatar user={user} size={72} />
          <Flex vertical style={{ minWidth: 0, flex: 1 }}>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="account-center-name">
              {name}
            </Typography.Title>
            <Typography.Text type="secondary">{user.username}</Typography.Text>
          </Flex>
          <Button
            icon={<EditOutlined />}
            onClick={() => void navigate(ACCOUNT_SETTINGS_PATH)}
            data-testid="account-center-edit"
          >
            {SHELL_TEXT.accountSettings}
          </Button>
        </Flex>
        {query.isError && (
          <Alert
            type="warning"
            showIcon
            title="未能获取最新的个人信息，以下为登录时保存的信息"
            action={
              <Button size="small" onClick={retry} loading={query.isFetching}>
                重试
              </Button>
            }
            data-testid="account-center-stale"
          />
        )}
        <Descriptions
          bordered
          size={screens.sm === false ? 'small' : 'default'}
          column={{ xs: 1, sm: 1, md: 2 }}
          styles={{ label: { whiteSpace: 'nowrap' } }}
          data-testid="account-center-details"
          items={rows.map((row) => ({
            key: row.key,
            label: row.label,
            children: (
              <span data-testid={`account-center-${row.key}`}>
                {row.value ?? <Typography.Text type="secondary">{row.empty}</Typography.Text>}
              </span>
            ),
          }))}
        />
      </Flex>
    </Card>
  );
}
