/**
 * Menu shapes the seeded server does not send (yet) but Jeecg's menu table does: the online
 * development menus with their hidden `:code` auto routes and a concrete route-'0' entry, an
 * alwaysShow page, a top-level external link with its md5 path, a permission-gated page and
 * unusable addresses. Rows follow the server's MenuNode rules (contract §2.2).
 */
import type { MenuMeta, MenuNode } from '@houtai/shared/contract/permission';

function meta(title: string, componentName: string, extra: Partial<MenuMeta> = {}): MenuMeta {
  return { title, keepAlive: false, internalOrExternal: false, componentName, ...extra };
}

function page(id: string, path: string, title: string, component: string, extra: Partial<MenuNode> = {}): MenuNode {
  const name = path.replace(/^\//, '').replace(/\//g, '-').replace(/:/g, '@');
  return { id, route: '1', path, name, component, meta: meta(title, component.split('/').pop() ?? name), ...extra };
}

const auto = (id: string, path: string, component: string) => page(id, path, 'AUTO', component, { hidden: true });

export const ONLINE_MENU: MenuNode = {
  ...page('online', '/online', '在线开发', 'layouts/RouteView', { redirect: null }),
  meta: meta('在线开发', 'RouteView', { icon: 'cloud' }),
  children: [
    page('online-form', '/online/cgformList', 'Online表单开发', 'modules/online/cgform/OnlCgformHeadList'),
    auto('online-auto', '/online/cgformList/:code', 'modules/online/cgform/auto/OnlCgformAutoList'),
    auto('online-copy', '/online/copyform/:code', 'modules/online/cgform/OnlCgformCopyList'),
    auto('online-tree', '/online/cgformTreeList/:code', 'modules/online/cgform/auto/OnlCgformTreeList'),
    auto('online-erp', '/online/cgformErpList/:code', 'modules/online/cgform/auto/erp/OnlCgformErpList'),
    auto('online-tab', '/online/cgformTabList/:code', 'modules/online/cgform/auto/tab/OnlCgformTabList'),
    auto(
      'online-inner',
      '/online/cgformInnerTableList/:code',
      'modules/online/cgform/auto/innerTable/OnlCgformInnerTableList',
    ),
    page('online-report', '/online/cgreport', 'Online报表配置', 'modules/online/cgreport/OnlCgreportHeadList'),
    auto('online-report-auto', '/online/cgreport/:code', 'modules/online/cgreport/auto/OnlCgreportAutoList'),
    // A generated list put into the menu by its concrete address: not a route of its own, it opens
    // the `/online/cgformList/:code` route.
    page('online-orders', '/online/cgformList/abc123', '订单列表', 'modules/online/cgform/auto/OnlCgformAutoList', {
      route: '0',
    }),
  ],
};

/** An alwaysShow page: one menu entry, its children listed in the page's own left-side menu. */
export const PROFILE_MENU: MenuNode = {
  ...page('profile', '/profile', '个人资料', 'account/settings/Index', { alwaysShow: true, redirect: null }),
  meta: meta('个人资料', 'account-settings-base', { icon: 'user' }),
  children: [
    page('profile-base', '/profile/base', '基本设置', 'account/settings/BaseSetting'),
    page('profile-security', '/profile/security', '安全设置', 'account/settings/Security'),
    page('profile-hidden', '/profile/hidden', '隐藏设置', 'account/settings/Hidden', { hidden: true }),
  ],
};

/** Top-level external link: the server sends md5(url) as a relative path and the url in meta.url. */
export const ERP_LINK: MenuNode = {
  ...page('erp', '0a5c1b0e6cbd2f3d4e5f60718293a4b5', 'ERP系统', 'layouts/IframePageView', { redirect: null }),
  meta: meta('ERP系统', 'IframePageView', { internalOrExternal: true, url: 'https://erp.example.com/?from=houtai' }),
};

export const REPORTS_MENU: MenuNode = {
  ...page('reports', '/reports', '统计报表', 'layouts/RouteView', { redirect: '/reports/summary' }),
  meta: meta('统计报表', 'RouteView', { icon: 'bar-chart' }),
  children: [
    page('reports-summary', '/reports/summary', '汇总报表', 'reports/Summary', {
      meta: meta('汇总报表', 'Summary', { hiddenHeaderContent: true, keepAlive: true }),
    }),
    page('reports-finance', '/reports/finance', '财务报表', 'reports/Finance', {
      meta: meta('财务报表', 'Finance', { permissionList: [{ action: 'report:finance', type: '1' }] }),
    }),
    // Unusable addresses: a missing config key, an expression that is not a config lookup, a script url.
    page('reports-missing', 'c4ca4238a0b923820dcc509a6f75849b', '缺配置', 'layouts/IframePageView', {
      meta: meta('缺配置', 'IframePageView', { url: "{{ window._CONFIG['missingURL'] }}/x" }),
    }),
    page('reports-eval', 'c81e728d9d4c2f636f067f89cc14862c', '表达式', 'layouts/IframePageView', {
      meta: meta('表达式', 'IframePageView', { url: '{{ window.alert(1) }}' }),
    }),
    page('reports-script', 'eccbc87e4b5ce2fe28308fd9f2a7baf3', '脚本链接', 'layouts/IframePageView', {
      meta: meta('脚本链接', 'IframePageView', { internalOrExternal: true, url: 'javascript:alert(1)' }),
    }),
  ],
};

export const EXTRA_MENU: MenuNode[] = [ONLINE_MENU, PROFILE_MENU, ERP_LINK, REPORTS_MENU];
