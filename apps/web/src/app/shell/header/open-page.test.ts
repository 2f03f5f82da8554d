import { describe, expect, it } from 'vitest';
import type { MenuRoute } from '../../router/menu-routes.ts';
import { menuLinks, openPageTarget } from './open-page.ts';

function route(path: string, component: string, name: string, componentName = name): MenuRoute {
  return {
    id: name,
    path,
    name,
    title: name,
    component,
    page: 'not-built',
    keepAlive: false,
    componentName,
    hidden: false,
    hideTab: false,
    hiddenHeaderContent: false,
    chain: [],
  };
}

const routes = [
  route('/bi/workOrder/WorkOrderList', 'bi/workOrder/WorkOrderList', 'bi-workOrder-WorkOrderList'),
  route('/bi/workOrder/WorkOrderDetail/:id', 'bi/workOrder/WorkOrderDetail', 'bi-workOrder-WorkOrderDetail'),
  route('/isps/userAnnouncement', 'system/UserAnnouncementList', 'isps-userAnnouncement'),
  route('/x/:a/:b', 'x/Two', 'x-two'),
];

describe('openPageTarget', () => {
  it('finds the route by component path, with busId as the query', () => {
    expect(openPageTarget(routes, 'bi/workOrder/WorkOrderList', 'w1')).toBe('/bi/workOrder/WorkOrderList?busId=w1');
    expect(openPageTarget(routes, '/system/UserAnnouncementList.vue', null)).toBe('/isps/userAnnouncement');
  });

  it('finds the route by name or path', () => {
    expect(openPageTarget(routes, 'isps-userAnnouncement', 'a b')).toBe('/isps/userAnnouncement?busId=a%20b');
    expect(openPageTarget(routes, '/isps/userAnnouncement', undefined)).toBe('/isps/userAnnouncement');
  });

  it("fills a route's single parameter with busId", () => {
    expect(openPageTarget(routes, 'bi/workOrder/WorkOrderDetail', 'w/1')).toBe('/bi/workOrder/WorkOrderDetail/w%2F1');
    expect(openPageTarget(routes, 'bi/workOrder/WorkOrderDetail', '')).toBeNull();
    expect(openPageTarget(routes, 'x/Two', 'w1')).toBeNull();
  });

  it('is null for a page the user has no route for', () => {
    expect(openPageTarget(routes, 'modules/bpm/task/form/FormLoading', 'b1')).toBeNull();
    expect(openPageTarget(routes, '', 'b1')).toBeNull();
    expect(openPageTarget(routes, null, 'b1')).toBeNull();
  });
});

describe('menuLinks', () => {
  it('tells a header item which addresses the user has and where a page leads', () => {
    const links = menuLinks(routes);
    expect(links.hasPath('/isps/userAnnouncement')).toBe(true);
    expect(links.hasPath('/isystem/user')).toBe(false);
    expect(links.pageTarget('system/UserAnnouncementList', 'b1')).toBe('/isps/userAnnouncement?busId=b1');
    expect(links.pageTarget('bpm/Unknown', 'b1')).toBeNull();
  });
});
