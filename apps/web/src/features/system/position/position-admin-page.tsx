/**
 * 职务管理 (/hr/PositionList): the positions with filters (名称, 编码); 新增 / 编辑 / 删除 (one or the ticked ones).
 * A position users hold is refused deletion by the server with the reason, shown as a warning. Buttons follow the
 * caller's permission codes (system:position:edit); the server checks them again.
 */
import { useState } from 'react';
import { Button, Flex, Form, Input, Popconfirm, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import type { PositionRecord } from '@houtai/shared/contract/admin-position';
import { LIST_PAGE_TEXT } from '@houtai/shared/contract/list-page';
import { failureText } from '../../../lib/failure-text.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { Authorized, useHasPermission } from '../../../lib/permissions/index.ts';
import type { FitColumn } from '../../../lib/server-table/responsive-columns.ts';
import { ListPage } from '../../../widgets/list-page/list-page.tsx';
import { SearchForm } from '../../../widgets/list-page/search-form.tsx';
import { getPosition } from './api/get-position.ts';
import { POSITION_LIST_PATH, usePositionTable, type PositionFilters, type PositionRow } from './api/list-positions.ts';
import { PositionFormDialog } from './position-form-dialog.tsx';

const P = ADMIN_PERMISSIONS.position;

export function PositionAdminPage() {
  const { message } = useFeedback();
  const [form] = Form.useForm<PositionFilters>();
  const [editing, setEditing] = useState<{ record: PositionRecord | null } | null>(null);
  const canEdit = useHasPermission(P.edit);
  const list = usePositionTable(canEdit);
  const { table } = list;

  const openEditor = async (id: string | null) => {
    if (!id) {
      setEditing({ record: null });
      return;
    }
    try {
      setEditing({ record: await getPosition(id) });
    } catch (e) {
      const text = failureText(e);
      if (text) void message.warning(text);
    }
  };

  const actions = (r: PositionRow, vertical: boolean) => {
    const style = vertical ? { padding: 0 } : { paddingInline: 4 };
    return (
      <Authorized action={P.edit}>
        <Space size={4} wrap={false} orientation={vertical ? 'vertical' : 'horizontal'}>
          <Button
            type="link"
            size="small"
            style={style}
            onClick={() => void openEditor(r.id)}
            data-testid={`position-edit-${r.id}`}
          >
            编辑
          </Button>
          <Popconfirm title={LIST_PAGE_TEXT.confirmDeleteOne} onConfirm={() => list.removeOne(r.id)}>
            <Button type="link" size="small" style={style} danger data-testid={`position-delete-${r.id}`}>
              删除
            </Button>
          </Popconfirm>
        </Space>
      </Authorized>
    );
  };

  const rank = (r: PositionRow) => (r.postRank ? <Tag>{r.postRank_dictText ?? r.postRank}</Tag> : '-');

  const columns: FitColumn<PositionRow>[] = [
    { title: '职务名称', dataIndex: 'name', minWidth: 160, ellipsis: true },
    { title: '职务编码', dataIndex: 'code', width: 180, ellipsis: true },
    { title: '职级', dataIndex: 'postRank', width: 110, render: (_: unknown, r) => rank(r) },
    { title: '创建时间', dataIndex: 'createTime', width: 168, from: 'lg', render: (v: string | null) => v || '-' },
    ...(canEdit
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 130,
            fixed: 'right' as const,
            render: (_: unknown, r: PositionRow) => actions(r, false),
          },
        ]
      : []),
  ];
  // A phone: one card per position — name, code and rank — with its actions beside it.
  const compactColumns: TableColumnsType<PositionRow> = [
    {
      title: '职务',
      key: 'position',
      render: (_: unknown, r) => (
        <Flex vertical gap={2} style={{ minWidth: 0 }} data-testid="position-card">
          <Typography.Text strong ellipsis={{ tooltip: r.name }}>
            {r.name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[r.code, r.postRank_dictText].filter(Boolean).join(' · ')}
          </Typography.Text>
        </Flex>
      ),
    },
    ...(canEdit
      ? [{ title: '操作', key: 'actions', width: 72, render: (_: unknown, r: PositionRow) => actions(r, true) }]
      : []),
  ];

  return (
    <>
      <ListPage<PositionRow, PositionFilters>
        page={list}
        listKey={POSITION_LIST_PATH}
        title="职务管理"
        search={
          <SearchForm form={form} onSearch={table.searchProps.onSearch} onReset={table.searchProps.onReset}>
            <Form.Item label="职务名称" name="name">
              <Input placeholder="请输入职务名称" allowClear style={{ width: 180 }} />
            </Form.Item>
            <Form.Item label="职务编码" name="code">
              <Input placeholder="请输入职务编码" allowClear style={{ width: 180 }} />
            </Form.Item>
          </SearchForm>
        }
        toolbar={
          <Authorized action={P.edit}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void openEditor(null)}>
              新增
            </Button>
          </Authorized>
        }
        batchDeletePermission={P.edit}
        columns={columns}
        compactColumns={compactColumns}
        emptyText="暂无职务"
        errorTitle="职务列表加载失败"
        data-testid="position-admin-page"
        testIdPrefix="position"
      />
      <PositionFormDialog open={editing !== null} record={editing?.record ?? null} onClose={() => setEditing(null)} />
    </>
  );
}
