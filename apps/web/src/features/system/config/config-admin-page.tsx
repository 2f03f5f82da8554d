/**
 * 系统配置 (system/SysConfigList): the settings an administrator may change (the server's catalogue — never other
 * sys_config rows), each with its current value in words, who changed it last and when, and 编辑 (system:config:edit)
 * opening an editor made from the setting's fields.
 */
import { useState } from 'react';
import { Button, Flex, Tag, Typography, type TableColumnsType } from 'antd';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import type { ConfigField, SysConfigRecord } from '@houtai/shared/contract/sys-config';
import { Authorized } from '../../../lib/permissions/index.ts';
import type { FitColumn } from '../../../lib/server-table/responsive-columns.ts';
import { ListPage } from '../../../widgets/list-page/list-page.tsx';
import { CONFIG_LIST_PATH, useConfigTable } from './api/sys-config.ts';
import { ConfigFormDialog } from './config-form-dialog.tsx';

const P = ADMIN_PERMISSIONS.config;

/** One field's value in words (a switch as 开启/关闭, an empty text as 未设置). */
function fieldText(f: ConfigField, v: unknown) {
  if (f.kind === 'switch') {
    const on = String(v) === f.on;
    return <Tag color={on ? 'green' : 'default'}>{on ? '开启' : '关闭'}</Tag>;
  }
  const text = typeof v === 'string' || typeof v === 'number' ? String(v) || '未设置' : '未设置';
  return (
    <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: '100%' }}>
      {text}
    </Typography.Text>
  );
}

function valueView(r: SysConfigRecord) {
  return (
    <Flex vertical gap={2} style={{ minWidth: 0 }} data-testid={`config-value-${r.code}`}>
      {r.fields.map((f) => (
        <Flex key={f.name} gap={6} align="center" style={{ minWidth: 0 }}>
          <Typography.Text type="secondary" style={{ flex: 'none' }}>{`${f.label}：`}</Typography.Text>
          {fieldText(f, r.value[f.name])}
        </Flex>
      ))}
    </Flex>
  );
}

export function ConfigAdminPage() {
  const list = useConfigTable();
  const [editing, setEditing] = useState<SysConfigRecord | null>(null);

  const edit = (r: SysConfigRecord) => (
    <Authorized action={P.edit}>
      <Button
        type="link"
        size="small"
        style={{ padding: 0 }}
        onClick={() => setEditing(r)}
        data-testid={`config-edit-${r.code}`}
      >
        编辑
      </Button>
    </Authorized>
  );
  const nameView = (r: SysConfigRecord) => (
    <Flex vertical style={{ minWidth: 0 }}>
      <Typography.Text strong>{r.name}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {r.code}
      </Typography.Text>
    </Flex>
  );

  const columns: FitColumn<SysConfigRecord>[] = [
    { title: '配置项', dataIndex: 'name', width: 200, render: (_: unknown, r) => nameView(r) },
    { title: '当前值', key: 'value', minWidth: 260, render: (_: unknown, r) => valueView(r) },
    {
      title: '说明',
      dataIndex: 'description',
      width: 280,
      from: 'xl',
      render: (v: string) => <Typography.Text type="secondary">{v}</Typography.Text>,
    },
    {
      title: '最后修改',
      key: 'updated',
      width: 170,
      from: 'lg',
      render: (_: unknown, r) => (r.updateTime ? `${r.updateBy ?? ''} ${r.updateTime}` : '-'),
    },
    { title: '操作', key: 'actions', width: 70, render: (_: unknown, r) => edit(r) },
  ];
  const compactColumns: TableColumnsType<SysConfigRecord> = [
    {
      title: '配置项',
      key: 'card',
      render: (_: unknown, r) => (
        <Flex vertical gap={4} style={{ minWidth: 0 }} data-testid="config-card">
          {nameView(r)}
          {valueView(r)}
        </Flex>
      ),
    },
    { title: '操作', key: 'actions', width: 64, render: (_: unknown, r) => edit(r) },
  ];

  return (
    <>
      <ListPage<SysConfigRecord, Record<string, never>>
        page={list}
        listKey={CONFIG_LIST_PATH}
        title="系统配置"
        rowKey="code"
        columns={columns}
        compactColumns={compactColumns}
        emptyText="暂无可配置的项目"
        errorTitle="系统配置加载失败"
        data-testid="config-admin-page"
        testIdPrefix="config"
      />
      <ConfigFormDialog record={editing} onClose={() => setEditing(null)} />
    </>
  );
}
