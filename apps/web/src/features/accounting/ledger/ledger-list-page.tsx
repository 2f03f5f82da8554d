/**
 * 账簿管理 (/accounting/ledger): the ledgers of the settlement organisations with filters (结算组织, 编码, 名称), which
 * one is each organisation's 主账簿, 新增 / 编辑 / 删除 (the server refuses to delete a ledger that has documents,
 * vouchers or balances, or the main ledger while others are active — with the reason). Buttons follow the caller's
 * codes; the server checks again.
 */
import { useState } from 'react';
import { Button, Flex, Form, Input, Popconfirm, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ACCOUNTING_PERMISSIONS } from '@houtai/shared/contract/accounting';
import { LEDGER_LIMITS, type LedgerRecord } from '@houtai/shared/contract/accounting-template';
import { LIST_PAGE_TEXT } from '@houtai/shared/contract/list-page';
import { loadDictOptions } from '../../../lib/api/dict.ts';
import { failureText } from '../../../lib/failure-text.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { Authorized, useHasPermission } from '../../../lib/permissions/index.ts';
import type { FitColumn } from '../../../lib/server-table/responsive-columns.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { DictSelect } from '../../../widgets/dict-select/dict-select.tsx';
import { ListPage } from '../../../widgets/list-page/list-page.tsx';
import { SearchForm } from '../../../widgets/list-page/search-form.tsx';
import { getLedger } from './api/get-ledger.ts';
import { LEDGER_LIST_PATH, useLedgerTable, type LedgerFilters } from './api/list-ledgers.ts';
import { LedgerFormDialog } from './ledger-form-dialog.tsx';

const P = ACCOUNTING_PERMISSIONS;

function StatusTag({ r }: { r: LedgerRecord }) {
  return (
    <Tag color={r.status === '1' ? 'green' : 'default'}>
      {r.status_dictText || (r.status === '1' ? '启用' : '不启用')}
    </Tag>
  );
}

function MainTag({ r }: { r: LedgerRecord }) {
  return r.isMain === '1' ? <Tag color="blue">主账簿</Tag> : null;
}

export function LedgerListPage() {
  useDocumentTitle('账簿管理');
  const { message } = useFeedback();
  const [form] = Form.useForm<LedgerFilters>();
  const [editing, setEditing] = useState<{ record: LedgerRecord | null } | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const canEdit = useHasPermission(P.ledgerEdit);
  const list = useLedgerTable();
  const { table } = list;

  const openEditor = async (id: string | null) => {
    if (!id) {
      setEditing({ record: null });
      return;
    }
    setOpening(id);
    try {
      setEditing({ record: await getLedger(id) });
    } catch (e) {
      const text = failureText(e);
      if (text) void message.warning(text);
    } finally {
      setOpening(null);
    }
  };

  const actions = (r: LedgerRecord, vertical: boolean) => {
    const style = vertical ? { padding: 0 } : { paddingInline: 4 };
    return (
      <Space size={4} wrap={false} orientation={vertical ? 'vertical' : 'horizontal'}>
        <Button
          type="link"
          size="small"
          style={style}
          loading={opening === r.id}
          onClick={() => void openEditor(r.id)}
          data-testid={`ledger-edit-${r.id}`}
        >
          编辑
        </Button>
        <Popconfirm title={LIST_PAGE_TEXT.confirmDeleteOne} onConfirm={() => list.removeOne(r.id)}>
          <Button type="link" size="small" style={style} danger data-testid={`ledger-delete-${r.id}`}>
            删除
          </Button>
        </Popconfirm>
      </Space>
    );
  };
  const actionColumn = canEdit
    ? [
        {
          title: '操作',
          key: 'actions',
          width: 110,
          fixed: 'right' as const,
          render: (_: unknown, r: LedgerRecord) => actions(r, false),
        },
      ]
    : [];

  const columns: FitColumn<LedgerRecord>[] = [
    {
      title: '编码',
      dataIndex: 'code',
      width: 120,
      ellipsis: true,
      sorter: true,
      sortOrder: table.sortOrderOf('code'),
    },
    { title: '名称', dataIndex: 'name', minWidth: 160, ellipsis: true },
    { title: '结算组织', dataIndex: 'settlementOrgId_dictText', minWidth: 160, ellipsis: true },
    { title: '币种', dataIndex: 'currency', width: 72 },
    { title: '主账簿', dataIndex: 'isMain', width: 88, render: (_: unknown, r) => (r.isMain === '1' ? '是' : '否') },
    { title: '状态', dataIndex: 'status', width: 88, render: (_: unknown, r) => <StatusTag r={r} /> },
    { title: '创建时间', dataIndex: 'createTime', width: 168, from: 'lg', render: (v: string | null) => v || '-' },
    ...actionColumn,
  ];
  // A phone: one card per ledger — name with its tags, code, organisation and currency.
  const compactColumns: TableColumnsType<LedgerRecord> = [
    {
      title: '账簿',
      key: 'ledger',
      render: (_: unknown, r) => (
        <Flex vertical gap={2} style={{ minWidth: 0 }} data-testid="ledger-card">
          <Flex align="center" gap={4} wrap>
            <Typography.Text strong ellipsis={{ tooltip: r.name }}>
              {r.name}
            </Typography.Text>
            <MainTag r={r} />
            <StatusTag r={r} />
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: r.settlementOrgId_dictText }}>
            {`${r.code} · ${r.settlementOrgId_dictText} · ${r.currency}`}
          </Typography.Text>
        </Flex>
      ),
    },
    ...(canEdit
      ? [{ title: '操作', key: 'actions', width: 72, render: (_: unknown, r: LedgerRecord) => actions(r, true) }]
      : []),
  ];

  return (
    <>
      <ListPage<LedgerRecord, LedgerFilters>
        page={list}
        listKey={LEDGER_LIST_PATH}
        title="账簿管理"
        search={
          <SearchForm
            form={form}
            name="ledger-search"
            onSearch={table.searchProps.onSearch}
            onReset={table.searchProps.onReset}
            data-testid="ledger-search"
          >
            <Form.Item label="结算组织" name="settlementOrgId">
              <DictSelect
                dictCode={LEDGER_LIMITS.orgDictCode}
                loader={loadDictOptions}
                placeholder="全部"
                style={{ width: 200 }}
              />
            </Form.Item>
            <Form.Item label="编码" name="code">
              <Input placeholder="请输入编码" allowClear style={{ width: 140 }} />
            </Form.Item>
            <Form.Item label="名称" name="name">
              <Input placeholder="请输入名称" allowClear style={{ width: 160 }} />
            </Form.Item>
          </SearchForm>
        }
        toolbar={
          <Authorized action={P.ledgerEdit}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void openEditor(null)}>
              新增
            </Button>
          </Authorized>
        }
        columns={columns}
        compactColumns={compactColumns}
        emptyText="暂无账簿"
        errorTitle="账簿列表加载失败"
        data-testid="ledger-list-page"
        testIdPrefix="ledger"
      />
      <LedgerFormDialog open={editing !== null} record={editing?.record ?? null} onClose={() => setEditing(null)} />
    </>
  );
}
