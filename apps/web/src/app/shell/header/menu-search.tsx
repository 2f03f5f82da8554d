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
}

function MenuSearchSelect({
  options,
  onSelect,
  inModal,
  width,
}: Omit<MenuSearchProps, 'mobile'> & { inModal?: boolean; width: number | string }) {
  const [query, setQuery] = useState('');
  const ref = useRef<RefSelectProps>(null);
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
      placeholder={SHELL_TEXT.menuSearchPlaceholder}
      suffixIcon={<SearchOutlined />}
      style={{ width }}
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

export function MenuSearch({ options, onSelect, mobile, width }: MenuSearchProps) {
  const screens = Grid.useBreakpoint();
  const [open, setOpen] = useState(false);
  const isMobile = mobile ?? !screens.md;

  if (!isMobile) return <MenuSearchSelect options={options} onSelect={onSelect} width={width ?? 200} />;
  return (
    <>
      <Button
        type="text"
        icon={<SearchOutlined />}
        aria-label={SHELL_TEXT.menuSearchTitle}
        onClick={() => setOpen(true)}
        data-testid="menu-search-button"
      />
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
    </>
  );
}
