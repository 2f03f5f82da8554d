/**
 * The menu search's select and the phone's search dialog (spec 000 §2.5), loaded by menu-search.tsx after the
 * frame's first paint: antd's Select, its virtual list and the Modal are a fifth of the frame's code otherwise.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Modal, Select, Typography, type RefSelectProps } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { SHELL_TEXT } from '@houtai/shared/constants';
import { filterMenuSearch } from '../../router/menu-search.ts';
import type { MenuSearchProps } from './menu-search.tsx';

export function MenuSearchSelect({
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

/** The phone's search dialog: the select alone, ready to type. */
export function MenuSearchModal({
  options,
  onSelect,
  open,
  onClose,
}: Pick<MenuSearchProps, 'options' | 'onSelect'> & { open: boolean; onClose: () => void }) {
  return (
    <Modal
      title={SHELL_TEXT.menuSearchTitle}
      open={open}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      data-testid="menu-search-modal"
    >
      <MenuSearchSelect
        options={options}
        inModal
        width="100%"
        onSelect={(option) => {
          onClose();
          onSelect(option);
        }}
      />
    </Modal>
  );
}
