import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Result, Spin, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { HOME_PATH, LOGIN_BY_ADMIN_PERMISSION, LOGIN_PATH } from '@houtai/shared/constants';
import type { PermissionEntry } from '@houtai/shared/contract/permission';
import { USERNAME_REQUIRED } from '@houtai/shared/validation';
import { useSessionStore } from '../../../lib/session-store.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { fetchUserPermission } from '../api/get-user-permission.ts';
import { endSession, loginByAdmin } from '../api/login-by-admin.ts';

export const LOGIN_BY_ADMIN_PATH = '/user/LoginByAdmin';

/** True when one of the user's button permissions (comma lists allowed) is the given code. */
export function holdsAction(auth: readonly PermissionEntry[], code: string): boolean {
  return auth.some((a) => a.action.split(',').some((s) => s.trim() === code));
}

/**
 * /user/LoginByAdmin: an administrator who is signed in and holds system:user:loginByAdmin signs in as
 * another user. The new session replaces the administrator's, whose own session is then ended.
 */
export function LoginByAdminPage() {
  useDocumentTitle('以用户身份登录');
  const token = useSessionStore((s) => s.token);
  return (
    <section>
      <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 24 }}>
        以用户身份登录
      </Typography.Title>
      {token ? <PermissionGate token={token} /> : <NeedsAdmin signedIn={false} />}
    </section>
  );
}

function PermissionGate({ token }: { token: string }) {
  // Same key as the route guard's permission load, so a signed-in administrator's list is reused.
  const query = useQuery({
    queryKey: ['user-permission', token],
    queryFn: fetchUserPermission,
    retry: false,
  });
  if (query.isPending)
    return (
      <div style={{ textAlign: 'center', padding: 24 }}>
        <Spin />
      </div>
    );
  if (query.isError)
    return (
      <Result
        status="error"
        title="获取权限失败"
        subTitle="无法确认当前用户的权限，请重新登录后再试。"
        extra={<Link to={`${LOGIN_PATH}?redirect=${encodeURIComponent(LOGIN_BY_ADMIN_PATH)}`}>去登录</Link>}
      />
    );
  if (!holdsAction(query.data.auth, LOGIN_BY_ADMIN_PERMISSION)) return <NeedsAdmin signedIn />;
  return <LoginByAdminForm adminToken={token} />;
}

function NeedsAdmin({ signedIn }: { signedIn: boolean }) {
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      title="需要管理员权限"
      subTitle={`以用户身份登录需要由已登录、并拥有「${LOGIN_BY_ADMIN_PERMISSION}」权限的管理员操作。${
        signedIn ? '当前用户没有该权限。' : '请先以管理员身份登录。'
      }`}
      extra={
        signedIn ? (
          <Button onClick={() => void navigate(HOME_PATH)}>返回首页</Button>
        ) : (
          <Button
            type="primary"
            onClick={() => void navigate(`${LOGIN_PATH}?redirect=${encodeURIComponent(LOGIN_BY_ADMIN_PATH)}`)}
          >
            管理员登录
          </Button>
        )
      }
      data-testid="login-by-admin-denied"
    />
  );
}

export function LoginByAdminForm({ adminToken }: { adminToken: string }) {
  const [form] = Form.useForm<{ username: string }>();
  const navigate = useNavigate();
  const signIn = useSessionStore((s) => s.signIn);
  const [error, setError] = useState<string | null>(null);

  const { submit, submitting } = useFormSubmit({
    mutation: useAction(loginByAdmin),
    input: ({ username }: { username: string }) => username.trim(),
    onSuccess: (result) => {
      signIn(result);
      void endSession(adminToken);
      void navigate(HOME_PATH, { replace: true });
    },
    onStart: () => setError(null),
    onFailure: setError,
  });

  return (
    <Form form={form} size="large" onFinish={(v) => void submit(v)} autoComplete="off">
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 24 }} data-testid="login-by-admin-error" />
      )}
      <Typography.Paragraph type="secondary">
        输入要登录的用户账号，登录后将以该用户的身份使用系统。
      </Typography.Paragraph>
      <Form.Item name="username" rules={[{ required: true, whitespace: true, message: USERNAME_REQUIRED }]}>
        <Input prefix={<UserOutlined />} placeholder="请输入用户名" aria-label="用户账号" maxLength={64} />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-by-admin-submit">
          登录
        </Button>
      </Form.Item>
    </Form>
  );
}
