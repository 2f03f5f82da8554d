/**
 * The 菜单图标 field: the name as text, and a popover grid of the icons the shell draws (lib/menu-icons.tsx) with a
 * search box. Every icon is a button named by its icon name; Escape closes the popover only, not the dialog.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { Button, Empty, Flex, Input, Popover, Space, type InputRef } from 'antd';
import { AppstoreAddOutlined } from '@ant-design/icons';
import { menuIcon } from '../../../lib/menu-icons.tsx';
import { matchingIcons } from './icon-options.ts';

export interface IconPickerProps {
  id?: string;
  value?: string | null;
  onChange?: (value: string) => void;
}

export function IconPicker({ id, value, onChange }: IconPickerProps) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const trigger = useRef<HTMLButtonElement>(null);
  const searchBox = useRef<InputRef>(null);
  const names = matchingIcons(search);

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  const pick = (name: string) => {
    onChange?.(name);
    close();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    // The dialog around listens for Escape too (React events bubble out of the portal).
    e.stopPropagation();
    close();
  };

  const content = (
    // Escape from the search box or any icon button (keydown bubbles to the grid's box).
    <Flex vertical onKeyDown={onKeyDown} style={{ width: 308 }} data-testid="menu-icon-grid">
      <Input
        ref={searchBox}
        size="small"
        allowClear
        placeholder="搜索图标"
        aria-label="搜索图标"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        style={{ marginBottom: 8 }}
      />
      {names.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有匹配的图标" />
      ) : (
        <Flex wrap gap={4} style={{ maxHeight: 240, overflowY: 'auto' }}>
          {names.map((name) => (
            <Button
              key={name}
              aria-label={name}
              title={name}
              icon={menuIcon(name)}
              type={name === value ? 'primary' : 'default'}
              aria-pressed={name === value}
              onClick={() => pick(name)}
            />
          ))}
        </Flex>
      )}
    </Flex>
  );

  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        id={id}
        value={value ?? ''}
        onChange={(e) => onChange?.(e.target.value)}
        placeholder="点击右侧按钮选择图标"
        prefix={menuIcon(value) ?? <span style={{ width: 14, display: 'inline-block' }} />}
        allowClear
      />
      <Popover
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (next) setSearch('');
        }}
        trigger="click"
        placement="bottomRight"
        title="选择图标"
        content={content}
        afterOpenChange={(visible) => {
          if (visible) searchBox.current?.focus();
        }}
      >
        <Button ref={trigger} icon={<AppstoreAddOutlined />} aria-label="选择图标" aria-expanded={open} />
      </Popover>
    </Space.Compact>
  );
}
