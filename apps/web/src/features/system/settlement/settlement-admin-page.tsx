/**
 * 结算组织 (/isystem/settlement): the settlement organisations with filters (名称, 编码, 状态) and how many users and
 * ledgers each has; 新增 / 编辑 / 删除 (one or the ticked ones — the server refuses while users are linked or
 * ledgers exist, with the reason); 用户 opens the organisation's users (add with the user picker, remove). Ledgers
 * (账簿) are administered by the accounting screens. Buttons follow the caller's codes; the server checks again.
 */
import { useState } from 'react';
import { Button, Flex, Form, Input, Popconfirm, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import type { SettlementRecord } from '@houtai/shared/contract/admin-settlement';
import { LIST_PAGE_TEXT } from '@houtai/shared/contract/list-page';
import { failureText } from '../../../lib/failure-text.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { Authorized, useHasPermission } from '../../../lib/permissions/index.ts';
import type { FitColumn } from '../../../lib/server-table/responsive-columns.ts';
import { ListPage } from '../../../widgets/list-page/list-page.tsx';
import { SearchForm } from '../../../widgets/list-page/search-form.tsx';
import { getSettlement } from './api/get-settlement.ts';
import {
  SETTLEMENT_LIST_PATH,
  useSettlementTable,
  type SettlementFilters,
  type SettlementRow,
} from './api/list-settlements.ts';
import { SettlementFormDialog, STATUS_OPTIONS } from './settlement-form-dialog.tsx';
import { SettlementUsersDrawer } from './settlement-users-drawer.tsx';

const P = ADMIN_PERMISSIONS.settlement;

function StatusTag({ r }: { r: SettlementRow }) {
  return (
    <Tag color={r.status === '1' ? 'green' : 'default'}>
      {r.status_dictText || (r.status === '1' ? '启用' : '不启用')}
    </Tag>
  );
}

export function SettlementAdminPage() {
  const { message } = useFeedback();
  const [form] = Form.useForm<SettlementFilters>();
  const [editing, setEditing] = useState<{ record: SettlementRecord | null } | null>(null);
  const [usersOf, setUsersOf] = useState<SettlementRow | null>(null);
  const canEdit = useHasPermission(P.edit);
  const list = useSettlementTable(canEdit);
  const { table } = list;

  const openEditor = async (id: string | null) => {
    if (!id) {
      setEditing({ record: null });
      return;
    }
    try {
      setEditing({ record: await getSettlement(id) });
    } catch (e) {
      const text = failureText(e);
      if (text) void message.warning(text);
    }
  };

  const actions = (r: SettlementRow, vertical: boolean) => {
    const style = vertical ? { padding: 0 } : { paddingInline: 4 };
    return (
      <Space size={4} wrap={false} orientation={vertical ? 'vertical' : 'horizontal'}>
        <Button
          type="link"
          size="small"
          style={style}
          onClick={() => setUsersOf(r)}
          data-testid={`settlement-users-${r.id}`}
        >
          用户
        </Button>
        <Authorized action={P.edit}>
          <Button
            type="link"
            size="small"
            style={style}
            onClick={() => void openEditor(r.id)}
            data-testid={`settlement-edit-${r.id}`}
          >
            编辑
          </Button>
          <Popconfirm title={LIST_PAGE_TEXT.confirmDeleteOne} onConfirm={() => list.removeOne(r.id)}>
            <Button type="link" size="small" style={style} danger data-testid={`settlement-delete-${r.id}`}>
              删除
            </Button>
          </Popconfirm>
        </Authorized>
      </Space>
    );
  };

  const columns: FitColumn<SettlementRow>[] = [
    { title: '名称', dataIndex: 'name', minWidth: 180, ellipsis: true },
    { title: '编码', dataIndex: 'code', width: 140, ellipsis: true },
    { title: '状态', dataIndex: 'status', width: 96, render: (_: unknown, r) => <StatusTag r={r} /> },
    { title: '用户数', dataIndex: 'userCount', width: 84, align: 'right' },
    { title: '账簿数', dataIndex: 'ledgerCount', width: 84, align: 'right', from: 'lg' },
    { title: '排序', dataIndex: 'sortOrder', width: 72, align: 'right', from: 'xl' },
    { title: '创建时间', dataIndex: 'createTime', width: 168, from: 'lg', render: (v: string | null) => v || '-' },
    { title: '操作', key: 'actions', width: 170, fixed: 'right', render: (_: unknown, r) => actions(r, false) },
  ];
  const compactColumns: TableColumnsType<SettlementRow> = [
    {
      title: '结算组织',
      key: 'org',
      render: (_: unknown, r) => (
        <Flex vertical gap={2} style={{ minWidth: 0 }} data-testid="settlement-card">
          <Typography.Text strong ellipsis={{ tooltip: r.name }}>
            {r.name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {`${r.code} · ${r.userCount} 个用户 · ${r.ledgerCount} 个账簿`}
          </Typography.Text>
          <span>
            <StatusTag r={r} />
          </span>
        </Flex>
      ),
    },
    { title: '操作', key: 'actions', width: 72, render: (_: unknown, r) => actions(r, true) },
  ];

  return (
    <>
      <ListPage<SettlementRow, SettlementFilters>
        page={list}
        listKey={SETTLEMENT_LIST_PATH}
        title="结算组织"
        search={
          <SearchForm form={form} onSearch={table.searchProps.onSearch} onReset={table.searchProps.onReset}>
            <Form.Item label="名称" name="name">
              <Input placeholder="请输入名称" allowClear style={{ width: 180 }} />
            </Form.Item>
            <Form.Item label="编码" name="code">
              <Input placeholder="请输入编码" allowClear style={{ width: 160 }} />
            </Form.Item>
            <Form.Item label="状态" name="status">
              <Select placeholder="全部" allowClear options={STATUS_OPTIONS} style={{ width: 120 }} />
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
        emptyText="暂无结算组织"
        errorTitle="结算组织列表加载失败"
        data-testid="settlement-admin-page"
        testIdPrefix="settlement"
      />
      <SettlementFormDialog open={editing !== null} record={editing?.record ?? null} onClose={() => setEditing(null)} />
      <SettlementUsersDrawer org={usersOf} onClose={() => setUsersOf(null)} />
    </>
  );
}
