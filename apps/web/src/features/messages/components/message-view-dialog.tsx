/** One announcement opened from the bell: its title, sender and time, and its content (HTML, sanitised again). */
import { Modal, Space, theme } from 'antd';
import type { AnnouncementRecord } from '@houtai/shared/contract/announcement';
import { MY_MESSAGES_WIDTH, isPayslipTitle } from '@houtai/shared/messaging';
import { resolveStaticUrl } from '../../../lib/static-url.ts';
import { MarkdownView } from '../../../widgets/markdown/markdown-lazy.tsx';

export type ViewedAnnouncement = Pick<AnnouncementRecord, 'id' | 'titile' | 'msgContent' | 'sender' | 'sendTime'>;

export interface MessageViewDialogProps {
  announcement: ViewedAnnouncement | null;
  open: boolean;
  onClose: () => void;
  /** Once closed: focus the opener (the popup entry that opened the dialog is gone). */
  afterClose?: (() => void) | undefined;
}

export function MessageViewDialog({ announcement, open, onClose, afterClose }: MessageViewDialogProps) {
  const { token } = theme.useToken();
  return (
    <Modal
      open={open}
      onCancel={onClose}
      afterClose={afterClose}
      footer={null}
      width={MY_MESSAGES_WIDTH}
      title={<span data-testid="message-view-title">{announcement?.titile ?? ''}</span>}
      data-testid="message-view-dialog"
    >
      {announcement && (
        <>
          <Space size={16} style={{ color: token.colorTextDescription, fontSize: 12, marginBottom: 12 }} wrap>
            {announcement.sender && <span>发布人：{announcement.sender}</span>}
            {announcement.sendTime && <span>发布时间：{announcement.sendTime}</span>}
          </Space>
          <MarkdownView
            key={announcement.id}
            text={announcement.msgContent}
            format="html"
            payslip={isPayslipTitle(announcement.titile)}
            resolveImageSrc={resolveStaticUrl}
          />
        </>
      )}
    </Modal>
  );
}
