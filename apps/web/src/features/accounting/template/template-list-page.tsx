/**
 * 凭证模板 (/accounting/template): every business source leaf under A01 with its voucher template (模板名称, 状态, the
 * lines) or 未设置 — generation refuses a source without an active template. 编辑 opens the lines editor with the live
 * balance check; 删除 removes a template. Buttons follow the caller's codes; the server checks again.
 */
import { useState } from 'react';
import { Alert, Button, Card, Flex, Popconfirm, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ACCOUNTING_PERMISSIONS } from '@houtai/shared/contract/accounting';
import { TEMPLATE_TEXT, type TemplateSourceRecord } from '@houtai/shared/contract/accounting-template';
import { LIST_PAGE_TEXT } from '@houtai/shared/contract/list-page';
import { failureText } from '../../../lib/failure-text.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { Authorized, useHasPermission } from '../../../lib/permissions/index.ts';
import { useResponsiveColumns, type FitColumn } from '../../../lib/server-table/responsive-columns.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useTemplates, useTemplateSubjects } from './api/list-templates.ts';
import { useDeleteTemplate } from './api/save-template.ts';
import { TemplateFormDialog } from './template-form-dialog.tsx';
import { lineText } from './template-form.ts';

const P = ACCOUNTING_PERMISSIONS;

function StatusTag({ r }: { r: TemplateSourceRecord }) {
  const t = r.template;
  if (!t) return <Tag color="orange">未设置</Tag>;
  return (
    <Tag color={t.status === '1' ? 'green' : 'default'}>
      {t.status_dictText || (t.status === '1' ? '启用' : '停用')}
    </Tag>
  );
}

function Lines({ r }: { r: TemplateSourceRecord }) {
  if (!r.template) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Flex vertical gap={0}>
      {r.template.lines.map((l) => (
        <Typography.Text key={l.lineNo} style={{ fontSize: 12 }}>
          {lineText(l)}
        </Typography.Text>
      ))}
    </Flex>
  );
}

const sourcePath = (r: TemplateSourceRecord) => [...r.parentNames, r.sourceName].join(' / ');

export function TemplateListPage() {
  useDocumentTitle('凭证模板');
  const { message } = useFeedback();
  const canEdit = useHasPermission(P.templateEdit);
  const templates = useTemplates();
  const [editing, setEditing] = useState<TemplateSourceRecord | null>(null);
  const subjects = useTemplateSubjects(editing !== null);
  const remove = useDeleteTemplate();

  const onDelete = async (r: TemplateSourceRecord) => {
    try {
      void message.success((await remove.mutateAsync(r.dataSource)) || TEMPLATE_TEXT.deleted);
    } catch (e) {
      const text = failureText(e);
      if (text) void message.warning(text);
    }
  };

  const actions = (r: TemplateSourceRecord, vertical: boolean) => {
    const style = vertical ? { padding: 0 } : { paddingInline: 4 };
    return (
      <Space size={4} wrap={false} orientation={vertical ? 'vertical' : 'horizontal'}>
        <Button
          type="link"
          size="small"
          style={style}
          onClick={() => setEditing(r)}
          data-testid={`template-edit-${r.dataSource}`}
        >
          {r.template ? '编辑' : '设置'}
        </Button>
        {r.template && (
          <Popconfirm title={LIST_PAGE_TEXT.confirmDeleteOne} onConfirm={() => onDelete(r)}>
            <Button type="link" size="small" style={style} danger data-testid={`template-delete-${r.dataSource}`}>
              删除
            </Button>
          </Popconfirm>
        )}
      </Space>
    );
  };

  const columns: FitColumn<TemplateSourceRecord>[] = [
    {
      title: '业务来源',
      key: 'source',
      width: 200,
      render: (_: unknown, r) => (
        <Flex vertical gap={0}>
          <Typography.Text strong>{r.sourceName}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {`${r.parentNames.join(' / ')} · ${r.dataSource}`}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: '模板名称', key: 'name', width: 160, render: (_: unknown, r) => r.template?.name ?? '-' },
    { title: '状态', key: 'status', width: 88, render: (_: unknown, r) => <StatusTag r={r} /> },
    { title: '分录', key: 'lines', minWidth: 280, render: (_: unknown, r) => <Lines r={r} /> },
    {
      title: '更新时间',
      key: 'updateTime',
      width: 168,
      from: 'xl',
      render: (_: unknown, r) => r.template?.updateTime || '-',
    },
    ...(canEdit
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 110,
            fixed: 'right' as const,
            render: (_: unknown, r: TemplateSourceRecord) => actions(r, false),
          },
        ]
      : []),
  ];
  // A phone: one card per source — its path, the template's name and state, the lines.
  const compactColumns: TableColumnsType<TemplateSourceRecord> = [
    {
      title: '凭证模板',
      key: 'card',
      render: (_: unknown, r) => (
        <Flex vertical gap={2} style={{ minWidth: 0 }} data-testid="template-card">
          <Flex align="center" gap={4} wrap>
            <Typography.Text strong>{r.sourceName}</Typography.Text>
            <StatusTag r={r} />
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: sourcePath(r) }}>
            {r.template ? `${r.template.name} · ${sourcePath(r)}` : sourcePath(r)}
          </Typography.Text>
          <Lines r={r} />
        </Flex>
      ),
    },
    ...(canEdit
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 72,
            render: (_: unknown, r: TemplateSourceRecord) => actions(r, true),
          },
        ]
      : []),
  ];
  const layout = useResponsiveColumns({ columns, compactColumns });

  return (
    <Card title="凭证模板" data-testid="template-list-page">
      <Typography.Paragraph type="secondary">
        每个末级业务来源一套凭证模板；没有启用模板的业务来源不能生成单据。价税合计同时含不含税金额和税额，借贷两方须对应。
      </Typography.Paragraph>
      {templates.isError && (
        <Alert
          type="error"
          showIcon
          title="凭证模板加载失败"
          description={templates.error.message}
          action={
            <Button size="small" onClick={() => void templates.refetch()}>
              重试
            </Button>
          }
          style={{ marginBottom: 12 }}
        />
      )}
      <Table<TemplateSourceRecord>
        rowKey="dataSource"
        size="middle"
        loading={templates.isFetching}
        dataSource={templates.data ?? []}
        columns={layout.columns}
        scroll={layout.scroll}
        // Cards on a phone: a fixed layout wraps their long subject names instead of widening the page.
        tableLayout={layout.compact ? 'fixed' : undefined}
        pagination={false}
        locale={{ emptyText: '暂无业务来源' }}
        data-testid="template-table"
      />
      <Authorized action={P.templateEdit}>
        <TemplateFormDialog
          source={editing}
          subjects={subjects.data ?? []}
          subjectsLoading={subjects.isFetching}
          onClose={() => setEditing(null)}
        />
      </Authorized>
    </Card>
  );
}
