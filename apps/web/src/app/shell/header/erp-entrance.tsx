/**
 * The ERP entrance next to the logo (spec 000 §2.5, §6): shown to users who pass `mayUseErpEntrance` when an
 * ERP address is configured. A click fetches the encrypted user info and opens the ERP with it as `data`;
 * an empty answer warns '获取用户信息失败'. No props.
 */
import { useState } from 'react';
import { Button, Grid, Tooltip } from 'antd';
import { LoginOutlined } from '@ant-design/icons';
import { SHELL_TEXT } from '@houtai/shared/constants';
import type { PermissionEntry } from '@houtai/shared/contract';
import { HttpError } from '../../../lib/http.ts';
import { getRuntimeConfig } from '../../../lib/runtime-config.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { STORAGE_KEYS, sessionStore } from '../../../lib/storage.ts';
import { getCryptUserInfo } from './api/get-crypt-user-info.ts';
import { erpUrl, mayUseErpEntrance } from './erp-gate.ts';
import { useFeedback } from '../../../lib/feedback.ts';

export function ErpEntrance() {
  const { message } = useFeedback();
  const [busy, setBusy] = useState(false);
  const screens = Grid.useBreakpoint();
  const username = useSessionStore((s) => s.userInfo?.username);
  const orgCode = useSessionStore((s) => s.userInfo?.orgCode);
  // Before the permissions are (re)loaded, the list kept for this browser session decides.
  const auth = useSessionStore((s) => s.permissions?.auth) ?? sessionStore.get<PermissionEntry[]>(STORAGE_KEYS.auth);
  const base = getRuntimeConfig().externalLinks.erp;

  if (!base || !mayUseErpEntrance({ auth, username, orgCode })) return null;

  const enter = async () => {
    setBusy(true);
    try {
      const data = await getCryptUserInfo();
      if (!data) {
        void message.warning(SHELL_TEXT.cryptUserInfoEmpty);
        return;
      }
      window.open(erpUrl(base, data), '_blank', 'noopener');
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
    } finally {
      setBusy(false);
    }
  };

  // On phones the icon alone, the text in a tooltip and the accessible name.
  const iconOnly = screens.md === false;
  return (
    <Tooltip title={iconOnly ? SHELL_TEXT.erpEntrance : undefined}>
      <Button
        type="link"
        icon={<LoginOutlined />}
        loading={busy}
        onClick={() => void enter()}
        aria-label={SHELL_TEXT.erpEntrance}
        data-testid="erp-entrance"
      >
        {iconOnly ? null : SHELL_TEXT.erpEntrance}
      </Button>
    </Tooltip>
  );
}
