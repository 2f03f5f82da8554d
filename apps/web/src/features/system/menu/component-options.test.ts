import { describe, expect, it } from 'vitest';
import { lookupPage, NOT_BUILT_PAGE } from '../../../lib/page-registry.ts';
import { MENU_COMPONENT_OPTIONS, componentSuggestions } from './component-options.ts';

describe('the 前端组件 suggestions', () => {
  it('each open a screen the client has (or are the route layout)', () => {
    const screens = MENU_COMPONENT_OPTIONS.filter((c) => c !== 'layouts/RouteView');
    expect(screens.filter((c) => lookupPage(c) === NOT_BUILT_PAGE)).toEqual([]);
    expect(MENU_COMPONENT_OPTIONS).toContain('system/UserList');
    expect(MENU_COMPONENT_OPTIONS).toContain('layouts/IframePageView');
  });

  it('narrow to what was typed, case aside', () => {
    expect(componentSuggestions('SYSTEM/userlist').map((o) => o.value)).toEqual(['system/UserList']);
    expect(componentSuggestions('')).toHaveLength(MENU_COMPONENT_OPTIONS.length);
  });
});
