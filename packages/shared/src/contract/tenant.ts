/** The single tenant and the third-party apps (contract §2.10 `/sys/tenant/queryList`, `/sys/thirdApp/getEnabledType`). */
import { z } from 'zod';
import { optionalStr } from './common.ts';

/** Houtai serves one tenant; it has the id Jeecg's seed gives its first tenant. */
export const SINGLE_TENANT_ID = 1;

/** A SysTenant as Jeecg serialises it (login's tenantList, queryList): status 1 normal, 0 frozen. */
export interface TenantRecord {
  id: number;
  name: string;
  createBy: string | null;
  createTime: string | null;
  beginDate: string | null;
  endDate: string | null;
  status: number;
}

/** GET /sys/tenant/queryList: `ids` optionally narrows the list (comma list of tenant ids). */
export const TenantQueryListQuery = z.object({ ids: optionalStr(2000) });

/** The third-party apps the Vue clients know, each true when it is configured on this server. */
export const THIRD_APP_TYPES = ['wechatEnterprise', 'dingtalk'] as const;
export type ThirdAppType = (typeof THIRD_APP_TYPES)[number];
export type ThirdAppEnabled = Record<ThirdAppType, boolean>;
