/** The logo: the organisation display name (spec §1), linking to the home route. */
import { Link } from 'react-router';
import { HOME_PATH } from '@houtai/shared/constants';
import { orgDisplayName } from '../../../lib/org-name.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { LAYOUT_SIZES } from './layout-sizes.ts';

export function Logo({
  collapsed,
  theme,
  inline = false,
}: {
  collapsed: boolean;
  theme: 'light' | 'dark';
  inline?: boolean;
}) {
  const thirdOrgCode = useSessionStore((s) => s.userInfo?.thirdOrgCode);
  const name = orgDisplayName(thirdOrgCode);
  return (
    <Link
      to={HOME_PATH}
      data-testid="logo"
      title={name}
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: inline ? 'flex-start' : 'center',
        height: LAYOUT_SIZES.header,
        padding: inline ? '0 24px 0 0' : '0 16px',
        fontWeight: 600,
        fontSize: 18,
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        color: theme === 'dark' ? '#fff' : 'rgba(0,0,0,0.88)',
      }}
    >
      <span
        aria-hidden
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          width: 28,
          height: 28,
          borderRadius: 6,
          background: 'var(--ant-color-primary, #1890FF)',
          color: '#fff',
          fontSize: 14,
          flex: 'none',
        }}
      >
        {name.slice(0, 1)}
      </span>
      {!collapsed && <span style={{ marginInlineStart: 10 }}>{name}</span>}
    </Link>
  );
}
