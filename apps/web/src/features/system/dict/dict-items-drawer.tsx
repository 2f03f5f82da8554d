/**
 * 字典配置 of a dictionary (数据字典): its items in sort order — 名称, 数据值, 描述, 排序, 状态 — searched by name and
 * status, with 新增, 编辑, 删除 (one or the ticked ones). Buttons follow the caller's permission codes.
 */
import { useCallback, useState } from 'react';
import {
  Button,
  Drawer,
  Flex,
  Form,
  Grid,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import { DICT_ITEM_STATUS_TEXT, type DictItemRecord } from '@houtai/shared/contract/dict-admin';
import { LIST_PAGE_TEXT } from '@houtai/shared/contract/list-page';
import { useFeedback } from '../../../lib/feedback.ts';
import { LoadErrorAlert } from '../../../lib/load-error-alert.tsx';
import { Authorized, useHasPermission } from '../../../lib/permissions/index.ts';
import { useServerTable } from '../../../lib/server-table/use-server-table.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { SearchForm } from '../../../widgets/list-page/search-form.tsx';
import { listDictItems, useDeleteDictItems, type DictItemFilters } from './api/dict-items.ts';
import { DICT_KEYS } from './api/dict-keys.ts';
import { DictItemFormDialog } from './dict-item-form-dialog.tsx';

const P = ADMIN_PERMISSIONS.dict;

export interface DictItemsTarget {
  id: string;
  dictName: string;
  dictCode: string;
}

const STATUS_FILTER = [
  { value: '1', label: DICT_ITEM_STATUS_TEXT['1'] },
  { value: '0', label: DICT_ITEM_STATUS_TEXT['0'] },
];

function statusTag(r: DictItemRecord) {
  const text = r.status_dictText || DICT_ITEM_STATUS_TEXT[String(r.status)] || String(r.status);
  return <Tag color={r.status === 1 ? 'green' : 'default'}>{text}</Tag>;
}

export function DictItemsDrawer({ dict, onClose }: { dict: DictItemsTarget | null; onClose: () => void }) {
  const phone = Grid.useBreakpoint().md === false;
  return (
    <Drawer
      title={dict ? `字典配置 - ${dict.dictName}（${dict.dictCode}）` : '字典配置'}
      placement="right"
      size={phone ? '100%' : 860}
      open={dict !== null}
      onClose={onClose}
      destroyOnHidden
      data-testid="dict-items-drawer"
    >
      {dict && <DictItemsPanel dict={dict} phone={phone} />}
    </Drawer>
  );
}

function DictItemsPanel({ dict, phone }: { dict: DictItemsTarget; phone: boolean }) {
  const [form] = Form.useForm<DictItemFilters>();
  const { message, modal } = useFeedback();
  const [editing, setEditing] = useState<{ record: DictItemRecord | null } | null>(null);
  const canDelete = useHasPermission(P.delete);
  const canEdit = useHasPermission(P.edit);
  const dictId = dict.id;
  const load = useCallback((params: Parameters<typeof listDictItems>[1]) => listDictItems(dictId, params), [dictId]);
  const table = useServerTable<DictItemRecord, DictItemFilters>({
    queryKey: DICT_KEYS.items(dictId),
    load,
    selection: canDelete ? 'page' : undefined,
    gcTime: 0,
  });

  const remove = useFormSubmit({
    mutation: useDeleteDictItems(dictId),
    onSuccess: (text) => {
      void message.success(text || '删除成功!');
      table.selection.clear();
    },
  });

  const removeTicked = () => {
    const ids = [...table.selection.keys];
    if (ids.length === 0) {
      void message.warning(LIST_PAGE_TEXT.selectOne);
      return;
    }
    modal.confirm({
      title: '确认删除',
      content: `是否删除选中的 ${ids.length} 个字典项?`,
      okText: '确定',
      cancelText: '取消',
      onOk: () => remove.submit(ids),
    });
  };

  const lastSort = table.records.reduce((max, r) => Math.max(max, r.sortOrder), 0);

  const actions = (r: DictItemRecord, vertical: boolean) => {
    const style = vertical ? { padding: 0 } : { paddingInline: 4 };
    return (
      <Space size={4} orientation={vertical ? 'vertical' : 'horizontal'}>
        {canEdit ? (
          <Button
            type="link"
            size="small"
            style={style}
            onClick={() => setEditing({ record: r })}
            data-testid={`dict-item-edit-${r.id}`}
          >
            编辑
          </Button>
        ) : null}
        <Authorized action={P.delete}>
          <Popconfirm title={LIST_PAGE_TEXT.confirmDeleteOne} onConfirm={() => remove.submit([r.id])}>
            <Button type="link" size="small" style={style} danger data-testid={`dict-item-delete-${r.id}`}>
              删除
            </Button>
          </Popconfirm>
        </Authorized>
      </Space>
    );
  };

  const columns: TableColumnsType<DictItemRecord> = phone
    ? [
        {
          title: '字典项',
          key: 'item',
          render: (_: unknown, r) => (
            <Flex vertical gap={2} style={{ minWidth: 0 }} data-testid="dict-item-card">
              <Typography.Text strong>{`${r.itemText}（${r.itemValue}）`}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {`排序 ${r.sortOrder}`} · {statusTag(r)}
              </Typography.Text>
              {r.description ? (
                <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: r.description }}>
                  {r.description}
                </Typography.Text>
              ) : null}
            </Flex>
          ),
        },
        { title: '操作', key: 'actions', width: 64, render: (_: unknown, r) => actions(r, true) },
      ]
    : [
        { title: '名称', dataIndex: 'itemText', ellipsis: true },
        { title: '数据值', dataIndex: 'itemValue', width: 140, ellipsis: true },
        {
          title: '描述',
          dataIndex: 'description',
          ellipsis: { showTitle: false },
          render: (v: string | null) => (v ? <Typography.Text ellipsis={{ tooltip: v }}>{v}</Typography.Text> : '-'),
        },
        { title: '排序', dataIndex: 'sortOrder', width: 80 },
        { title: '状态', key: 'status', width: 90, render: (_: unknown, r) => statusTag(r) },
        { title: '操作', key: 'actions', width: 120, render: (_: unknown, r) => actions(r, false) },
      ];

  return (
    <>
      <SearchForm
        form={form}
        onSearch={table.searchProps.onSearch}
        onReset={table.searchProps.onReset}
        style={{ marginBottom: 16 }}
        data-testid="dict-items-search"
      >
        <Form.Item label="名称" name="itemText">
          <Input placeholder="请输入名称" allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label="状态" name="status">
          <Select placeholder="请选择状态" allowClear options={STATUS_FILTER} style={{ width: 140 }} />
        </Form.Item>
      </SearchForm>
      <Space wrap style={{ marginBottom: 12 }}>
        <Authorized action={P.add}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ record: null })}>
            新增
          </Button>
        </Authorized>
        {canDelete ? (
          <Button disabled={table.selection.keys.length === 0} onClick={removeTicked}>
            批量删除
          </Button>
        ) : null}
      </Space>
      {table.error ? (
        <LoadErrorAlert
          title="字典项加载失败"
          error={table.error}
          onRetry={() => void table.refetch()}
          data-testid="dict-items-error"
        />
      ) : null}
      <Table<DictItemRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        {...table.tableProps}
        scroll={phone ? undefined : { x: 640 }}
        locale={{ emptyText: '该字典暂无字典项' }}
        data-testid="dict-items-table"
      />
      <DictItemFormDialog
        open={editing !== null}
        dictId={dictId}
        record={editing?.record ?? null}
        nextSortOrder={lastSort + 1}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
