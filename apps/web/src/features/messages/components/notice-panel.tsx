/**
 * The bell's popover (spec §2.7): tabs 通知(N) and 系统消息(N) listing the unread items' titles and times, and a
 * footer with the messages page and 查看更多 (我的消息). Loaded when the popover first opens.
 */
import { Button, Empty, Flex, Spin, Tabs, theme } from 'antd';
import type { AnnouncementRecord, ListByUserResult } from '@houtai/shared/contract/announcement';
import { MESSAGE_TEXT } from '@houtai/shared/messaging';
import './notice-panel.css';

export interface NoticePanelProps {
  data: ListByUserResult | undefined;
  loading: boolean;
  onOpen: (announcement: AnnouncementRecord) => void;
  onMore: () => void;
  /** Absent when the user has no route to the messages page. */
  onMessagesPage?: (() => void) | undefined;
}

export function NoticePanel({ data, loading, onOpen, onMore, onMessagesPage }: NoticePanelProps) {
  const list = (items: AnnouncementRecord[] | undefined, testId: string) => (
    <Spin spinning={loading}>
      <NoticeList items={items ?? []} onOpen={onOpen} testId={testId} />
    </Spin>
  );
  return (
    <div data-testid="notice-panel" style={{ width: 'min(336px, calc(100vw - 16px))' }}>
      <Tabs
        centered
        size="small"
        tabBarStyle={{ marginBottom: 0 }}
        items={[
          {
            key: 'notices',
            label: `${MESSAGE_TEXT.notices}(${data?.anntMsgTotal ?? 0})`,
            children: list(data?.anntMsgList, 'notice-list'),
          },
          {
            key: 'system',
            label: `${MESSAGE_TEXT.systemMessages}(${data?.sysMsgTotal ?? 0})`,
            children: list(data?.sysMsgList, 'system-message-list'),
          },
        ]}
      />
      <Flex justify="space-between" style={{ borderTop: '1px solid rgba(5,5,5,0.06)', padding: '4px 8px' }}>
        {onMessagesPage ? (
          <Button type="link" size="small" onClick={onMessagesPage} data-testid="notice-messages-page">
            {MESSAGE_TEXT.messageCenter}
          </Button>
        ) : (
          <span />
        )}
        <Button type="link" size="small" onClick={onMore} data-testid="notice-more">
          {MESSAGE_TEXT.viewMore}
        </Button>
      </Flex>
    </div>
  );
}

function NoticeList({
  items,
  onOpen,
  testId,
}: {
  items: AnnouncementRecord[];
  onOpen: (a: AnnouncementRecord) => void;
  testId: string;
}) {
  const { token } = theme.useToken();
  if (items.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={MESSAGE_TEXT.empty}
        style={{ padding: '16px 0' }}
        data-testid={testId}
      />
    );
  }
  return (
    <ul data-testid={testId} style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 320, overflow: 'auto' }}>
      {items.map((a) => (
        <li key={a.id} style={{ borderBottom: '1px solid rgba(5,5,5,0.06)' }}>
          <button
            type="button"
            onClick={() => onOpen(a)}
            data-testid="notice-item"
            data-message-id={a.id}
            className="houtai-notice-item"
            style={{
              display: 'block',
              width: '100%',
              textAlign: 'start',
              border: 0,
              background: 'none',
              padding: '10px 16px',
              cursor: 'pointer',
              font: 'inherit',
            }}
          >
            <div
              title={a.titile}
              style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', color: 'rgba(0,0,0,0.88)' }}
            >
              {a.titile}
            </div>
            <div style={{ fontSize: 12, color: token.colorTextDescription, marginTop: 2 }}>{a.sendTime ?? ''}</div>
          </button>
        </li>
      ))}
    </ul>
  );
}
