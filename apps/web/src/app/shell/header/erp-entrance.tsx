/**
 * The ERP entrance attached to the logo (spec 000 §2.5, §6): a small 'ERP' badge right after the logo or
 * organisation name, shown to users who pass `mayUseErpEntrance` when an ERP address is configured; 进入ERP
 * is its tooltip and accessible name. A click fetches the encrypted user info and opens the ERP with it as
 * `data`; an empty answer warns '获取用户信息失败'. No props; place it with `LogoArea` (logo-area.tsx).
 */
import { Button, Tooltip } from 'antd';
import { SHELL_TEXT } from '@houtai/shared/constants';
import type { PermissionEntry } from '@houtai/shared/contract/permission';
import { getRuntimeConfig } from '../../../lib/runtime-config.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { STORAGE_KEYS, sessionStore } from '../../../lib/storage.ts';
import { getCryptUserInfo } from './api/get-crypt-user-info.ts';
import { erpUrl, mayUseErpEntrance } from './erp-gate.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';

/** The badge's visible text; the full 进入ERP is its tooltip and accessible name. */
const ERP_BADGE = 'ERP';

export function ErpEntrance() {
  const username = useSessionStore((s) => s.userInfo?.username);
  const orgCode = useSessionStore((s) => s.userInfo?.orgCode);
  // Before the permissions are (re)loaded, the list kept for this browser session decides.
  const auth = useSessionStore((s) => s.permissions?.auth) ?? sessionStore.get<PermissionEntry[]>(STORAGE_KEYS.auth);
  const base = getRuntimeConfig().externalLinks.erp;
  // The header is on every signed-in page: a pending flag, not react-query's mutation code.
  const enter = useFormSubmit<void, void, string>({
    mutation: useAction(getCryptUserInfo),
    onSuccess: (data) => {
      if (base) window.open(erpUrl(base, data), '_blank', 'noopener');
    },
  });

  if (!base || !mayUseErpEntrance({ auth, username, orgCode })) return null;

  return (
    <Tooltip title={SHELL_TEXT.erpEntrance}>
      <Button
        size="small"
        color="primary"
        variant="outlined"
        loading={enter.submitting}
        onClick={() => void enter.submit()}
        aria-label={SHELL_TEXT.erpEntrance}
        data-testid="erp-entrance"
        style={{ flex: 'none', paddingInline: 6, fontSize: 12, fontWeight: 600 }}
      >
        {ERP_BADGE}
      </Button>
    </Tooltip>
  );
}
