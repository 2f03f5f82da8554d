import { describe, expect, it } from 'vitest';
import {
  NOT_BUILT_PAGE,
  ONLINE_COMPONENTS,
  PAGE_KEYS,
  isGroupComponent,
  isIframeComponent,
  lookupPage,
} from './page-registry.ts';

describe('page registry', () => {
  it.each([
    ['modules/online/cgform/OnlCgformHeadList', 'online-form-list'],
    ['modules/online/cgform/OnlCgformCopyList', 'online-copy-list'],
    ['modules/online/cgform/auto/OnlCgformAutoList', 'online-auto-list'],
    ['modules/online/cgform/auto/OnlCgformTreeList', 'online-tree-list'],
    ['modules/online/cgform/auto/erp/OnlCgformErpList', 'online-erp-list'],
    ['modules/online/cgform/auto/tab/OnlCgformTabList', 'online-tab-list'],
    ['modules/online/cgform/auto/innerTable/OnlCgformInnerTableList', 'online-inner-table-list'],
    ['modules/online/cgreport/OnlCgreportHeadList', 'online-report-list'],
    ['modules/online/cgreport/auto/OnlCgreportAutoList', 'online-auto-report-list'],
  ])('maps the online component %s to the %s screen', (component, key) => {
    expect(lookupPage(component)).toBe(key);
  });

  it('covers the nine online list screens of the spec', () => {
    expect(new Set(Object.values(ONLINE_COMPONENTS)).size).toBe(9);
  });

  it('tolerates a leading slash and a .vue suffix typed into the menu table', () => {
    expect(lookupPage('/dashboard/Analysis.vue')).toBe('dashboard-analysis');
    expect(lookupPage(' modules/online/cgform/auto/OnlCgformAutoList ')).toBe('online-auto-list');
  });

  it('finds a screen by component name when the component path is unknown', () => {
    expect(lookupPage('account/settings/Other', 'account-settings-base')).toBe('account-settings');
    expect(lookupPage('accounting/Other', 'constructor')).toBe(NOT_BUILT_PAGE);
    expect(lookupPage('accounting/Other', 'accounting-workspace')).toBe('accounting-workspace');
    expect(lookupPage('system/SomethingElse', 'isystem-user')).toBe('system-user-list');
  });

  it('falls back to the not-built page', () => {
    expect(lookupPage('accounting/Unknown', 'accounting-unknown')).toBe(NOT_BUILT_PAGE);
    expect(lookupPage('')).toBe(NOT_BUILT_PAGE);
  });

  it('recognises the iframe page and the pass-through layouts', () => {
    expect(lookupPage('layouts/IframePageView')).toBe('iframe');
    expect(isIframeComponent('layouts/IframePageView')).toBe(true);
    expect(isGroupComponent('layouts/RouteView')).toBe(true);
    expect(isGroupComponent('layouts/PageView')).toBe(true);
    expect(isGroupComponent('layouts/IframePageView')).toBe(false);
    expect(isGroupComponent('system/UserList')).toBe(false);
  });

  it('the menu components of the list and the detail page open the work-order screens', () => {
    expect(lookupPage('bi/workOrder/WorkOrderList')).toBe('work-order-list');
    expect(lookupPage('bi/workOrder/WorkOrderDetail')).toBe('work-order-detail');
    expect(lookupPage('bi/workOrder/Other', 'bi-workOrder-WorkOrderList')).toBe('work-order-list');
    expect(lookupPage('bi/workOrder/Other', 'bi-workOrder-WorkOrderDetail')).toBe('work-order-detail');
  });

  it('the accounting workspace menu opens its screen', () => {
    expect(lookupPage('accounting/Workspace')).toBe('accounting-workspace');
  });

  it('lists every page key once', () => {
    expect(new Set(PAGE_KEYS).size).toBe(PAGE_KEYS.length);
    expect(PAGE_KEYS).toContain(NOT_BUILT_PAGE);
  });
});
