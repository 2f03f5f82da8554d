import { Typography } from 'antd';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useFinishLogin } from '../hooks/use-finish-login.ts';
import { PasswordLoginForm } from './password-login-form.tsx';

export const OAUTH2_LOGIN_PATH = '/oauth2-app/login';

/** Third-party application entry (spec §2.1 /oauth2-app/login): a plain password sign-in, then ?redirect= or home. */
export function OAuth2LoginPage() {
  useDocumentTitle('第三方应用登录');
  const finish = useFinishLogin();
  return (
    <section>
      <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 24 }}>
        第三方应用登录
      </Typography.Title>
      <PasswordLoginForm onSuccess={finish} />
    </section>
  );
}
