/**
 * One menu table, three clients. Our web app reads our component names; the JeecgBoot Vue2 and Vue3 UIs can only
 * render the components they ship, so getUserPermissionByToken answers them with their own component names and
 * leaves out the screens they do not have (a click on an unknown component does nothing in those UIs).
 */
import { CLIENT_HEADER, HOUTAI_CLIENT, VERSION_HEADER } from '@houtai/shared/contract/permission';
import type { MenuRow } from './user-permission.repository.ts';

export type MenuClient = 'houtai' | 'jeecg-vue2' | 'jeecg-vue3';
export const MENU_CLIENTS: readonly MenuClient[] = ['houtai', 'jeecg-vue2', 'jeecg-vue3'];

type Headers = Record<string, string | string[] | undefined>;

function header(headers: Headers, name: string): string {
  const raw = headers[name.toLowerCase()];
  return (Array.isArray(raw) ? raw[0] : raw)?.trim().toLowerCase() ?? '';
}

/** `X-Client: houtai` → our app; `X-Version: v3` → Jeecg's Vue3 UI; neither → Jeecg's Vue2 UI (it sends nothing). */
export function menuClientOf(headers: Headers): MenuClient {
  if (header(headers, CLIENT_HEADER) === HOUTAI_CLIENT) return 'houtai';
  if (header(headers, VERSION_HEADER) === 'v3') return 'jeecg-vue3';
  return 'jeecg-vue2';
}

/** A Jeecg client's component for one of ours; null: that client has no such screen and the entry is left out. */
export interface JeecgComponents {
  vue2: string | null;
  vue3: string | null;
}

/**
 * Every component our menus use (seeds and migrations), with the Vue2 UI's (ant-design-vue-jeecg 3.4.3
 * `src/views/**`) and the Vue3 UI's (jeecgboot-vue3 `src/views/**`, containers `layouts/default/index`) equivalent.
 * A component not listed here (an administrator's own menu entry) is sent to every client as it is.
 */
export const CLIENT_COMPONENTS: Readonly<Record<string, JeecgComponents>> = {
  'layouts/RouteView': { vue2: 'layouts/RouteView', vue3: 'layouts/default/index' },
  'layouts/IframePageView': { vue2: 'layouts/IframePageView', vue3: 'sys/iframe/FrameBlank' },
  'dashboard/Analysis': { vue2: 'dashboard/Analysis', vue3: 'dashboard/Analysis' },
  'system/UserList': { vue2: 'system/UserList', vue3: 'system/user/index' },
  'system/RoleUserList': { vue2: 'system/RoleUserList', vue3: 'system/role/index' },
  'system/NewPermissionList': { vue2: 'system/NewPermissionList', vue3: 'system/menu/index' },
  'system/DepartList': { vue2: 'system/DepartList', vue3: 'system/depart/index' },
  'system/DictList': { vue2: 'system/DictList', vue3: 'system/dict/index' },
  'system/SysCategoryList': { vue2: 'system/SysCategoryList', vue3: 'system/category/index' },
  'system/SysAnnouncementList': { vue2: 'system/SysAnnouncementList', vue3: 'system/notice/index' },
  'system/SysUserOnlineList': { vue2: 'system/SysUserOnlineList', vue3: 'system/onlineuser/OnlineUserList' },
  'system/UserAnnouncementList': { vue2: 'system/UserAnnouncementList', vue3: 'monitor/mynews/index' },
  'hr/PositionList': { vue2: 'system/SysPositionList', vue3: 'system/position/index' },
  // Issue 14's screens (seed step 0010).
  'system/CheckRuleList': { vue2: 'system/SysCheckRuleList', vue3: 'system/checkRule/index' },
  'system/QuartzJobList': { vue2: 'system/QuartzJobList', vue3: 'monitor/quartz/index' },
  'system/LogList': { vue2: 'system/LogList', vue3: 'monitor/log/index' },
  'system/TableDictList': { vue2: null, vue3: null },
  'system/SettlementOrgList': { vue2: null, vue3: null },
  'system/SysConfigList': { vue2: null, vue3: null },
  'account/center/Index': { vue2: 'account/center/Index', vue3: null },
  'account/settings/Index': { vue2: 'account/settings/Index', vue3: null },
  // Our own screens: neither Jeecg UI has them.
  'bi/workOrder/WorkOrderList': { vue2: null, vue3: null },
  'bi/workOrder/WorkOrderDetail': { vue2: null, vue3: null },
  'accounting/Workspace': { vue2: null, vue3: null },
  'accounting/BizRecordList': { vue2: null, vue3: null },
  'accounting/SubjectList': { vue2: null, vue3: null },
  'accounting/VoucherTemplateList': { vue2: null, vue3: null },
  'accounting/LedgerList': { vue2: null, vue3: null },
  'hr/attendance/ShiftList': { vue2: null, vue3: null },
  'system/SysConfigNotice': { vue2: null, vue3: null },
  'system/OperateLogList': { vue2: null, vue3: null },
  'monitor/Metrics': { vue2: null, vue3: null },
  'test/WidgetGallery': { vue2: null, vue3: null },
};

const CONTAINER = 'layouts/RouteView';

function componentFor(client: Exclude<MenuClient, 'houtai'>, component: string): string | null {
  const entry = CLIENT_COMPONENTS[component];
  if (!entry) return component;
  return client === 'jeecg-vue2' ? entry.vue2 : entry.vue3;
}

/**
 * The rows as the client should see them: components renamed, screens it lacks removed, and containers left
 * without any menu child removed too (工单管理 once 工单列表 and 工单详情 are gone). Buttons stay (they are
 * permissions, not screens). Our own app gets the rows unchanged.
 */
export function rowsForClient(rows: readonly MenuRow[], client: MenuClient): MenuRow[] {
  if (client === 'houtai') return [...rows];
  const kept: MenuRow[] = [];
  const dropped = new Set<string>();
  for (const row of rows) {
    if (row.menuType === 2) {
      kept.push(row);
      continue;
    }
    const own = row.component ?? CONTAINER;
    const mapped = componentFor(client, own);
    if (mapped === null) {
      dropped.add(row.id);
      continue;
    }
    kept.push(mapped === own ? row : { ...row, component: mapped });
  }
  // Containers that had menu children and lost all of them go too (repeated: a container may hold containers).
  const isMenu = (r: MenuRow) => r.menuType === 0 || r.menuType === 1;
  let result = kept;
  for (;;) {
    const hadChildren = new Set(rows.filter((r) => isMenu(r) && r.parentId).map((r) => r.parentId));
    const hasChildren = new Set(result.filter((r) => isMenu(r) && r.parentId).map((r) => r.parentId));
    const empty = result.filter(
      (r) =>
        isMenu(r) &&
        (r.component ?? CONTAINER) === componentFor(client, CONTAINER) &&
        hadChildren.has(r.id) &&
        !hasChildren.has(r.id),
    );
    if (empty.length === 0) break;
    for (const r of empty) dropped.add(r.id);
    result = result.filter((r) => !dropped.has(r.id));
  }
  return result;
}
