/**
 * Who sees the ERP entrance (spec 000 §2.5, §6): holders of 'hz:entrance' in the session's auth list whose
 * current department code starts with A03 or A10, or whose username carries the admin marker. The server
 * checks the same again before handing out the encrypted user info.
 */
import { ADMIN_MARKER, ERP_DEPART_PREFIXES, ERP_ENTRANCE_PERMISSION } from '@houtai/shared/constants';
import type { PermissionEntry } from '@houtai/shared/contract/permission';

export interface ErpGateInput {
  auth: readonly PermissionEntry[] | null | undefined;
  username: string | null | undefined;
  /** The current department (userInfo.orgCode). */
  orgCode: string | null | undefined;
}

/** An enabled entry (status other than '0') whose comma-separated actions include `code`. */
function holds(auth: readonly PermissionEntry[], code: string): boolean {
  return auth.some((e) => e.status !== '0' && e.action.split(',').includes(code));
}

export function mayUseErpEntrance({ auth, username, orgCode }: ErpGateInput): boolean {
  if (!auth || !holds(auth, ERP_ENTRANCE_PERMISSION)) return false;
  if (username?.includes(ADMIN_MARKER)) return true;
  return !!orgCode && ERP_DEPART_PREFIXES.some((prefix) => orgCode.startsWith(prefix));
}

/** The ERP address with the encrypted user info as `data` (an address that already has a query keeps it). */
export function erpUrl(base: string, data: string): string {
  const url = new URL(base, window.location.origin);
  url.searchParams.set('data', data);
  return url.toString();
}
