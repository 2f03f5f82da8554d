/**
 * 欢迎进入 + the organisation's display name (spec 000 §1, §2.5; a partner's name by thirdOrgCode).
 * Props: `short` shows the name alone (phones); `color` for the dark top-menu header. Ellipsised when the
 * header is narrow; the full greeting stays in the title.
 */
import { Typography } from 'antd';
import { SHELL_TEXT } from '@houtai/shared/constants';
import { orgDisplayName } from '../../../lib/org-name.ts';
import { useSessionStore } from '../../../lib/session-store.ts';

export interface HeaderGreetingProps {
  short?: boolean;
  color?: string;
}

export function HeaderGreeting({ short = false, color }: HeaderGreetingProps) {
  const thirdOrgCode = useSessionStore((s) => s.userInfo?.thirdOrgCode);
  const name = orgDisplayName(thirdOrgCode);
  const full = `${SHELL_TEXT.welcome} ${name}`;
  return (
    <Typography.Text
      strong
      data-testid="welcome"
      title={full}
      style={{ minWidth: 0, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', color }}
    >
      {short ? name : full}
    </Typography.Text>
  );
}
