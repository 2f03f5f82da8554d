import { Link, useNavigate } from 'react-router';
import { Typography } from 'antd';
import { LOGIN_PATH } from '@houtai/shared/constants';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { PasswordResetSteps } from './password-reset-steps.tsx';

/** /user/alteration: forgotten password, reset by an SMS code to the account's phone. */
export function AlterationPage() {
  useDocumentTitle('忘记密码');
  const navigate = useNavigate();
  return (
    <section>
      <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 24 }}>
        忘记密码
      </Typography.Title>
      <PasswordResetSteps onBackToLogin={() => void navigate(LOGIN_PATH, { replace: true })} />
      <div style={{ marginTop: 16, textAlign: 'right' }}>
        <Link to={LOGIN_PATH}>想起密码了？去登录</Link>
      </div>
    </section>
  );
}
