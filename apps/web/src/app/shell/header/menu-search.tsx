/**
 * Menu search (spec 000 §2.5): a select over the visible menu entries by title; on mobile an icon that
 * opens it in a modal titled 搜索菜单.
 * Props: `options` = `searchableMenu(table.menu)` (app/router/menu-search.ts); `onSelect(option)` opens it
 * (external → `window.open(option.url)`, else navigate to `option.path`); `mobile` overrides the < 768 px
 * breakpoint check.
 *
 * The select and the dialog load after the frame's first paint (menu-search-select.tsx, issue 11): on desktop a
 * resting box of the select's size and placeholder stands in for the moment it takes; on the phone the icon is
 * all there is until it is pressed.
 */
import { lazy, Suspense, useState } from 'react';
import { Button, Grid, theme } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { SHELL_TEXT } from '@houtai/shared/constants';
import type { MenuSearchOption } from '../../router/menu-search.ts';

export interface MenuSearchProps {
  options: readonly MenuSearchOption[];
  onSelect: (option: MenuSearchOption) => void;
  mobile?: boolean;
  /** Width of the desktop select (default 200 px). */
  width?: number | string;
  /**
   * Where the header is tight (the top menu's 403 px): the select rests as an icon this wide and grows to `width`
   * over what is on its left while it is used, so the greeting beside it keeps its room.
   */
  collapsedWidth?: number;
}

const loadSelect = () => import('./menu-search-select.tsx');
const MenuSearchSelect = lazy(() => loadSelect().then((m) => ({ default: m.MenuSearchSelect })));
const MenuSearchModal = lazy(() => loadSelect().then((m) => ({ default: m.MenuSearchModal })));

/** The desktop select's resting look while its code loads: same box, border and placeholder, no layout shift. */
function SelectPlaceholder({ width, collapsed }: { width: number | string; collapsed: boolean }) {
  const { token } = theme.useToken();
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: collapsed ? 'center' : 'space-between',
        boxSizing: 'border-box',
        width,
        height: token.controlHeight,
        padding: collapsed ? 0 : `0 ${token.paddingSM - 1}px`,
        border: collapsed ? 'none' : `${token.lineWidth}px solid ${token.colorBorder}`,
        borderRadius: token.borderRadius,
        background: collapsed ? 'transparent' : token.colorBgContainer,
        color: token.colorTextPlaceholder,
        fontSize: token.fontSize,
        ...(collapsed ? { position: 'absolute', insetInlineEnd: 0, top: 0 } : {}),
      }}
    >
      {collapsed ? null : <span>{SHELL_TEXT.menuSearchPlaceholder}</span>}
      <SearchOutlined style={collapsed ? { color: 'inherit', fontSize: 16 } : { fontSize: 12 }} />
    </span>
  );
}

export function MenuSearch({ options, onSelect, mobile, width, collapsedWidth }: MenuSearchProps) {
  const screens = Grid.useBreakpoint();
  const [open, setOpen] = useState(false);
  // The phone's search dialog is mounted (and its code loaded) from its first opening on.
  const [used, setUsed] = useState(false);
  const isMobile = mobile ?? !screens.md;

  if (!isMobile && collapsedWidth !== undefined) {
    return (
      <span style={{ position: 'relative', display: 'inline-block', flex: 'none', width: collapsedWidth, height: 32 }}>
        <Suspense fallback={<SelectPlaceholder width={collapsedWidth} collapsed />}>
          <MenuSearchSelect
            options={options}
            onSelect={onSelect}
            width={width ?? 200}
            collapsedWidth={collapsedWidth}
          />
        </Suspense>
      </span>
    );
  }
  if (!isMobile) {
    return (
      <Suspense fallback={<SelectPlaceholder width={width ?? 200} collapsed={false} />}>
        <MenuSearchSelect options={options} onSelect={onSelect} width={width ?? 200} />
      </Suspense>
    );
  }
  return (
    <>
      <Button
        type="text"
        icon={<SearchOutlined />}
        aria-label={SHELL_TEXT.menuSearchTitle}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        onPointerEnter={() => void loadSelect().catch(() => undefined)}
        data-testid="menu-search-button"
      />
      {used && (
        <Suspense fallback={null}>
          <MenuSearchModal options={options} onSelect={onSelect} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
