/**
 * 在线用户 (system/SysUserOnlineList): the live sessions — account, name, IP, sign-in time, last activity, client —
 * filtered by account, with 强制退出 (system:online:forceLogout, after a confirm) for every session but the caller's
 * own, which is marked 当前会话 (the server refuses it as well: one leaves by 退出登录).
 */
import { Avatar, Button, Flex, Form, Input, Popconfirm, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { ReloadOutlined, UserOutlined } from '@ant-design/icons';
import type { OnlineUser } from '@houtai/shared/contract/auth';
import { useFeedback } from '../../../lib/feedback.ts';
import { Authorized } from '../../../lib/permissions/index.ts';
import type { FitColumn } from '../../../lib/server-table/responsive-columns.ts';
import { resolveStaticUrl } from '../../../lib/static-url.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { ListPage } from '../../../widgets/list-page/list-page.tsx';
import { SearchForm } from '../../../widgets/list-page/search-form.tsx';
import { ONLINE_LIST_PATH, useForceLogout, useOnlineTable, type OnlineFilters } from './api/online-users.ts';

const FORCE_LOGOUT = 'system:online:forceLogout';

const LOGIN_TYPE_TEXT: Record<string, string> = {
  password: '账号密码',
  workNo: '工号',
  phone: '手机验证码',
  admin: '管理员代登录',
};

/** A User-Agent as '浏览器 / 系统' (the full text is in the tooltip). */
export function clientText(ua: string | null): string {
  if (!ua) return '-';
  const browser =
    /Edg\/(\d+)/.exec(ua)?.[1] !== undefined
      ? `Edge ${/Edg\/(\d+)/.exec(ua)![1]}`
      : /MicroMessenger\/([\d.]+)/.test(ua)
        ? '微信'
        : /Firefox\/(\d+)/.test(ua)
          ? `Firefox ${/Firefox\/(\d+)/.exec(ua)![1]}`
          : /Chrome\/(\d+)/.test(ua)
            ? `Chrome ${/Chrome\/(\d+)/.exec(ua)![1]}`
            : /Version\/(\d+).*Safari/.test(ua)
              ? `Safari ${/Version\/(\d+)/.exec(ua)![1]}`
              : null;
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Android/.test(ua)
        ? 'Android'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  if (!browser && !os) return ua.length > 24 ? `${ua.slice(0, 24)}…` : ua;
  return [browser, os].filter(Boolean).join(' / ');
}

export function OnlineUsersPage() {
  const { message } = useFeedback();
  const [form] = Form.useForm<OnlineFilters>();
  const list = useOnlineTable();
  const { table } = list;
  const kick = useFormSubmit({
    mutation: useForceLogout(),
    onSuccess: (text: string) => void message.success(text || '强制退出成功'),
  });

  const who = (r: OnlineUser) => (
    <Flex align="center" gap={8} style={{ minWidth: 0 }}>
      <Avatar size="small" src={r.avatar ? resolveStaticUrl(r.avatar) : undefined} icon={<UserOutlined />} alt="" />
      <Typography.Text>{r.username}</Typography.Text>
      {r.current ? (
        <Tag color="blue" data-testid="online-current">
          当前会话
        </Tag>
      ) : null}
    </Flex>
  );
  const client = (r: OnlineUser) => (
    <Tooltip title={r.userAgent ?? undefined}>
      <span>{clientText(r.userAgent)}</span>
    </Tooltip>
  );
  const action = (r: OnlineUser) =>
    r.current ? (
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        本人
      </Typography.Text>
    ) : (
      <Authorized action={FORCE_LOGOUT}>
        <Popconfirm
          title={`确定强制退出 ${r.realname || r.username} 的这个会话吗?`}
          onConfirm={() => kick.submit(r.token)}
        >
          <Button type="link" size="small" danger style={{ padding: 0 }} data-testid={`online-kick-${r.id}`}>
            强制退出
          </Button>
        </Popconfirm>
      </Authorized>
    );

  const columns: FitColumn<OnlineUser>[] = [
    { title: '用户账号', dataIndex: 'username', width: 200, render: (_: unknown, r) => who(r) },
    { title: '姓名', dataIndex: 'realname', width: 120, render: (v: string) => v || '-' },
    { title: 'IP', dataIndex: 'ip', width: 140, render: (v: string | null) => v || '-' },
    { title: '登录时间', dataIndex: 'loginTime', width: 170, render: (v: string | null) => v || '-' },
    { title: '最后活动', dataIndex: 'lastSeenTime', width: 170, render: (v: string | null) => v || '-' },
    { title: '客户端', dataIndex: 'userAgent', minWidth: 150, from: 'lg', render: (_: unknown, r) => client(r) },
    {
      title: '登录方式',
      dataIndex: 'loginType',
      width: 110,
      from: 'xl',
      render: (v: string) => LOGIN_TYPE_TEXT[v] ?? v,
    },
    { title: '操作', key: 'actions', width: 90, render: (_: unknown, r) => action(r) },
  ];
  const compactColumns: TableColumnsType<OnlineUser> = [
    {
      title: '在线用户',
      key: 'card',
      render: (_: unknown, r) => (
        <Flex vertical gap={2} style={{ minWidth: 0 }} data-testid="online-card">
          {who(r)}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {`${r.realname || '-'} · ${r.ip ?? '-'} · ${clientText(r.userAgent)}`}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {`登录：${r.loginTime ?? '-'} · 活动：${r.lastSeenTime ?? '-'}`}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: '操作', key: 'actions', width: 80, render: (_: unknown, r) => action(r) },
  ];

  return (
    <ListPage<OnlineUser, OnlineFilters>
      page={list}
      listKey={ONLINE_LIST_PATH}
      title="在线用户"
      search={
        <SearchForm form={form} onSearch={table.searchProps.onSearch} onReset={table.searchProps.onReset}>
          <Form.Item label="用户账号" name="username">
            <Input placeholder="请输入用户账号" allowClear maxLength={64} style={{ width: 180 }} />
          </Form.Item>
        </SearchForm>
      }
      toolbar={
        <Button icon={<ReloadOutlined />} onClick={() => void table.refetch()} data-testid="online-reload">
          刷新
        </Button>
      }
      columns={columns}
      compactColumns={compactColumns}
      emptyText="暂无在线用户"
      errorTitle="在线用户加载失败"
      data-testid="online-users-page"
      testIdPrefix="online"
    />
  );
}
