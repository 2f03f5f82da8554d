/**
 * 我的消息 (spec §2.7, §9): width 900, a title with a filter popover (标题, 重置 / 查询), and the user's messages
 * a page at a time (7 by default; 10–100; quick jumper and size changer), newest first. Opened from the bell's
 * 查看更多; loaded lazily with its list and the Markdown view. Every opening starts on page 1 without filters.
 */
import { useState } from 'react';
import { Button, Flex, Input, Modal, Popover } from 'antd';
import { FilterFilled, FilterOutlined } from '@ant-design/icons';
import { MESSAGE_TEXT, MY_MESSAGES_WIDTH } from '@houtai/shared/messaging';
import { useMyMessages, type MessageFilters } from '../use-my-messages.ts';
import { MessageList } from './message-list.tsx';

export interface MyMessagesDialogProps {
  open: boolean;
  onClose: () => void;
  /** A message was marked read; the bell's count drops. */
  onRead?: (anntId: string) => void;
  /** Once closed: focus the opener (the bell; the popup entry that opened the dialog is gone). */
  afterClose?: (() => void) | undefined;
}

export function MyMessagesDialog(props: MyMessagesDialogProps) {
  // A fresh dialog (filters, page, folds) per opening; the closing one keeps its state for its animation.
  const [opening, setOpening] = useState(0);
  const [wasOpen, setWasOpen] = useState(props.open);
  if (props.open !== wasOpen) {
    setWasOpen(props.open);
    if (props.open) setOpening((n) => n + 1);
  }
  return <MyMessagesModal key={opening} {...props} />;
}

function MyMessagesModal({ open, onClose, onRead, afterClose }: MyMessagesDialogProps) {
  const messages = useMyMessages(open);
  return (
    <Modal
      open={open}
      onCancel={onClose}
      afterClose={afterClose}
      footer={null}
      width={MY_MESSAGES_WIDTH}
      title={<TitleWithFilter filters={messages.filters} onSearch={messages.search} />}
      data-testid="my-messages-dialog"
    >
      <MessageList
        records={messages.records}
        loading={messages.loading}
        error={messages.error}
        onRetry={messages.retry}
        pagination={messages.pagination}
        onRead={onRead}
      />
    </Modal>
  );
}

function TitleWithFilter({ filters, onSearch }: { filters: MessageFilters; onSearch: (f: MessageFilters) => void }) {
  const [text, setText] = useState(filters.titile);
  const [popoverOpen, setPopoverOpen] = useState(false);
  const apply = (titile: string) => {
    onSearch({ ...filters, titile });
    setPopoverOpen(false);
  };
  const active = filters.titile.trim() !== '';
  const Icon = active ? FilterFilled : FilterOutlined;
  return (
    <Flex align="center" gap={4}>
      <span>{MESSAGE_TEXT.myMessages}</span>
      <Popover
        trigger="click"
        placement="bottomLeft"
        open={popoverOpen}
        onOpenChange={setPopoverOpen}
        content={
          <Flex vertical gap={8} style={{ width: 240 }} data-testid="my-messages-filter">
            <Input
              aria-label={MESSAGE_TEXT.title}
              placeholder={MESSAGE_TEXT.titlePlaceholder}
              value={text}
              allowClear
              onChange={(e) => setText(e.target.value)}
              onPressEnter={() => apply(text)}
            />
            <Flex justify="end" gap={8}>
              <Button
                size="small"
                onClick={() => {
                  setText('');
                  apply('');
                }}
              >
                {MESSAGE_TEXT.reset}
              </Button>
              <Button size="small" type="primary" onClick={() => apply(text)}>
                {MESSAGE_TEXT.search}
              </Button>
            </Flex>
          </Flex>
        }
      >
        <Button
          type="text"
          size="small"
          icon={<Icon />}
          aria-label="筛选"
          data-testid="my-messages-filter-button"
          style={active ? { color: 'var(--ant-color-primary, #1677ff)' } : undefined}
        />
      </Popover>
    </Flex>
  );
}
