/**
 * A page of the user's messages (spec §2.7, §4): each with its category label (a gateway icon for category
 * '3', a bell for the others), title, send time, an unread dot and a fold/unfold toggle. Messages start folded;
 * the first unfolding of an unread one marks it read (editByAnntIdAndUserId, then syncNotic) and tells the
 * parent. The content is Markdown, rendered sanitised, loaded with the first unfolding.
 */
import { useState, type KeyboardEvent } from 'react';
import { Alert, Button, Empty, Pagination, Spin, Tag, theme, type PaginationProps } from 'antd';
import { BellOutlined, DownOutlined, GatewayOutlined, UpOutlined } from '@ant-design/icons';
import type { MyAnnouncementRecord } from '@houtai/shared/contract/announcement';
import { MESSAGE_TEXT, isPayslipTitle } from '@houtai/shared/messaging';
import { resolveStaticUrl } from '../../../lib/static-url.ts';
import { MarkdownView } from '../../../widgets/markdown/markdown-lazy.tsx';
import { INITIAL_FOLD, isOpen, isUnread, markFailed, markSucceeded, toggle } from '../message-fold.ts';
import { useMarkRead } from '../use-mark-read.ts';

/** Category names when the answer carries no dictionary text. */
const CATEGORY_NAMES: Readonly<Record<string, string>> = { '1': '通知公告', '2': '系统消息', '3': '网关消息' };

export function categoryLabel(record: Pick<MyAnnouncementRecord, 'msgCategory' | 'msgCategory_dictText'>): string {
  return record.msgCategory_dictText || CATEGORY_NAMES[record.msgCategory] || '消息';
}

export interface MessageListProps {
  records: readonly MyAnnouncementRecord[];
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  pagination: PaginationProps;
  /** A message was marked read (by its announcement id). */
  onRead?: (anntId: string) => void;
}

export function MessageList({ records, loading, error, onRetry, pagination, onRead }: MessageListProps) {
  const [fold, setFold] = useState(INITIAL_FOLD);
  const markRead = useMarkRead();

  const onToggle = (record: MyAnnouncementRecord) => {
    const t = toggle(fold, { id: record.id, readFlag: record.readFlag });
    setFold(t.state);
    if (!t.markRead) return;
    void markRead(record.anntId).then((ok) => {
      setFold((s) => (ok ? markSucceeded(s, record.id) : markFailed(s, record.id)));
      if (ok) onRead?.(record.anntId);
    });
  };

  return (
    <div data-testid="message-list">
      {error && (
        <Alert
          type="error"
          showIcon
          title={MESSAGE_TEXT.loadFailed}
          description={error.message || undefined}
          action={
            <Button size="small" onClick={onRetry}>
              {MESSAGE_TEXT.retry}
            </Button>
          }
          style={{ marginBottom: 12 }}
        />
      )}
      <Spin spinning={loading}>
        {records.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={loading ? ' ' : MESSAGE_TEXT.empty}
            style={{ padding: '24px 0' }}
          />
        ) : (
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {records.map((record) => (
              <MessageItem
                key={record.id}
                record={record}
                open={isOpen(fold, record.id)}
                unread={isUnread(fold, { id: record.id, readFlag: record.readFlag })}
                onToggle={() => onToggle(record)}
              />
            ))}
          </ul>
        )}
      </Spin>
      <Pagination size="small" align="end" style={{ marginTop: 12, rowGap: 8, flexWrap: 'wrap' }} {...pagination} />
    </div>
  );
}

function MessageItem({
  record,
  open,
  unread,
  onToggle,
}: {
  record: MyAnnouncementRecord;
  open: boolean;
  unread: boolean;
  onToggle: () => void;
}) {
  const { token } = theme.useToken();
  const Icon = record.msgCategory === '3' ? GatewayOutlined : BellOutlined;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onToggle();
    }
  };
  const bodyId = `message-body-${record.id}`;
  return (
    <li
      data-testid="message-item"
      data-message-id={record.anntId}
      data-unread={unread ? 'true' : 'false'}
      style={{ borderBottom: '1px solid rgba(5,5,5,0.06)', padding: '10px 0' }}
    >
      <div
        role="button"
        tabIndex={0}
        aria-expanded={open}
        aria-controls={open ? bodyId : undefined}
        onClick={onToggle}
        onKeyDown={onKeyDown}
        style={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: '4px 8px', cursor: 'pointer' }}
      >
        <Tag icon={<Icon />} color={record.msgCategory === '3' ? 'purple' : 'blue'} style={{ marginInlineEnd: 0 }}>
          {categoryLabel(record)}
        </Tag>
        <span
          data-testid="message-title"
          style={{
            flex: '1 1 200px',
            minWidth: 0,
            fontWeight: unread ? 600 : 400,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
          title={record.titile}
        >
          {unread && (
            <span
              data-testid="unread-dot"
              role="img"
              aria-label={MESSAGE_TEXT.unread}
              style={{
                display: 'inline-block',
                width: 6,
                height: 6,
                borderRadius: '50%',
                background: '#ff4d4f',
                marginInlineEnd: 6,
                verticalAlign: 'middle',
              }}
            />
          )}
          {record.titile}
        </span>
        <span style={{ color: token.colorTextDescription, fontSize: 12, whiteSpace: 'nowrap' }}>
          {record.sendTime ?? ''}
        </span>
        <span
          style={{ color: 'var(--ant-color-primary, #1677ff)', fontSize: 12, whiteSpace: 'nowrap' }}
          data-testid="message-toggle"
        >
          {open ? MESSAGE_TEXT.collapse : MESSAGE_TEXT.expand} {open ? <UpOutlined /> : <DownOutlined />}
        </span>
      </div>
      {open && (
        <div
          id={bodyId}
          data-testid="message-body"
          style={{ marginTop: 8, padding: '12px 16px', background: 'rgba(0,0,0,0.02)', borderRadius: 6 }}
        >
          <MarkdownView
            text={record.msgContent}
            format="html"
            payslip={isPayslipTitle(record.titile)}
            resolveImageSrc={resolveStaticUrl}
          />
        </div>
      )}
    </li>
  );
}
