/**
 * Which screen renders a menu route. The server names screens by Jeecg component paths
 * (`system/UserList`, `modules/online/cgform/auto/OnlCgformAutoList`, …); the client maps them to
 * page keys here, and the router maps each page key to a lazily imported React page. Keeping this
 * table plain data lets the route builder stay free of React and lets tests check every mapping.
 *
 * Wiring: app/pages/page-loaders.tsx holds `PAGE_LOADERS: Record<PageKey, PageLoader>`, made of the pages the
 * features publish in their entries (`features/<name>/feature.ts`, listed in app/features.ts) and the shell's
 * own. It is exhaustive both ways: adding a key here fails the typecheck until a feature publishes its page (or
 * it points to the not-built page), and so does a feature page whose key is not here.
 */

/**
 * The online list screens (spec §2.1: "form list, copy list, auto list, tree list, ERP list, tab list,
 * inner-table list, report list, auto report list"), keyed by the component paths Jeecg's Vue2 menu
 * table uses for them. These are matched before anything else, exactly like Jeecg's router util does.
 */
export const ONLINE_COMPONENTS = {
  /** Online 表单开发: the list of form definitions. */
  'modules/online/cgform/OnlCgformHeadList': 'online-form-list',
  /** Copies (versions) of one form definition. */
  'modules/online/cgform/OnlCgformCopyList': 'online-copy-list',
  /** The generated data list of a single-table form (`/online/cgformList/:code`). */
  'modules/online/cgform/auto/OnlCgformAutoList': 'online-auto-list',
  /** A tree-table form's data list. */
  'modules/online/cgform/auto/OnlCgformTreeList': 'online-tree-list',
  /** A master/detail form shown ERP style (master list above, detail tabs below). */
  'modules/online/cgform/auto/erp/OnlCgformErpList': 'online-erp-list',
  /** A master/detail form edited in tabs. */
  'modules/online/cgform/auto/tab/OnlCgformTabList': 'online-tab-list',
  /** A master/detail form with the detail rows expanded inside the master table. */
  'modules/online/cgform/auto/innerTable/OnlCgformInnerTableList': 'online-inner-table-list',
  /** Online 报表配置: the list of report definitions. */
  'modules/online/cgreport/OnlCgreportHeadList': 'online-report-list',
  /** The data of one report (`/online/cgreport/:code`). */
  'modules/online/cgreport/auto/OnlCgreportAutoList': 'online-auto-report-list',
} as const;

export type OnlinePageKey = (typeof ONLINE_COMPONENTS)[keyof typeof ONLINE_COMPONENTS];

/**
 * Screens built by the client, keyed by the server's `component` path. Later issues add their screens
 * here (e.g. `'system/UserList': 'system-user-list'`) and in their feature's entry; until then such menus
 * open the not-built page.
 */
export const PAGE_COMPONENTS = {
  'dashboard/Analysis': 'dashboard-analysis',
  'account/center/Index': 'account-center',
  'account/settings/Index': 'account-settings',
  'system/UserAnnouncementList': 'user-announcement',
  'bi/workOrder/WorkOrderList': 'work-order-list',
  'bi/workOrder/WorkOrderDetail': 'work-order-detail',
  'system/SysAnnouncementList': 'system-announcement',
  'system/SysConfigNotice': 'system-notice-banner',
  'test/WidgetGallery': 'widget-gallery',
  'hr/attendance/ShiftList': 'hr-attendance-shift',
  'system/UserList': 'system-user-list',
  'system/RoleUserList': 'system-role-list',
  'system/RoleList': 'system-role-list',
  'system/NewPermissionList': 'system-menu-list',
  'system/PermissionList': 'system-menu-list',
  'system/DepartList': 'system-depart-list',
  'system/QuartzJobList': 'system-quartz-list',
  'system/DictList': 'system-dict-list',
  'system/SysCategoryList': 'system-category-list',
  'hr/PositionList': 'system-position-list',
  'system/SettlementOrgList': 'system-settlement-list',
  'system/CheckRuleList': 'system-check-rule-list',
  'system/TableDictList': 'system-table-dict-list',
  'system/SysUserOnlineList': 'system-online-list',
  'system/LogList': 'system-log-list',
  'system/OperateLogList': 'system-log-list',
  'system/SysConfigList': 'system-config-list',
  'accounting/Workspace': 'accounting-workspace',
  'accounting/BizRecordList': 'accounting-biz-record-list',
  'accounting/SubjectList': 'accounting-subject-list',
  'accounting/VoucherTemplateList': 'accounting-template-list',
  'accounting/LedgerList': 'accounting-ledger-list',
} as const;

export type BuiltPageKey = (typeof PAGE_COMPONENTS)[keyof typeof PAGE_COMPONENTS];

/**
 * The same screens by component name (`meta.componentName`), so a menu row whose component path an
 * administrator typed differently still finds its screen. Names are those of the seeded menu.
 */
export const PAGE_NAMES: Readonly<Record<string, BuiltPageKey>> = {
  'dashboard-analysis': 'dashboard-analysis',
  'account-center': 'account-center',
  'account-settings-base': 'account-settings',
  'isps-userAnnouncement': 'user-announcement',
  'bi-workOrder-WorkOrderList': 'work-order-list',
  'bi-workOrder-WorkOrderDetail': 'work-order-detail',
  SysAnnouncementList: 'system-announcement',
  SysConfigNotice: 'system-notice-banner',
  'test-home': 'widget-gallery',
  'hr-attendance-shift': 'hr-attendance-shift',
  'isystem-user': 'system-user-list',
  'isystem-roleUserList': 'system-role-list',
  'isystem-newPermissionList': 'system-menu-list',
  'isystem-depart': 'system-depart-list',
  'monitor-quartz': 'system-quartz-list',
  'hr-position': 'system-position-list',
  'isystem-settlement': 'system-settlement-list',
  'isystem-checkRule': 'system-check-rule-list',
  'isystem-tableDict': 'system-table-dict-list',
  'monitor-log': 'system-log-list',
  'isystem-config': 'system-config-list',
  'accounting-workspace': 'accounting-workspace',
  'accounting-bizRecord': 'accounting-biz-record-list',
  'accounting-subject': 'accounting-subject-list',
  'accounting-template': 'accounting-template-list',
  'accounting-ledger': 'accounting-ledger-list',
};

/** The iframe host page (component `layouts/IframePageView`); its address is the route's `iframeUrl`. */
export const IFRAME_PAGE = 'iframe';
/** Shown for a menu whose screen the client does not have (yet): says so instead of a blank page. */
export const NOT_BUILT_PAGE = 'not-built';

export type PageKey = OnlinePageKey | BuiltPageKey | typeof IFRAME_PAGE | typeof NOT_BUILT_PAGE;

/** Every page key, for an exhaustive loader table and its test. */
export const PAGE_KEYS: readonly PageKey[] = [
  ...new Set<PageKey>([
    ...Object.values(ONLINE_COMPONENTS),
    ...Object.values(PAGE_COMPONENTS),
    IFRAME_PAGE,
    NOT_BUILT_PAGE,
  ]),
];

export const IFRAME_COMPONENT = 'layouts/IframePageView';

/** Pass-through layouts of the Vue2 menu table: a node using one is a menu group, not a screen. */
const GROUP_LAYOUTS = new Set([
  'layouts/RouteView',
  'layouts/PageView',
  'layouts/BlankLayout',
  'layouts/TabLayout',
  'layouts/BasicLayout',
]);

function normalizeComponent(component: string): string {
  // Menus are typed in by administrators: tolerate a leading slash or a `.vue` suffix.
  return component
    .trim()
    .replace(/^\/+/, '')
    .replace(/\.vue$/, '');
}

export function isIframeComponent(component: string): boolean {
  return component.includes(IFRAME_COMPONENT);
}

export function isGroupComponent(component: string): boolean {
  return GROUP_LAYOUTS.has(normalizeComponent(component));
}

function own<T extends object>(table: T, key: string): T[keyof T] | undefined {
  return Object.hasOwn(table, key) ? table[key as keyof T] : undefined;
}

/**
 * The page key for a menu node: the online list screens first, then the built pages by component
 * path, then by component name (`meta.componentName`, which the server fills from `component_name` or
 * the last path segment), else the not-built page.
 */
export function lookupPage(component: string, componentName?: string): PageKey {
  const path = normalizeComponent(component);
  if (isIframeComponent(path)) return IFRAME_PAGE;
  const online = own(ONLINE_COMPONENTS, path);
  if (online) return online;
  const built = own(PAGE_COMPONENTS, path);
  if (built) return built;
  const byName = componentName ? own(PAGE_NAMES, componentName) : undefined;
  return byName ?? NOT_BUILT_PAGE;
}
