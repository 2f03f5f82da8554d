/**
 * The tab bar of the multi-tab workspace (spec §2.4): one editable-card tab per open page (home first,
 * without a close icon), right-click menu 刷新/关闭左侧/关闭右侧/关闭其它 (tabMenuFor), drag to reorder
 * (native HTML5 drag; home stays first), middle click closes a tab (on home it warns 首页不能关闭!).
 * A reloaded tab spins its icon for 1400 ms.
 *
 * Accessibility (issue 11): the tablist holds only tabs. antd's close buttons would be focusable siblings of the
 * tabs inside role=tablist (axe: aria-required-children), so the tabs are not antd-closable: the × is a part of
 * the tab's own label, for the mouse, hidden from assistive technology; from the keyboard the focused tab closes
 * with Delete or Backspace, and focus moves to the tab that becomes active.
 */
import {
  cloneElement,
  useEffect,
  useRef,
  useState,
  type DragEvent,
  type HTMLAttributes,
  type KeyboardEvent,
  type ReactElement,
} from 'react';
import { useNavigate } from 'react-router';
import { Dropdown, Tabs, type MenuProps, type TabsProps } from 'antd';
import { CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import { tabMenuFor, type TabCommandId } from '../tabs/tab-commands.ts';
import { isHomeTab, type Tab, type TabState } from '../tabs/tab-model.ts';
import { tabsStore, useTabsStore } from '../tabs/tabs-store.ts';

/** How long a reloaded tab shows its reload mark (spec §9). */
export const RELOAD_HIGHLIGHT_MS = 1400;

const DRAG_TYPE = 'application/x-houtai-tab';

/** Keys that close the focused tab. */
export const CLOSE_TAB_KEYS = ['Delete', 'Backspace'] as const;

function TabLabel({
  model,
  tab,
  reloading,
  closable,
}: {
  model: TabState;
  tab: Tab;
  reloading: boolean;
  closable: boolean;
}) {
  const items: MenuProps['items'] = tabMenuFor(model, tab).map((entry) => ({
    key: entry.id,
    label: entry.label,
    disabled: entry.disabled,
  }));
  const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    domEvent.stopPropagation();
    tabsStore.getState().runCommand(key as TabCommandId, tab.fullPath);
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['contextMenu']}>
      <span
        data-testid="tab-label"
        data-fullpath={tab.fullPath}
        onAuxClick={(e) => {
          // Middle click closes, as in a browser's own tabs.
          if (e.button !== 1) return;
          e.preventDefault();
          tabsStore.getState().close(tab.fullPath);
        }}
      >
        {reloading && <ReloadOutlined spin data-testid="tab-reloading" style={{ marginInlineEnd: 6 }} />}
        {tab.meta.title}
        {closable && (
          <span
            className="houtai-tab-close"
            aria-hidden="true"
            data-testid="tab-close"
            title="关闭"
            onClick={(e) => {
              e.stopPropagation();
              tabsStore.getState().close(tab.fullPath);
            }}
          >
            <CloseOutlined />
          </span>
        )}
      </span>
    </Dropdown>
  );
}

export function TabBar() {
  const navigate = useNavigate();
  const model = useTabsStore((s) => s.model);
  const [reloading, setReloading] = useState<ReadonlySet<string>>(new Set());
  const dragged = useRef<string | null>(null);

  // A bumped reloadKey is a reload: mark that tab for RELOAD_HIGHLIGHT_MS.
  const lastKeys = useRef(new Map<string, number>());
  useEffect(() => {
    const timers: ReturnType<typeof setTimeout>[] = [];
    for (const tab of model.tabs) {
      const before = lastKeys.current.get(tab.fullPath);
      if (before !== undefined && before < tab.reloadKey) {
        setReloading((s) => new Set(s).add(tab.fullPath));
        timers.push(
          setTimeout(
            () =>
              setReloading((s) => {
                const next = new Set(s);
                next.delete(tab.fullPath);
                return next;
              }),
            RELOAD_HIGHLIGHT_MS,
          ),
        );
      }
    }
    lastKeys.current = new Map(model.tabs.map((t) => [t.fullPath, t.reloadKey]));
    return () => timers.forEach(clearTimeout);
  }, [model.tabs]);

  const items: TabsProps['items'] = model.tabs.map((tab) => ({
    key: tab.fullPath,
    label: (
      <TabLabel
        model={model}
        tab={tab}
        reloading={reloading.has(tab.fullPath)}
        closable={!isHomeTab(model, tab.fullPath)}
      />
    ),
    closable: false,
  }));

  const bar = useRef<HTMLDivElement>(null);
  /** Delete/Backspace on a focused tab closes it (home warns); focus follows to the tab that is active then. */
  const onTabKeyDown = (key: string) => (e: KeyboardEvent) => {
    if (!(CLOSE_TAB_KEYS as readonly string[]).includes(e.key)) return;
    e.preventDefault();
    tabsStore.getState().close(key);
    requestAnimationFrame(() => bar.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus());
  };

  const dragProps = (key: string) => {
    if (isHomeTab(model, key)) return {};
    return {
      draggable: true,
      onDragStart: (e: DragEvent) => {
        dragged.current = key;
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData(DRAG_TYPE, key);
      },
      onDragOver: (e: DragEvent) => {
        if (dragged.current) e.preventDefault();
      },
      onDrop: (e: DragEvent) => {
        e.preventDefault();
        const from = dragged.current;
        dragged.current = null;
        if (from && from !== key) tabsStore.getState().move(from, key);
      },
      onDragEnd: () => {
        dragged.current = null;
      },
    };
  };

  const renderTabBar: TabsProps['renderTabBar'] = (props, DefaultTabBar) => (
    <DefaultTabBar {...props}>
      {(node: ReactElement) => {
        const key = String(node.key);
        // Home is a drop target too (a tab dropped on it lands right after it).
        const own = isHomeTab(model, key)
          ? {
              onDragOver: (e: DragEvent) => {
                if (dragged.current) e.preventDefault();
              },
              onDrop: (e: DragEvent) => {
                e.preventDefault();
                const from = dragged.current;
                dragged.current = null;
                if (from) tabsStore.getState().move(from, key);
              },
            }
          : dragProps(key);
        const props: HTMLAttributes<HTMLDivElement> = { ...own, onKeyDown: onTabKeyDown(key) };
        return cloneElement(node as ReactElement<HTMLAttributes<HTMLDivElement>>, props);
      }}
    </DefaultTabBar>
  );

  return (
    <div ref={bar}>
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={model.activeFullPath}
        items={items}
        onChange={(key) => void navigate(key)}
        renderTabBar={renderTabBar}
        tabBarStyle={{ margin: 0 }}
        data-testid="tab-bar"
      />
    </div>
  );
}
