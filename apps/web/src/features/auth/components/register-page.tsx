import { Link, useNavigate } from 'react-router';
import { Typography } from 'antd';
import { LOGIN_PATH } from '@houtai/shared/constants';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { RegisterForm } from './register-form.tsx';

export const REGISTER_RESULT_PATH = '/user/register-result';

export function RegisterPage() {
  useDocumentTitle('注册');
  const navigate = useNavigate();
  return (
    <section>
      <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 24 }}>
        注册
      </Typography.Title>
      <RegisterForm
        onSuccess={(username) =>
          void navigate(`${REGISTER_RESULT_PATH}?account=${encodeURIComponent(username)}`, { replace: true })
        }
      />
      <div style={{ marginTop: 16, textAlign: 'right' }}>
        <Link to={LOGIN_PATH}>使用已有账户登录</Link>
      </div>
    </section>
  );
}
