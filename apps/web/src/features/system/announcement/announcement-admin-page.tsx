/**
 * 系统通告 (/isystem/annountCement): the administrator's list of announcements with filters, and the actions of
 * each state — drafts are edited, published (发布) or deleted; published ones are revoked (撤销); any can be
 * viewed. Buttons follow the caller's permission codes; the server checks them again.
 */
import { useState } from 'react';
import {
  Button,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Tag,
  Tooltip,
  Typography,
  theme,
  type TableColumnsType,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { LIST_PAGE_TEXT } from '@houtai/shared/contract/list-page';
import {
  ANNOUNCEMENT_PERMISSIONS,
  type AnnouncementListRecord,
  type AnnouncementRecord,
} from '@houtai/shared/contract/announcement';
import { isPayslipTitle } from '@houtai/shared/messaging';
import { failureText } from '../../../lib/failure-text.ts';
import { resolveStaticUrl } from '../../../lib/static-url.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { Authorized, useHasPermission } from '../../../lib/permissions/index.ts';
import type { FitColumn } from '../../../lib/server-table/responsive-columns.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { loadDictOptions } from '../../../lib/api/dict.ts';
import { ListPage } from '../../../widgets/list-page/list-page.tsx';
import type { SuperQueryField } from '../../../widgets/super-query/index.ts';
import { MarkdownView } from '../../../widgets/markdown/markdown-lazy.tsx';
import { getAnnouncement } from './api/get-announcement.ts';
import { ANNOUNCEMENT_LIST_PATH, useAnnouncementTable, type AnnouncementFilters } from './api/list-announcements.ts';
import { useReleaseAnnouncement } from './api/release-announcement.ts';
import { useRevokeAnnouncement } from './api/revoke-announcement.ts';
import { AnnouncementFormDialog } from './announcement-form-dialog.tsx';
import { CATEGORY_OPTIONS, PRIORITY_COLOR, SEND_STATUS_COLOR, SEND_STATUS_OPTIONS } from './labels.ts';
import { SearchForm } from '../../../widgets/list-page/search-form.tsx';

/** 高级查询's fields: those the server's announcement registry lets a condition name (announcement.fields.ts). */
const ANNOUNCEMENT_QUERY_FIELDS: readonly SuperQueryField[] = [
  { title: '标题', field: 'titile', type: 'string' },
  { title: '发布人', field: 'sender', type: 'string' },
  { title: '优先级', field: 'priority', type: 'dict', dictCode: 'priority' },
  { title: '消息类型', field: 'msgCategory', type: 'dict', dictCode: 'msg_category' },
  { title: '发布状态', field: 'sendStatus', type: 'dict', dictCode: 'send_status' },
  { title: '发布时间', field: 'sendTime', type: 'datetime' },
  { title: '创建时间', field: 'createTime', type: 'datetime' },
];

export function AnnouncementAdminPage() {
  const { token } = theme.useToken();
  const { message } = useFeedback();
  const [form] = Form.useForm<AnnouncementFilters>();
  const [editing, setEditing] = useState<{ record: AnnouncementRecord | null } | null>(null);
  const [viewing, setViewing] = useState<AnnouncementRecord | null>(null);
  const canDelete = useHasPermission(ANNOUNCEMENT_PERMISSIONS.delete);
  // Rows are ticked only for 批量删除.
  const list = useAnnouncementTable(canDelete);
  const { table } = list;

  // Each action shows the server's message (or its own), clears the ticks; its mutation reloads the list.
  const done = (fallback: string) => (text: string) => {
    void message.success(text || fallback);
    table.selection.clear();
  };
  const release = useFormSubmit({ mutation: useReleaseAnnouncement(), onSuccess: done('发布成功') });
  const revoke = useFormSubmit({ mutation: useRevokeAnnouncement(), onSuccess: done('撤销成功') });

  const openEditor = async (id: string | null) => {
    if (!id) {
      setEditing({ record: null });
      return;
    }
    try {
      setEditing({ record: await getAnnouncement(id) });
    } catch (e) {
      const text = failureText(e);
      if (text) void message.warning(text);
    }
  };

  const openViewer = async (id: string) => {
    try {
      setViewing(await getAnnouncement(id));
    } catch (e) {
      const text = failureText(e);
      if (text) void message.warning(text);
    }
  };

  // A revoked announcement names its 撤销时间 on its tag: the column shows only on the widest screens.
  const sendStatusTag = (r: AnnouncementListRecord) => (
    <Tooltip title={r.cancelTime ? `撤销时间：${r.cancelTime}` : undefined}>
      <Tag color={SEND_STATUS_COLOR[r.sendStatus]}>{r.sendStatus_dictText}</Tag>
    </Tooltip>
  );
  const priorityTag = (r: AnnouncementListRecord) => (
    <Tag color={PRIORITY_COLOR[r.priority]}>{r.priority_dictText}</Tag>
  );
  const actions = (r: AnnouncementListRecord, vertical: boolean) => {
    const style = vertical ? { padding: 0 } : { paddingInline: 4 };
    return (
      <Space size={4} wrap={false} orientation={vertical ? 'vertical' : 'horizontal'}>
        <Button type="link" size="small" style={style} onClick={() => void openViewer(r.id)}>
          查看
        </Button>
        {r.sendStatus === '0' && (
          <>
            <Authorized action={ANNOUNCEMENT_PERMISSIONS.edit}>
              <Button type="link" size="small" style={style} onClick={() => void openEditor(r.id)}>
                编辑
              </Button>
            </Authorized>
            <Authorized action={ANNOUNCEMENT_PERMISSIONS.release}>
              <Popconfirm title="确定发布该通告吗?" onConfirm={() => release.submit(r.id)}>
                <Button type="link" size="small" style={style} data-testid={`announcement-release-${r.id}`}>
                  发布
                </Button>
              </Popconfirm>
            </Authorized>
          </>
        )}
        {r.sendStatus === '1' && (
          <Authorized action={ANNOUNCEMENT_PERMISSIONS.release}>
            <Popconfirm title="确定撤销该通告吗?" onConfirm={() => revoke.submit(r.id)}>
              <Button type="link" size="small" style={style}>
                撤销
              </Button>
            </Popconfirm>
          </Authorized>
        )}
        <Authorized action={ANNOUNCEMENT_PERMISSIONS.delete}>
          <Popconfirm title={LIST_PAGE_TEXT.confirmDeleteOne} onConfirm={() => list.removeOne(r.id)}>
            <Button type="link" size="small" style={style} danger>
              删除
            </Button>
          </Popconfirm>
        </Authorized>
      </Space>
    );
  };

  const columns: FitColumn<AnnouncementListRecord>[] = [
    {
      title: '标题',
      dataIndex: 'titile',
      minWidth: 220,
      // The full title shows in a tooltip only when the cell cuts it.
      ellipsis: { showTitle: false },
      render: (title: string) => (
        <Typography.Text ellipsis={{ tooltip: title }} data-testid="announcement-title">
          {title}
        </Typography.Text>
      ),
    },
    { title: '消息类型', dataIndex: 'msgCategory_dictText', width: 96 },
    { title: '通告对象', dataIndex: 'msgType_dictText', width: 96, from: 'xl' },
    { title: '优先级', dataIndex: 'priority_dictText', width: 76, render: (_: string, r) => priorityTag(r) },
    { title: '发布人', dataIndex: 'sender', width: 96, from: 'xl', render: (v: string | null) => v || '-' },
    { title: '发布状态', dataIndex: 'sendStatus_dictText', width: 92, render: (_: string, r) => sendStatusTag(r) },
    { title: '发布时间', dataIndex: 'sendTime', width: 168, render: (v: string | null) => v || '-' },
    { title: '撤销时间', dataIndex: 'cancelTime', width: 168, from: 'xxl', render: (v: string | null) => v || '-' },
    { title: '操作', key: 'actions', width: 176, fixed: 'right', render: (_: unknown, r) => actions(r, false) },
  ];
  // A phone: one card per announcement — title, tags, sender and times — with its steps beside it.
  const compactColumns: TableColumnsType<AnnouncementListRecord> = [
    {
      title: '通告',
      key: 'announcement',
      render: (_: unknown, r) => (
        <Flex vertical gap={4} style={{ minWidth: 0 }} data-testid="announcement-card">
          <Typography.Text strong ellipsis={{ tooltip: r.titile }} data-testid="announcement-title">
            {r.titile}
          </Typography.Text>
          <Flex align="center" gap={4} wrap>
            <Tag>{r.msgCategory_dictText}</Tag>
            {priorityTag(r)}
            {sendStatusTag(r)}
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {`${r.msgType_dictText ?? ''} · ${r.sender || '-'}`}
          </Typography.Text>
          {r.sendTime ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.cancelTime ? `撤销于 ${r.cancelTime}` : `发布于 ${r.sendTime}`}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    { title: '操作', key: 'actions', width: 72, render: (_: unknown, r) => actions(r, true) },
  ];

  return (
    <>
      <ListPage<AnnouncementListRecord, AnnouncementFilters>
        page={list}
        listKey={ANNOUNCEMENT_LIST_PATH}
        title="系统通告"
        search={
          <SearchForm form={form} onSearch={table.searchProps.onSearch} onReset={table.searchProps.onReset}>
            <Form.Item label="标题" name="titile">
              <Input placeholder="请输入标题" allowClear style={{ width: 200 }} />
            </Form.Item>
            <Form.Item label="消息类型" name="msgCategory">
              <Select placeholder="请选择" allowClear options={CATEGORY_OPTIONS} style={{ width: 140 }} />
            </Form.Item>
            <Form.Item label="发布状态" name="sendStatus">
              <Select placeholder="请选择" allowClear options={SEND_STATUS_OPTIONS} style={{ width: 140 }} />
            </Form.Item>
          </SearchForm>
        }
        toolbar={
          <Authorized action={ANNOUNCEMENT_PERMISSIONS.add}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void openEditor(null)}>
              新建
            </Button>
          </Authorized>
        }
        batchDeletePermission={ANNOUNCEMENT_PERMISSIONS.delete}
        superQuery={{ fields: ANNOUNCEMENT_QUERY_FIELDS, loadOptions: loadDictOptions }}
        columns={columns}
        compactColumns={compactColumns}
        emptyText="暂无通告"
        errorTitle="系统通告加载失败"
        data-testid="announcement-admin-page"
        testIdPrefix="announcement"
      />
      <AnnouncementFormDialog
        open={editing !== null}
        record={editing?.record ?? null}
        onClose={() => setEditing(null)}
      />
      <Modal
        title={viewing?.titile}
        open={viewing !== null}
        onCancel={() => setViewing(null)}
        footer={null}
        width={900}
        destroyOnHidden
      >
        {viewing && (
          <div data-testid="announcement-view">
            <Space style={{ color: token.colorTextDescription, marginBottom: 12 }} size={16}>
              {viewing.sender && <span>发布人：{viewing.sender}</span>}
              <span>{viewing.sendTime ? `发布时间：${viewing.sendTime}` : '未发布'}</span>
            </Space>
            <MarkdownView
              text={viewing.msgContent}
              format="html"
              payslip={isPayslipTitle(viewing.titile)}
              resolveImageSrc={resolveStaticUrl}
            />
          </div>
        )}
      </Modal>
    </>
  );
}
