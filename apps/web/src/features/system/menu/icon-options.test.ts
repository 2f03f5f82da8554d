import { describe, expect, it } from 'vitest';
import { hasMenuIcon } from '../../../lib/menu-icons.tsx';
import { MENU_ICON_NAMES, matchingIcons } from './icon-options.ts';

describe('the icon picker names', () => {
  it('are the icons lib/menu-icons.tsx draws, sorted', () => {
    expect(MENU_ICON_NAMES.length).toBeGreaterThan(10);
    expect(MENU_ICON_NAMES.every(hasMenuIcon)).toBe(true);
    expect([...MENU_ICON_NAMES].sort()).toEqual(MENU_ICON_NAMES);
  });

  it('narrow to what was typed', () => {
    expect(matchingIcons('chart')).toEqual(['area-chart', 'bar-chart', 'line-chart', 'pie-chart']);
  });
});
