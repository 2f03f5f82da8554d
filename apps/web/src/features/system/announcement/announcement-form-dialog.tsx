/**
 * 新建 / 编辑 a 系统通告 draft: title, category, priority, audience (everyone, chosen users, chosen departments
 * with their sub-departments), time window, what opening it does, and the Markdown content with a preview. The
 * shared schema (AnnouncementAddBody) checks the form before it is sent; the server checks it again.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, DatePicker, Form, Input, Modal, Radio, Select, Tabs, theme, type GetRef } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import {
  ANNOUNCEMENT_ABSTRACT_MAX,
  ANNOUNCEMENT_CONTENT_MAX,
  ANNOUNCEMENT_OPEN_PAGE_MAX,
  ANNOUNCEMENT_TEXT,
  ANNOUNCEMENT_TITLE_MAX,
  AnnouncementAddBody,
  splitIds,
  type AnnouncementRecord,
  type MsgCategory,
  type MsgType,
  type OpenType,
  type Priority,
} from '@houtai/shared/contract/announcement';
import { resolveStaticUrl } from '../../../lib/static-url.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { checkWithSchema, showFieldErrors } from '../../../lib/zod-form.ts';
import { DictSearchSelect } from '../../../widgets/dict-search-select/dict-search-select.tsx';
import { commonUpload } from '../../../lib/common-upload.ts';
import { MarkdownView } from '../../../widgets/markdown/markdown-lazy.tsx';
import { MarkdownImageDialog } from '../../../widgets/markdown/markdown-image-dialog.tsx';
import { useAddAnnouncement, type AnnouncementInput } from './api/add-announcement.ts';
import { DEPART_OPTIONS, USER_OPTIONS } from './api/audience-options.ts';
import { useEditAnnouncement } from './api/edit-announcement.ts';
import { CATEGORY_OPTIONS, MSG_TYPE_OPTIONS, PRIORITY_OPTIONS } from './labels.ts';
import { ModalForm } from '../../../lib/modal-form.tsx';

const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const ANNOUNCEMENT_DIALOG_WIDTH = 900;

interface Values {
  titile: string;
  msgCategory: MsgCategory;
  priority: Priority;
  msgType: MsgType;
  userIds?: string[];
  departIds?: string[];
  window?: [Dayjs | null, Dayjs | null] | null;
  openType?: OpenType | 'none';
  openPage?: string;
  busId?: string;
  msgAbstract?: string;
  msgContent: string;
}

const FIELDS = [
  'titile',
  'msgCategory',
  'priority',
  'msgType',
  'userIds',
  'departIds',
  'openType',
  'openPage',
  'busId',
  'msgAbstract',
  'msgContent',
] as const;

function toValues(r: AnnouncementRecord | null): Partial<Values> {
  if (!r) return { msgCategory: '1', priority: 'L', msgType: 'ALL', openType: 'none', msgContent: '' };
  return {
    titile: r.titile,
    msgCategory: r.msgCategory,
    priority: r.priority,
    msgType: r.msgType,
    userIds: splitIds(r.userIds),
    departIds: splitIds(r.departIds),
    window:
      r.startTime || r.endTime ? [r.startTime ? dayjs(r.startTime) : null, r.endTime ? dayjs(r.endTime) : null] : null,
    openType: r.openType ?? 'none',
    openPage: r.openPage ?? undefined,
    busId: r.busId ?? undefined,
    msgAbstract: r.msgAbstract ?? undefined,
    // The editor writes Markdown: its source when the announcement was written here, else the stored HTML.
    msgContent: r.msgContentMd ?? r.msgContent,
  };
}

/** The form's values as the wire body (times in 'yyyy-MM-dd HH:mm:ss', audience lists only when they apply). */
export function toBody(v: Values): Record<string, unknown> {
  const [start, end] = v.window ?? [null, null];
  const opens = v.openType && v.openType !== 'none' ? v.openType : undefined;
  return {
    titile: v.titile ?? '',
    msgCategory: v.msgCategory,
    priority: v.priority,
    msgType: v.msgType,
    userIds: v.msgType === 'USER' ? (v.userIds ?? []) : undefined,
    departIds: v.msgType === 'DEPART' ? (v.departIds ?? []) : undefined,
    startTime: start ? start.format(TIME_FORMAT) : undefined,
    endTime: end ? end.format(TIME_FORMAT) : undefined,
    openType: opens,
    openPage: opens ? v.openPage : undefined,
    busId: opens === 'component' ? v.busId : undefined,
    msgAbstract: v.msgAbstract,
    msgContent: v.msgContent ?? '',
  };
}

export interface AnnouncementFormDialogProps {
  open: boolean;
  /** The draft to edit; null for a new one. */
  record: AnnouncementRecord | null;
  onClose: () => void;
  /** After a save (the list reloads by itself: the save invalidates it). */
  onSaved?: () => void;
}

export function AnnouncementFormDialog({ open, record, onClose, onSaved }: AnnouncementFormDialogProps) {
  const { token } = theme.useToken();
  const [form] = Form.useForm<Values>();
  const { message } = useFeedback();
  const add = useAddAnnouncement();
  const edit = useEditAnnouncement();
  const [tab, setTab] = useState<'edit' | 'preview'>('edit');
  const msgType = Form.useWatch('msgType', form);
  const openType = Form.useWatch('openType', form);
  const content = Form.useWatch('msgContent', form);
  const [imageDialog, setImageDialog] = useState(false);
  const editor = useRef<GetRef<typeof Input.TextArea>>(null);

  /** Puts the image's Markdown where the cursor is (or at the end), on a line of its own. */
  const insertImage = (markdown: string) => {
    const text = (form.getFieldValue('msgContent') as string | undefined) ?? '';
    const area = editor.current?.resizableTextArea?.textArea;
    const at = area ? area.selectionStart : text.length;
    const before = text.slice(0, at);
    const after = text.slice(at);
    const piece = `${before && !before.endsWith('\n') ? '\n' : ''}${markdown}\n`;
    form.setFieldsValue({ msgContent: `${before}${piece}${after}` });
    setImageDialog(false);
    setTab('edit');
  };

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(toValues(record));
  }, [open, record, form]);

  const close = () => {
    setTab('edit');
    onClose();
  };

  /** The form as the shared schema's body; its refusals go to their fields (null: nothing is sent). */
  const checkedBody = (values: Values): AnnouncementInput | null => {
    const checked = checkWithSchema(AnnouncementAddBody, toBody(values));
    if (checked.ok) return checked.value;
    // endTime / startTime issues belong to the time window field.
    const byField = new Map(checked.errors.byField);
    for (const key of ['startTime', 'endTime']) {
      const list = byField.get(key);
      if (list) {
        byField.delete(key);
        byField.set('window', [...(byField.get('window') ?? []), ...list]);
      }
    }
    const rest = showFieldErrors(form, { byField }, [...FIELDS, 'window']);
    if (byField.has('msgContent')) setTab('edit');
    if (rest.length) void message.warning(rest.join('；'));
    return null;
  };

  const save = useFormSubmit({
    form,
    input: checkedBody,
    mutation: {
      mutateAsync: (body: AnnouncementInput) =>
        record ? edit.mutateAsync({ ...body, id: record.id, version: record.version }) : add.mutateAsync(body),
      isPending: add.isPending || edit.isPending,
    },
    onSuccess: (text) => {
      void message.success(text || (record ? ANNOUNCEMENT_TEXT.edited : ANNOUNCEMENT_TEXT.added));
      onSaved?.();
      close();
    },
  });

  return (
    <Modal
      title={record ? '编辑通告' : '新建通告'}
      width={ANNOUNCEMENT_DIALOG_WIDTH}
      open={open}
      okText="保存"
      confirmLoading={save.submitting}
      onOk={() => void save.submit()}
      onCancel={close}
      destroyOnHidden
      data-testid="announcement-form-dialog"
    >
      <ModalForm
        onSubmit={save.submit}
        submitting={save.submitting}
        form={form}
        name="announcement"
        layout="vertical"
        autoComplete="off"
      >
        <Form.Item
          label="标题"
          name="titile"
          rules={[
            { required: true, whitespace: true, message: ANNOUNCEMENT_TEXT.titleRequired },
            { max: ANNOUNCEMENT_TITLE_MAX, message: ANNOUNCEMENT_TEXT.titleTooLong },
          ]}
        >
          <Input placeholder="请输入标题" maxLength={ANNOUNCEMENT_TITLE_MAX} showCount />
        </Form.Item>
        {/* Only a column gap: the items' own bottom margin spaces wrapped lines (a row gap added a blank band). */}
        <div style={{ display: 'flex', columnGap: 24, flexWrap: 'wrap' }} data-testid="announcement-kind-row">
          <Form.Item label="消息类型" name="msgCategory">
            <Radio.Group options={CATEGORY_OPTIONS} />
          </Form.Item>
          <Form.Item label="优先级" name="priority">
            <Radio.Group options={PRIORITY_OPTIONS} optionType="button" />
          </Form.Item>
          <Form.Item label="有效期" name="window">
            <DatePicker.RangePicker
              showTime
              format={TIME_FORMAT}
              placeholder={['开始时间', '结束时间']}
              allowEmpty={[true, true]}
            />
          </Form.Item>
        </div>
        <Form.Item label="通告对象" name="msgType">
          <Radio.Group options={MSG_TYPE_OPTIONS} />
        </Form.Item>
        {msgType === 'USER' && (
          <Form.Item
            label="指定用户"
            name="userIds"
            rules={[{ required: true, message: ANNOUNCEMENT_TEXT.usersRequired }]}
          >
            <DictSearchSelect loader={USER_OPTIONS} placeholder="输入姓名搜索用户" data-testid="announcement-users" />
          </Form.Item>
        )}
        {msgType === 'DEPART' && (
          <Form.Item
            label="指定部门（含下级部门）"
            name="departIds"
            rules={[{ required: true, message: ANNOUNCEMENT_TEXT.departsRequired }]}
          >
            <DictSearchSelect
              loader={DEPART_OPTIONS}
              placeholder="输入名称搜索部门"
              data-testid="announcement-departs"
            />
          </Form.Item>
        )}
        <div style={{ display: 'flex', columnGap: 16, flexWrap: 'wrap' }}>
          <Form.Item label="打开方式" name="openType">
            <Select
              style={{ width: 160 }}
              options={[
                { value: 'none', label: '查看消息' },
                { value: 'component', label: '打开页面' },
                { value: 'url', label: '打开链接' },
              ]}
            />
          </Form.Item>
          {openType && openType !== 'none' && (
            <Form.Item
              label={openType === 'component' ? '页面路由' : '链接地址'}
              name="openPage"
              style={{ flex: 1, minWidth: 240 }}
              rules={[{ required: true, whitespace: true, message: ANNOUNCEMENT_TEXT.openPageRequired }]}
            >
              <Input
                placeholder={openType === 'component' ? '/bi/workOrder/WorkOrderList' : 'https://…'}
                maxLength={ANNOUNCEMENT_OPEN_PAGE_MAX}
              />
            </Form.Item>
          )}
          {openType === 'component' && (
            <Form.Item label="业务ID" name="busId" style={{ width: 200 }}>
              <Input maxLength={64} />
            </Form.Item>
          )}
        </div>
        <Form.Item label="摘要" name="msgAbstract">
          <Input.TextArea rows={2} maxLength={ANNOUNCEMENT_ABSTRACT_MAX} showCount placeholder="选填，列表中显示" />
        </Form.Item>
        <Form.Item label="内容（Markdown）" required>
          {/* Over the tab bar, not in it: a button inside role=tablist is not allowed (axe, issue 11). */}
          <div style={{ position: 'relative' }}>
            <Button
              size="small"
              icon={<PictureOutlined />}
              onClick={() => setImageDialog(true)}
              style={{ position: 'absolute', top: 8, insetInlineEnd: 0, zIndex: 1 }}
            >
              插入图片
            </Button>
            <Tabs
              activeKey={tab}
              onChange={(k) => setTab(k as 'edit' | 'preview')}
              size="small"
              items={[
                {
                  key: 'edit',
                  label: '编辑',
                  forceRender: true,
                  children: (
                    <Form.Item
                      name="msgContent"
                      noStyle
                      rules={[{ required: true, whitespace: true, message: ANNOUNCEMENT_TEXT.contentRequired }]}
                    >
                      <Input.TextArea
                        ref={editor}
                        rows={12}
                        maxLength={ANNOUNCEMENT_CONTENT_MAX}
                        placeholder={
                          '支持 Markdown：# 标题、**加粗**、- 列表、[链接](https://…)、![图片](/api/sys/common/static/…)'
                        }
                        style={{ fontFamily: 'monospace' }}
                        data-testid="announcement-content"
                      />
                    </Form.Item>
                  ),
                },
                {
                  key: 'preview',
                  label: '预览',
                  children: (
                    <div
                      data-testid="announcement-preview"
                      style={{ minHeight: 240, maxHeight: 420, overflow: 'auto' }}
                    >
                      {content?.trim() ? (
                        <MarkdownView text={content} resolveImageSrc={resolveStaticUrl} />
                      ) : (
                        <span style={{ color: token.colorTextDescription }}>暂无内容</span>
                      )}
                    </div>
                  ),
                },
              ]}
            />
          </div>
        </Form.Item>
      </ModalForm>
      <MarkdownImageDialog
        open={imageDialog}
        upload={(file, opts) => commonUpload(file, { ...opts, biz: 'jeditor' })}
        resolveUrl={resolveStaticUrl}
        onInsert={insertImage}
        onCancel={() => setImageDialog(false)}
      />
    </Modal>
  );
}
