/**
 * 表字典登记: the table dictionaries (`table,text,value`) forms may name — the only ones the dictionary reads
 * answer (security design §2.1). Each row: table, 显示字段, 存储字段, the dictCode, description and status; it can
 * be edited (table and columns picked from the server's registry) or deleted. Buttons follow the caller's
 * permission codes (ADMIN_PERMISSIONS.tableDict); the server checks them again.
 */
import { useState } from 'react';
import { Button, Flex, Form, Input, Popconfirm, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import { LIST_PAGE_TEXT } from '@houtai/shared/contract/list-page';
import type { TableDictRecord } from '@houtai/shared/contract/table-dict';
import { failureText } from '../../../lib/failure-text.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { Authorized, useHasPermission } from '../../../lib/permissions/index.ts';
import type { FitColumn } from '../../../lib/server-table/responsive-columns.ts';
import { ListPage } from '../../../widgets/list-page/list-page.tsx';
import { SearchForm } from '../../../widgets/list-page/search-form.tsx';
import { getTableDict, TABLE_DICT_LIST_PATH, useTableDictTable, type TableDictFilters } from './api/table-dict-api.ts';
import { TableDictFormDialog } from './table-dict-form-dialog.tsx';

const P = ADMIN_PERMISSIONS.tableDict;
const STATUS_OPTIONS = [
  { value: '1', label: '启用' },
  { value: '0', label: '停用' },
];

export function TableDictAdminPage() {
  const { message } = useFeedback();
  const [form] = Form.useForm<TableDictFilters>();
  const [editing, setEditing] = useState<{ record: TableDictRecord | null } | null>(null);
  const canEdit = useHasPermission(P.edit);
  const list = useTableDictTable();
  const { table } = list;

  const openEditor = async (id: string | null) => {
    if (!id) {
      setEditing({ record: null });
      return;
    }
    try {
      setEditing({ record: await getTableDict(id) });
    } catch (e) {
      const text = failureText(e);
      if (text) void message.warning(text);
    }
  };

  const statusTag = (r: TableDictRecord) => (
    <Tag color={r.status === 1 ? 'success' : 'default'} data-testid="table-dict-status">
      {r.status_dictText}
    </Tag>
  );
  const field = (name: string, label: string) => (
    <Flex vertical style={{ minWidth: 0 }}>
      <Typography.Text>{label}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12, fontFamily: 'monospace' }}>
        {name}
      </Typography.Text>
    </Flex>
  );

  const actions = (r: TableDictRecord, vertical: boolean) => {
    const style = vertical ? { padding: 0 } : { paddingInline: 4 };
    return (
      <Authorized action={P.edit}>
        <Space size={4} orientation={vertical ? 'vertical' : 'horizontal'}>
          <Button type="link" size="small" style={style} onClick={() => void openEditor(r.id)}>
            编辑
          </Button>
          <Popconfirm title={LIST_PAGE_TEXT.confirmDeleteOne} onConfirm={() => list.removeOne(r.id)}>
            <Button type="link" size="small" style={style} danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      </Authorized>
    );
  };

  const columns: FitColumn<TableDictRecord>[] = [
    {
      title: '表',
      dataIndex: 'tableName',
      minWidth: 180,
      render: (_: string, r) => field(r.tableName, r.tableName_dictText),
    },
    {
      title: '显示字段',
      dataIndex: 'textField',
      width: 150,
      render: (_: string, r) => field(r.textField, r.textField_dictText),
    },
    {
      title: '存储字段',
      dataIndex: 'valueField',
      width: 150,
      render: (_: string, r) => field(r.valueField, r.valueField_dictText),
    },
    {
      title: '字典编码',
      dataIndex: 'dictCode',
      width: 260,
      from: 'lg',
      render: (v: string) => (
        <Typography.Text code copyable style={{ whiteSpace: 'nowrap' }}>
          {v}
        </Typography.Text>
      ),
    },
    {
      title: '描述',
      dataIndex: 'description',
      width: 180,
      from: 'xl',
      ellipsis: { showTitle: false },
      render: (v: string | null) => (v ? <Typography.Text ellipsis={{ tooltip: v }}>{v}</Typography.Text> : '-'),
    },
    { title: '状态', dataIndex: 'status', width: 80, render: (_: number, r) => statusTag(r) },
  ];
  if (canEdit) {
    columns.push({
      title: '操作',
      key: 'actions',
      width: 120,
      fixed: 'right',
      render: (_: unknown, r) => actions(r, false),
    });
  }
  // A phone: one card per registration — table, the two columns, status.
  const compactColumns: TableColumnsType<TableDictRecord> = [
    {
      title: '表字典',
      key: 'entry',
      render: (_: unknown, r) => (
        <Flex vertical gap={4} style={{ minWidth: 0 }} data-testid="table-dict-card">
          <Flex align="center" gap={4} wrap>
            <Typography.Text strong>{r.tableName_dictText}</Typography.Text>
            {statusTag(r)}
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {`显示：${r.textField_dictText} · 存储：${r.valueField_dictText}`}
          </Typography.Text>
          <Typography.Text code style={{ fontSize: 12, wordBreak: 'break-all' }}>
            {r.dictCode}
          </Typography.Text>
        </Flex>
      ),
    },
  ];
  if (canEdit)
    compactColumns.push({ title: '操作', key: 'actions', width: 72, render: (_: unknown, r) => actions(r, true) });

  return (
    <>
      <ListPage<TableDictRecord, TableDictFilters>
        page={list}
        listKey={TABLE_DICT_LIST_PATH}
        title="表字典登记"
        search={
          <SearchForm form={form} onSearch={table.searchProps.onSearch} onReset={table.searchProps.onReset}>
            <Form.Item label="表名" name="tableName">
              <Input placeholder="请输入表名" allowClear maxLength={64} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item label="状态" name="status">
              <Select placeholder="请选择" allowClear options={STATUS_OPTIONS} style={{ width: 120 }} />
            </Form.Item>
          </SearchForm>
        }
        toolbar={
          <Authorized action={P.edit}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void openEditor(null)}>
              登记
            </Button>
          </Authorized>
        }
        columns={columns}
        compactColumns={compactColumns}
        emptyText="暂无表字典登记"
        errorTitle="表字典登记加载失败"
        data-testid="table-dict-admin-page"
        testIdPrefix="table-dict"
      />
      <TableDictFormDialog open={editing !== null} record={editing?.record ?? null} onClose={() => setEditing(null)} />
    </>
  );
}
