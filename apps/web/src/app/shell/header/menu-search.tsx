/**
 * Menu search (spec 000 §2.5): a select over the visible menu entries by title; on mobile an icon that
 * opens it in a modal titled 搜索菜单.
 * Props: `options` = `searchableMenu(table.menu)` (app/router/menu-search.ts); `onSelect(option)` opens it
 * (external → `window.open(option.url)`, else navigate to `option.path`); `mobile` overrides the < 768 px
 * breakpoint check.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Grid, Modal, Select, Typography, type RefSelectProps } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { SHELL_TEXT } from '@houtai/shared/constants';
import { filterMenuSearch, type MenuSearchOption } from '../../router/menu-search.ts';

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

function MenuSearchSelect({
  options,
  onSelect,
  inModal,
  width,
  collapsedWidth,
}: Omit<MenuSearchProps, 'mobile'> & { inModal?: boolean; width: number | string }) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(false);
  const ref = useRef<RefSelectProps>(null);
  const collapsed = collapsedWidth !== undefined && !active && query === '';
  // In the mobile modal the search is the only thing there: ready to type at once.
  useEffect(() => {
    if (inModal) ref.current?.focus();
  }, [inModal]);
  const byId = useMemo(() => new Map(options.map((o) => [o.id, o])), [options]);
  const shown = useMemo(() => filterMenuSearch(options, query), [options, query]);
  return (
    <Select<string>
      showSearch={{ filterOption: false, onSearch: setQuery, searchValue: query }}
      ref={ref}
      value={null}
      defaultOpen={inModal}
      placeholder={collapsed ? undefined : SHELL_TEXT.menuSearchPlaceholder}
      // At rest in the top menu it is an icon among the header's icons: their colour and size.
      suffixIcon={<SearchOutlined style={collapsed ? { color: 'inherit', fontSize: 16 } : undefined} />}
      onFocus={() => setActive(true)}
      onBlur={() => setActive(false)}
      variant={collapsed ? 'borderless' : undefined}
      style={
        collapsedWidth === undefined
          ? { width }
          : {
              width: collapsed ? collapsedWidth : width,
              position: 'absolute',
              insetInlineEnd: 0,
              top: '50%',
              transform: 'translateY(-50%)',
              zIndex: 1,
              transition: 'width 0.2s',
              cursor: 'pointer',
            }
      }
      aria-label={SHELL_TEXT.menuSearchTitle}
      data-testid="menu-search"
      notFoundContent="无匹配菜单"
      options={shown.map((o) => ({
        value: o.id,
        label: (
          <span title={o.titlePath}>
            {o.title}
            {o.titlePath !== o.title ? (
              <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
                {o.titlePath}
              </Typography.Text>
            ) : null}
          </span>
        ),
      }))}
      onSelect={(id) => {
        const option = byId.get(id);
        setQuery('');
        if (option) onSelect(option);
      }}
    />
  );
}

export function MenuSearch({ options, onSelect, mobile, width, collapsedWidth }: MenuSearchProps) {
  const screens = Grid.useBreakpoint();
  const [open, setOpen] = useState(false);
  // The phone's search dialog is mounted from its first opening on: closed, antd's Modal still had its styles
  // generated during the frame's first render.
  const [used, setUsed] = useState(false);
  const isMobile = mobile ?? !screens.md;

  if (!isMobile && collapsedWidth !== undefined) {
    return (
      <span style={{ position: 'relative', display: 'inline-block', flex: 'none', width: collapsedWidth, height: 32 }}>
        <MenuSearchSelect options={options} onSelect={onSelect} width={width ?? 200} collapsedWidth={collapsedWidth} />
      </span>
    );
  }
  if (!isMobile) return <MenuSearchSelect options={options} onSelect={onSelect} width={width ?? 200} />;
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
        data-testid="menu-search-button"
      />
      {used && (
        <Modal
          title={SHELL_TEXT.menuSearchTitle}
          open={open}
          footer={null}
          onCancel={() => setOpen(false)}
          destroyOnHidden
          data-testid="menu-search-modal"
        >
          <MenuSearchSelect
            options={options}
            inModal
            width="100%"
            onSelect={(option) => {
              setOpen(false);
              onSelect(option);
            }}
          />
        </Modal>
      )}
    </>
  );
}
