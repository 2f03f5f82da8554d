import { useNavigate, useSearchParams } from 'react-router';
import { Button, Result } from 'antd';
import { LOGIN_PATH } from '@houtai/shared/constants';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** After registration: the account name (from ?account=) and the way to the login page. */
export function RegisterResultPage() {
  useDocumentTitle('注册结果');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const account = params.get('account');
  return (
    <section>
      <Result
        status="success"
        title={account ? `你的账户：${account} 注册成功` : '注册成功'}
        subTitle="请使用注册的账户和密码登录系统。"
        extra={
          <Button
            type="primary"
            size="large"
            onClick={() => void navigate(LOGIN_PATH)}
            data-testid="register-result-login"
          >
            登录
          </Button>
        }
      />
    </section>
  );
}
