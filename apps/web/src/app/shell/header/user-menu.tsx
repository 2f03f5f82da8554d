/**
 * The header's user menu (spec 000 §2.5, §2.7, §4): avatar and name opening 个人中心, 账户设置, 系统设置,
 * 修改密码, 部门切换, 结算组织切换, 清除缓存 and 退出登录. It owns its dialogs and the settings drawer and reads
 * the session store itself. Must render inside the app's <FeedbackHost> and the router. No props.
 *
 * Keyboard (issue 11): the trigger is a real <button>, so Enter and Space open the menu, and ArrowDown does too;
 * the open menu takes focus (arrows move, Enter activates), Escape closes it and focus goes back to the trigger.
 * A dialog or the drawer opened from the menu hands focus back to the trigger when it closes (the menu item
 * that opened it is gone by then).
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Avatar, Dropdown, Grid, Space, type MenuProps } from 'antd';
import {
  ApartmentOutlined,
  BankOutlined,
  ClearOutlined,
  LockOutlined,
  LogoutOutlined,
  SettingOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { ACCOUNT_CENTER_PATH, ACCOUNT_SETTINGS_PATH, LOGIN_PATH, SHELL_TEXT } from '@houtai/shared/constants';
import type { SettlementAccount } from '@houtai/shared/contract/user';
import { logout } from '../../../lib/http.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { refreshDictCache } from '../dialogs/api/refresh-dict-cache.ts';
import { loadPage } from '../dialogs/reload-page.ts';
import { loadSettlementAccounts } from '../../../lib/settlement-accounts.ts';
import { loadModal, useFeedback } from '../../../lib/feedback.ts';
import { resolveStaticUrl } from '../../../lib/static-url.ts';

type Open = 'password' | 'depart' | 'account' | 'settings' | null;

/**
 * The dialogs and the drawer are loaded when the menu first opens (issue 11): their forms, selects and drawer are
 * ~20 kB gzipped of code the first screen never shows. They mount on their first opening, in a Suspense with no
 * fallback: the chunk has arrived by then, the menu asked for it.
 */
const loadDialogs = {
  password: () => import('../dialogs/change-password-dialog.tsx'),
  depart: () => import('../dialogs/depart-switch-dialog.tsx'),
  account: () => import('../dialogs/account-switch-dialog.tsx'),
  settings: () => import('../settings-drawer/settings-drawer.tsx'),
};
const ChangePasswordDialog = lazy(() => loadDialogs.password().then((m) => ({ default: m.ChangePasswordDialog })));
const DepartSwitchDialog = lazy(() => loadDialogs.depart().then((m) => ({ default: m.DepartSwitchDialog })));
const AccountSwitchDialog = lazy(() => loadDialogs.account().then((m) => ({ default: m.AccountSwitchDialog })));
const SettingsDrawer = lazy(() => loadDialogs.settings().then((m) => ({ default: m.SettingsDrawer })));

function preloadDialogs(): void {
  for (const load of Object.values(loadDialogs)) void load().catch(() => undefined);
}

/** Menu keys double as test ids (`user-menu-<key>`). */
export const USER_MENU_KEYS = {
  accountCenter: 'account-center',
  accountSettings: 'account-settings',
  systemSettings: 'system-settings',
  password: 'password',
  depart: 'depart',
  account: 'account',
  clearCache: 'clear-cache',
  logout: 'logout',
} as const;

const MENU_POPUP_CLASS = 'houtai-user-menu-popup';

function label(key: string, text: string) {
  return <span data-testid={`user-menu-${key}`}>{text}</span>;
}

export function UserMenu() {
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const userInfo = useSessionStore((s) => s.userInfo);
  const screens = Grid.useBreakpoint();
  const [open, setOpenState] = useState<Open>(null);
  // The dialogs and the drawer are mounted from their first opening on (and stay, so that closing keeps its
  // animation and focus return): closed, each still ran its hooks and had antd generate its styles (modal, drawer,
  // form) during the frame's first render — main-thread time on a phone before home is usable.
  const [used, setUsed] = useState<ReadonlySet<Exclude<Open, null>>>(() => new Set());
  const setOpen = useCallback((next: Open) => {
    if (next) setUsed((u) => (u.has(next) ? u : new Set(u).add(next)));
    setOpenState(next);
  }, []);
  const [accounts, setAccounts] = useState<SettlementAccount[]>([]);
  const [menuOpen, setMenuOpen] = useState(false);
  // antd's Dropdown takes over the ref of its child: the trigger is found in a box of our own.
  const box = useRef<HTMLSpanElement>(null);
  const close = useCallback(() => setOpen(null), [setOpen]);
  const focusTrigger = useCallback(() => box.current?.querySelector<HTMLButtonElement>('button')?.focus(), []);

  // The open menu takes focus, so the arrows move through its items (the popup mounts a frame or two later).
  useEffect(() => {
    if (!menuOpen) return;
    let frame = 0;
    let tries = 0;
    const focusMenu = () => {
      const menu = document.querySelector<HTMLElement>(`.${MENU_POPUP_CLASS} [role="menu"]`);
      if (menu) menu.focus();
      else if (++tries < 20) frame = requestAnimationFrame(focusMenu);
    };
    frame = requestAnimationFrame(focusMenu);
    // Escape closes the menu and hands focus back to the trigger (wherever focus is in the menu).
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMenuOpen(false);
      // After the menu's own key handling, which moves focus to its active item.
      setTimeout(focusTrigger, 0);
    };
    // Capture: before rc-dropdown's own Escape handler closes the menu (and this effect's cleanup removes this).
    window.addEventListener('keydown', onKey, true);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('keydown', onKey, true);
    };
  }, [menuOpen, focusTrigger]);

  const confirmLogout = () => {
    modal.confirm({
      title: '提示',
      content: SHELL_TEXT.logoutConfirm,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await logout();
        loadPage(LOGIN_PATH);
      },
      afterClose: focusTrigger,
    });
  };

  const clearCache = async () => {
    if (await refreshDictCache()) void message.success(SHELL_TEXT.cacheRefreshed);
    else void message.error(SHELL_TEXT.cacheRefreshFailed);
  };

  const openAccounts = () => {
    const list = loadSettlementAccounts();
    if (list.length === 0) {
      void message.warning(SHELL_TEXT.noAccounts);
      return;
    }
    setAccounts(list);
    setOpen('account');
  };

  const K = USER_MENU_KEYS;
  const items: MenuProps['items'] = [
    { key: K.accountCenter, icon: <UserOutlined />, label: label(K.accountCenter, SHELL_TEXT.accountCenter) },
    { key: K.accountSettings, icon: <SettingOutlined />, label: label(K.accountSettings, SHELL_TEXT.accountSettings) },
    { key: K.systemSettings, icon: <ToolOutlined />, label: label(K.systemSettings, SHELL_TEXT.systemSettings) },
    { key: K.password, icon: <LockOutlined />, label: label(K.password, SHELL_TEXT.changePassword) },
    { key: K.depart, icon: <ApartmentOutlined />, label: label(K.depart, SHELL_TEXT.switchDepart) },
    { key: K.account, icon: <BankOutlined />, label: label(K.account, SHELL_TEXT.switchAccount) },
    { key: K.clearCache, icon: <ClearOutlined />, label: label(K.clearCache, SHELL_TEXT.clearCache) },
    { type: 'divider' },
    { key: K.logout, icon: <LogoutOutlined />, label: label(K.logout, SHELL_TEXT.logout) },
  ];

  const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    // Chosen with Enter, the menu hands focus to the trigger button during the keydown: without this the
    // key's keypress would then "click" the trigger as well.
    domEvent.preventDefault();
    setMenuOpen(false);
    switch (key) {
      case K.accountCenter:
        void navigate(ACCOUNT_CENTER_PATH);
        return;
      case K.accountSettings:
        void navigate(ACCOUNT_SETTINGS_PATH);
        return;
      case K.systemSettings:
        // Once the closing menu has handed focus back to the trigger, so that the drawer's own focus comes last
        // (Escape closes the drawer only with focus inside it).
        setTimeout(() => setOpen('settings'), 0);
        return;
      case K.password:
        setOpen('password');
        return;
      case K.depart:
        setOpen('depart');
        return;
      case K.account:
        openAccounts();
        return;
      case K.clearCache:
        focusTrigger();
        void clearCache();
        return;
      case K.logout:
        confirmLogout();
        return;
    }
  };

  const name = userInfo?.realname || userInfo?.username || '';
  const nameHidden = screens.md === false;
  return (
    <>
      <span ref={box} style={{ display: 'contents' }}>
        <Dropdown
          menu={{ items, onClick }}
          trigger={['click']}
          placement="bottomRight"
          open={menuOpen}
          rootClassName={MENU_POPUP_CLASS}
          onOpenChange={(isOpen) => {
            setMenuOpen(isOpen);
            // The logout confirmation is a modal, the other entries open dialogs: start loading their modules
            // while the user picks an entry.
            if (isOpen) {
              void loadModal();
              preloadDialogs();
            }
          }}
        >
          <button
            type="button"
            aria-label={name || SHELL_TEXT.accountCenter}
            aria-haspopup="menu"
            aria-expanded={menuOpen}
            className="houtai-user-menu-trigger"
            onKeyDown={(e: KeyboardEvent) => {
              if (e.key !== 'ArrowDown') return;
              e.preventDefault();
              setMenuOpen(true);
              void loadModal();
            }}
            data-testid="user-menu"
          >
            <Space>
              <Avatar
                size="small"
                icon={<UserOutlined />}
                src={userInfo?.avatar ? resolveStaticUrl(userInfo.avatar) : undefined}
              />
              {/* On phones only the avatar; the name stays for screen readers in aria-label. A long name is cut
              short so that the header's right side keeps its width (403 px in the top-menu layout). */}
              <span
                data-testid="realname"
                hidden={nameHidden}
                title={name}
                style={{
                  whiteSpace: 'nowrap',
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  maxWidth: 112,
                  verticalAlign: 'top',
                  ...(nameHidden ? {} : { display: 'inline-block' }),
                }}
              >
                {name}
              </span>
            </Space>
          </button>
        </Dropdown>
      </span>
      <Suspense fallback={null}>
        {used.has('password') && (
          <ChangePasswordDialog open={open === 'password'} onClose={close} afterClose={focusTrigger} />
        )}
        {used.has('depart') && (
          <DepartSwitchDialog open={open === 'depart'} onClose={close} afterClose={focusTrigger} />
        )}
        {used.has('account') && (
          <AccountSwitchDialog
            open={open === 'account'}
            onClose={close}
            afterClose={focusTrigger}
            accounts={accounts}
          />
        )}
        {used.has('settings') && (
          <SettingsDrawer open={open === 'settings'} onClose={close} afterClose={focusTrigger} />
        )}
      </Suspense>
    </>
  );
}
