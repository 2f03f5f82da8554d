/** 欢迎进入 + the organisation's display name (spec 000 §2.5; a partner's name by thirdOrgCode). No props. */
import { Typography } from 'antd';
import { SHELL_TEXT } from '@houtai/shared/constants';
import { orgDisplayName } from '../../../lib/org-name.ts';
import { useSessionStore } from '../../../lib/session-store.ts';

export function HeaderGreeting() {
  const thirdOrgCode = useSessionStore((s) => s.userInfo?.thirdOrgCode);
  return (
    <Typography.Text strong data-testid="welcome" ellipsis>
      {SHELL_TEXT.welcome} {orgDisplayName(thirdOrgCode)}
    </Typography.Text>
  );
}
