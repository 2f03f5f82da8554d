/**
 * An administrator reset the password (PUT /sys/user/changePassword): the sign-in answer's userInfo says
 * mustChangePassword, and the server refuses every call but a few until a new password is picked. The shell is not
 * rendered meanwhile (its calls would only be refused); 修改密码 stays open and cannot be dismissed, 退出登录 is
 * offered instead. Once the new password is saved the flag is cleared and the shell renders.
 */
import { Layout, theme } from 'antd';
import { LOGIN_PATH } from '@houtai/shared/constants';
import { logout } from '../../../lib/http.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { ChangePasswordDialog } from './change-password-dialog.tsx';
import { loadPage } from './reload-page.ts';

export function ForcedPasswordChange() {
  const { token } = theme.useToken();
  const passwordChanged = () => {
    const { userInfo, setUserInfo } = useSessionStore.getState();
    if (userInfo) setUserInfo({ ...userInfo, mustChangePassword: false });
  };
  const signOut = () => {
    void logout().then(() => loadPage(LOGIN_PATH));
  };
  return (
    <Layout style={{ minHeight: '100vh', background: token.colorBgLayout }} data-testid="forced-password-change">
      <main aria-label="修改密码" />
      <ChangePasswordDialog open onClose={passwordChanged} forced={{ onSignOut: signOut }} />
    </Layout>
  );
}
