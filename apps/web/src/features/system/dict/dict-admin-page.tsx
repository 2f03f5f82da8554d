/**
 * 数据字典 (/isystem/dict): the dictionaries with name/code filters; 新增 / 编辑 / 删除 (one or the ticked ones —
 * logical, the server keeps them in its recycle bin); 字典配置 opens the dictionary's items; 刷新缓存 reloads the
 * dictionaries this browser keeps. The server has no dictionary cache: a change reaches every instance at once and
 * every browser on its next dictionary load (登录, 刷新缓存). Buttons follow the caller's codes; the server checks again.
 */
import { useState } from 'react';
import { Button, Flex, Form, Input, Popconfirm, Space, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import type { DictRecord } from '@houtai/shared/contract/dict-admin';
import { LIST_PAGE_TEXT } from '@houtai/shared/contract/list-page';
import { useFeedback } from '../../../lib/feedback.ts';
import { Authorized, useHasPermission } from '../../../lib/permissions/index.ts';
import type { FitColumn } from '../../../lib/server-table/responsive-columns.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { ListPage } from '../../../widgets/list-page/list-page.tsx';
import { SearchForm } from '../../../widgets/list-page/search-form.tsx';
import { DICT_LIST_PATH, useDictTable, type DictFilters, type DictRow } from './api/list-dicts.ts';
import { refreshDictCache, reloadDictionaries } from './api/refresh-dict-cache.ts';
import { DictFormDialog } from './dict-form-dialog.tsx';
import { DictItemsDrawer, type DictItemsTarget } from './dict-items-drawer.tsx';
import { DictRecycleDialog } from './dict-recycle-dialog.tsx';

const P = ADMIN_PERMISSIONS.dict;

export function DictAdminPage() {
  const { message } = useFeedback();
  const client = useQueryClient();
  const [form] = Form.useForm<DictFilters>();
  const [editing, setEditing] = useState<{ record: DictRecord | null } | null>(null);
  const [itemsOf, setItemsOf] = useState<DictItemsTarget | null>(null);
  const [recycleOpen, setRecycleOpen] = useState(false);
  const canDelete = useHasPermission(P.delete);
  const list = useDictTable(canDelete, () => void reloadDictionaries(client));
  const { table } = list;

  const refresh = useFormSubmit({
    mutation: useMutation({ mutationFn: () => refreshDictCache(client) }),
    onSuccess: (text) => void message.success(text || '刷新缓存完成！'),
  });

  const actions = (r: DictRow, vertical: boolean) => {
    const style = vertical ? { padding: 0 } : { paddingInline: 4 };
    return (
      <Space size={4} wrap={false} orientation={vertical ? 'vertical' : 'horizontal'}>
        <Authorized action={P.edit}>
          <Button
            type="link"
            size="small"
            style={style}
            onClick={() => setEditing({ record: r })}
            data-testid={`dict-edit-${r.id}`}
          >
            编辑
          </Button>
        </Authorized>
        <Button type="link" size="small" style={style} onClick={() => setItemsOf(r)} data-testid={`dict-items-${r.id}`}>
          字典配置
        </Button>
        <Authorized action={P.delete}>
          <Popconfirm title={LIST_PAGE_TEXT.confirmDeleteOne} onConfirm={() => list.removeOne(r.id)}>
            <Button type="link" size="small" style={style} danger data-testid={`dict-delete-${r.id}`}>
              删除
            </Button>
          </Popconfirm>
        </Authorized>
      </Space>
    );
  };

  const columns: FitColumn<DictRow>[] = [
    { title: '字典名称', dataIndex: 'dictName', minWidth: 160, ellipsis: true },
    { title: '字典编码', dataIndex: 'dictCode', width: 200, ellipsis: true },
    {
      title: '描述',
      dataIndex: 'description',
      minWidth: 200,
      from: 'xl',
      ellipsis: { showTitle: false },
      render: (v: string | null) => (v ? <Typography.Text ellipsis={{ tooltip: v }}>{v}</Typography.Text> : '-'),
    },
    { title: '操作', key: 'actions', width: 200, fixed: 'right', render: (_: unknown, r) => actions(r, false) },
  ];
  // A phone: one card per dictionary — name, code, description — with its actions beside it.
  const compactColumns: TableColumnsType<DictRow> = [
    {
      title: '字典',
      key: 'dict',
      render: (_: unknown, r) => (
        <Flex vertical gap={2} style={{ minWidth: 0 }} data-testid="dict-card">
          <Typography.Text strong ellipsis={{ tooltip: r.dictName }}>
            {r.dictName}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.dictCode}
          </Typography.Text>
          {r.description ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: r.description }}>
              {r.description}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    { title: '操作', key: 'actions', width: 80, render: (_: unknown, r) => actions(r, true) },
  ];

  return (
    <>
      <ListPage<DictRow, DictFilters>
        page={list}
        listKey={DICT_LIST_PATH}
        title="数据字典"
        search={
          <SearchForm form={form} onSearch={table.searchProps.onSearch} onReset={table.searchProps.onReset}>
            <Form.Item label="字典名称" name="dictName">
              <Input placeholder="请输入字典名称" allowClear style={{ width: 180 }} />
            </Form.Item>
            <Form.Item label="字典编码" name="dictCode">
              <Input placeholder="请输入字典编码" allowClear style={{ width: 180 }} />
            </Form.Item>
          </SearchForm>
        }
        toolbar={
          <>
            <Authorized action={P.add}>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ record: null })}>
                新增
              </Button>
            </Authorized>
            <Button
              icon={<SyncOutlined />}
              loading={refresh.submitting}
              onClick={() => void refresh.submit(undefined)}
              data-testid="dict-refresh-cache"
            >
              刷新缓存
            </Button>
            <Authorized action={P.delete}>
              <Button onClick={() => setRecycleOpen(true)} data-testid="dict-recycle-open">
                回收站
              </Button>
            </Authorized>
          </>
        }
        batchDeletePermission={P.delete}
        columns={columns}
        compactColumns={compactColumns}
        emptyText="暂无字典"
        errorTitle="字典列表加载失败"
        data-testid="dict-admin-page"
        testIdPrefix="dict"
      />
      <DictFormDialog open={editing !== null} record={editing?.record ?? null} onClose={() => setEditing(null)} />
      <DictItemsDrawer dict={itemsOf} onClose={() => setItemsOf(null)} />
      <DictRecycleDialog open={recycleOpen} onClose={() => setRecycleOpen(false)} />
    </>
  );
}
