/**
 * The logo area (spec 000 §2.5: "an ERP entrance link on the logo"): the logo linking to the dashboard with the
 * gated ERP entrance attached — in the top-menu header ('logo'), at the top of the side menu ('sider'), and on
 * phones and tablets, where the logo sits in the closed drawer, beside the header's greeting ('greeting').
 * Props: `variant` 'logo' (with `theme`), 'sider' (with `theme`, `collapsed`) or 'greeting' (with `short` for
 * phones and `color`).
 */
import { Logo } from '../layout/logo.tsx';
import { ErpEntrance } from './erp-entrance.tsx';
import { HeaderGreeting } from './header-greeting.tsx';

export type LogoAreaProps =
  | { variant: 'logo'; theme: 'light' | 'dark' }
  | { variant: 'sider'; theme: 'light' | 'dark'; collapsed: boolean }
  | { variant: 'greeting'; short?: boolean; color?: string };

export function LogoArea(props: LogoAreaProps) {
  if (props.variant === 'logo') {
    return (
      <div data-testid="logo-area" style={{ display: 'flex', alignItems: 'center', flex: 'none' }}>
        <Logo collapsed={false} theme={props.theme} inline />
        {/* The inline logo keeps 24 px before the menu: the badge moves into that gap, 8 px after the name. */}
        <span style={{ display: 'inline-flex', marginInline: '-16px 16px' }}>
          <ErpEntrance />
        </span>
      </div>
    );
  }
  if (props.variant === 'sider') {
    return (
      <div data-testid="logo-area" style={{ position: 'relative' }}>
        <Logo collapsed={props.collapsed} theme={props.theme} />
        {/* Collapsed to 80 px there is no room for it; the expanded side menu shows it under the name's end. */}
        {!props.collapsed && (
          <span style={{ position: 'absolute', insetInlineEnd: 12, top: '50%', transform: 'translateY(-50%)' }}>
            <ErpEntrance />
          </span>
        )}
      </div>
    );
  }
  return (
    <div data-testid="logo-area" style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 }}>
      <HeaderGreeting short={props.short} color={props.color} />
      <ErpEntrance />
    </div>
  );
}
