/** The tab context menu (right-click) as data: each entry says when it applies and which action it performs. */
import { TAB_TEXT } from '@houtai/shared/constants';
import {
  findTab,
  tabsLeftOf,
  tabsOtherThan,
  tabsRightOf,
  type Tab,
  type TabAction,
  type TabState,
} from './tab-model.ts';

export type TabCommandId = 'reload' | 'closeLeft' | 'closeRight' | 'closeOthers';

export interface TabCommand {
  id: TabCommandId;
  label: string;
  /** Whether the entry is enabled for the tab the menu was opened on. */
  predicate: (state: TabState, tab: Tab) => boolean;
  /** The reducer action the entry performs on that tab. */
  perform: (tab: Tab) => TabAction;
}

export const TAB_COMMANDS: readonly TabCommand[] = [
  {
    id: 'reload',
    label: TAB_TEXT.reload,
    predicate: (state, tab) => findTab(state, tab.fullPath) !== undefined,
    perform: (tab) => ({ type: 'reload', fullPath: tab.fullPath }),
  },
  {
    id: 'closeLeft',
    label: TAB_TEXT.closeLeft,
    predicate: (state, tab) => tabsLeftOf(state, tab.fullPath).length > 0,
    perform: (tab) => ({ type: 'closeLeft', fullPath: tab.fullPath }),
  },
  {
    id: 'closeRight',
    label: TAB_TEXT.closeRight,
    predicate: (state, tab) => tabsRightOf(state, tab.fullPath).length > 0,
    perform: (tab) => ({ type: 'closeRight', fullPath: tab.fullPath }),
  },
  {
    id: 'closeOthers',
    label: TAB_TEXT.closeOthers,
    predicate: (state, tab) => tabsOtherThan(state, tab.fullPath).length > 0,
    perform: (tab) => ({ type: 'closeOthers', fullPath: tab.fullPath }),
  },
];

export function findTabCommand(id: TabCommandId): TabCommand | undefined {
  return TAB_COMMANDS.find((c) => c.id === id);
}

/** The menu entries for one tab, each with whether it is enabled (for antd Dropdown `menu.items`). */
export function tabMenuFor(state: TabState, tab: Tab): { id: TabCommandId; label: string; disabled: boolean }[] {
  return TAB_COMMANDS.map((c) => ({ id: c.id, label: c.label, disabled: !c.predicate(state, tab) }));
}
