/**
 * The one tenant of a Houtai deployment, for the Jeecg clients' tenant pickers (the Vue2 user form calls
 * /sys/tenant/queryList). Its name is configuration (TENANT_NAME); it is always active and has no validity window.
 */
import { SINGLE_TENANT_ID, type TenantRecord } from '@houtai/shared/contract/tenant';

export function singleTenant(name: string): TenantRecord {
  return {
    id: SINGLE_TENANT_ID,
    name,
    createBy: null,
    createTime: null,
    beginDate: null,
    endDate: null,
    status: 1,
  };
}

/** Jeecg's queryList: the active tenants, narrowed to `ids` (a comma list; blanks and non-numbers match nothing). */
export function queryTenants(name: string, ids: string | undefined): TenantRecord[] {
  const tenant = singleTenant(name);
  if (ids === undefined || ids.trim() === '') return [tenant];
  const wanted = ids
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^\d+$/.test(s))
    .map(Number);
  return wanted.includes(tenant.id) ? [tenant] : [];
}
