/**
 * The header's notification bell (spec §2.5, §2.7, §3, §4): unread count = notices + system messages
 * (listByUser, loaded with the shell and again on realtime messages, never polled). Its popup lists both in two
 * tabs; an item opens its page (openType 'component') or the message itself, and is marked read. The footer
 * leads to the messages page and to 我的消息.
 *
 * First-screen weight: the popup is antd's Dropdown (already loaded for the user menu) with our own panel, the
 * count is a small bubble of our own rather than antd's Badge, and the panel, the dialogs and the mark-read
 * calls load on first use.
 */
import { Suspense, lazy, useCallback, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Spin } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import type { AnnouncementRecord } from '@houtai/shared/contract/announcement';
import { MESSAGE_TEXT, USER_ANNOUNCEMENT_PATH } from '@houtai/shared/messaging';
import type { HeaderItemProps } from '../../../lib/feature-entry.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { getRealtimeStatus, subscribeRealtimeStatus } from '../../../lib/realtime.ts';
import { unreadCount, useListByUser } from '../api/list-by-user.ts';

const NoticePanel = lazy(async () => ({ default: (await import('./notice-panel.tsx')).NoticePanel }));
const MyMessagesDialog = lazy(async () => ({
  default: (await import('./my-messages-dialog.tsx')).MyMessagesDialog,
}));
const MessageViewDialog = lazy(async () => ({
  default: (await import('./message-view-dialog.tsx')).MessageViewDialog,
}));

type Dialog = 'messages' | 'message' | null;

/** `links` is the signed-in user's menu: the pages an announcement may open, and whether 消息中心 is there. */
export type NoticeBellProps = HeaderItemProps;

/** The unread count over the bell's corner, as antd's small Badge draws it ('99+' above 99). */
export function CountBubble({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <sup
      aria-hidden
      data-testid="notice-bell-count"
      style={{
        position: 'absolute',
        top: -7,
        insetInlineStart: 9,
        minWidth: 16,
        height: 16,
        padding: '0 4px',
        borderRadius: 8,
        background: 'var(--ant-color-error, #ff4d4f)',
        color: '#fff',
        fontSize: 11,
        fontWeight: 'normal',
        lineHeight: '16px',
        textAlign: 'center',
        whiteSpace: 'nowrap',
        boxShadow: '0 0 0 1px #fff',
      }}
    >
      {count > 99 ? '99+' : count}
    </sup>
  );
}

export function NoticeBell({ links, dark = false, compact = false }: NoticeBellProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = useFeedback();
  const bell = useListByUser();
  const count = unreadCount(bell.data);
  // A dialog opened from the popup hands focus back to the bell when it closes.
  const bellButton = useRef<HTMLButtonElement>(null);
  const focusBell = useCallback(() => bellButton.current?.focus(), []);
  // Shown as data-realtime: whether live updates can arrive (diagnostics, browser tests).
  const realtime = useSyncExternalStore(subscribeRealtimeStatus, getRealtimeStatus);
  const [popupOpen, setPopupOpen] = useState(false);
  // Each dialog is mounted from its first use on, so that closing keeps its animation. The popup renders its
  // (lazy) panel only once opened.
  const [used, setUsed] = useState({ messages: false, message: false });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [viewed, setViewed] = useState<AnnouncementRecord | null>(null);
  const hasMessagesPage = links.hasPath(USER_ANNOUNCEMENT_PATH);

  const onOpenChange = (open: boolean) => {
    setPopupOpen(open);
    if (open) void bell.refetch();
  };

  const openDialog = (which: Exclude<Dialog, null>) => {
    setPopupOpen(false);
    setUsed((u) => ({ ...u, [which]: true }));
    setDialog(which);
  };

  const markRead = (anntId: string) =>
    void import('../mark-read-flow.ts').then((m) => m.readMessage(queryClient, message, anntId));

  const openAnnouncement = (a: AnnouncementRecord) => {
    markRead(a.id);
    const target = a.openType === 'component' ? links.pageTarget(a.openPage, a.busId) : null;
    if (target) {
      setPopupOpen(false);
      void navigate(target);
      return;
    }
    setViewed(a);
    openDialog('message');
  };

  const panel = (
    <div
      style={{
        background: 'var(--ant-color-bg-elevated, #fff)',
        borderRadius: 8,
        boxShadow: '0 6px 16px 0 rgba(0,0,0,0.08), 0 3px 6px -4px rgba(0,0,0,0.12), 0 9px 28px 8px rgba(0,0,0,0.05)',
      }}
    >
      <Suspense fallback={<Spin style={{ display: 'block', padding: 24 }} />}>
        <NoticePanel
          data={bell.data}
          loading={bell.isFetching && !bell.data}
          onOpen={openAnnouncement}
          onMore={() => openDialog('messages')}
          onMessagesPage={
            hasMessagesPage
              ? () => {
                  setPopupOpen(false);
                  void navigate(USER_ANNOUNCEMENT_PATH);
                }
              : undefined
          }
        />
      </Suspense>
    </div>
  );

  const label = count > 0 ? `${MESSAGE_TEXT.bell}，${count}条未读` : MESSAGE_TEXT.bell;
  return (
    <>
      <Dropdown
        trigger={['click']}
        // Centred under the bell and shifted into the window where it would overflow (phones).
        placement="bottom"
        open={popupOpen}
        onOpenChange={onOpenChange}
        menu={{ items: [] }}
        popupRender={() => panel}
      >
        <Button
          ref={bellButton}
          type="text"
          aria-label={label}
          title={MESSAGE_TEXT.bell}
          data-testid="notice-bell"
          data-count={count}
          data-realtime={realtime}
          style={{ flex: 'none', paddingInline: compact ? 4 : 8, color: dark ? '#fff' : undefined }}
        >
          <span style={{ position: 'relative', display: 'inline-flex' }}>
            <BellOutlined style={{ fontSize: 16 }} />
            <CountBubble count={count} />
          </span>
        </Button>
      </Dropdown>
      {used.messages && (
        <Suspense fallback={null}>
          <MyMessagesDialog open={dialog === 'messages'} onClose={() => setDialog(null)} afterClose={focusBell} />
        </Suspense>
      )}
      {used.message && (
        <Suspense fallback={null}>
          <MessageViewDialog
            announcement={viewed}
            open={dialog === 'message'}
            onClose={() => setDialog(null)}
            afterClose={focusBell}
          />
        </Suspense>
      )}
    </>
  );
}
