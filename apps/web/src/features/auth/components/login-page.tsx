import { Link } from 'react-router';
import { Tabs } from 'antd';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useFinishLogin } from '../hooks/use-finish-login.ts';
import { PasswordLoginForm } from './password-login-form.tsx';
import { PhoneLoginForm } from './phone-login-form.tsx';

export function LoginPage() {
  useDocumentTitle('登录');
  const finish = useFinishLogin();
  return (
    <>
      <Tabs
        centered
        destroyOnHidden
        items={[
          { key: 'password', label: '账号密码登录', children: <PasswordLoginForm onSuccess={finish} /> },
          { key: 'phone', label: '手机号登录', children: <PhoneLoginForm onSuccess={finish} /> },
        ]}
      />
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
        <Link to="/user/alteration" data-testid="login-forgot">
          忘记密码
        </Link>
        <Link to="/user/register" data-testid="login-register">
          注册账户
        </Link>
      </div>
    </>
  );
}
