/** 用户: the users of the chosen department (not of its sub-departments), searchable by name; read only. */
import { useState } from 'react';
import { Empty, Flex, Grid, Input, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { DepartTreeModel } from '@houtai/shared/contract/admin-depart';
import type { PickerUser } from '@houtai/shared/contract/pickers-rules';
import { LoadErrorAlert } from '../../../lib/load-error-alert.tsx';
import { useDepartUsers } from './api/depart-users.ts';

const statusTag = (u: PickerUser) => (
  <Tag color={u.status === 1 ? 'green' : 'default'}>{u.status_dictText ?? (u.status === 1 ? '正常' : '冻结')}</Tag>
);

export function DepartUsersTab({ depart }: { depart: DepartTreeModel }) {
  const screens = Grid.useBreakpoint();
  const [realname, setRealname] = useState('');
  const users = useDepartUsers(depart.id, realname);

  const columns: TableColumnsType<PickerUser> = screens.md
    ? [
        { title: '用户账号', dataIndex: 'username', ellipsis: true },
        { title: '用户姓名', dataIndex: 'realname', ellipsis: true },
        { title: '工号', dataIndex: 'workNo', render: (v: string | null) => v || '-' },
        { title: '状态', dataIndex: 'status', width: 88, render: (_: unknown, u) => statusTag(u) },
      ]
    : [
        {
          title: '用户',
          key: 'user',
          render: (_: unknown, u) => (
            <Flex justify="space-between" align="center" gap={8} data-testid="depart-user-card">
              <Flex vertical style={{ minWidth: 0 }}>
                <Typography.Text strong>{u.realname}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {u.username}
                  {u.workNo ? ` · ${u.workNo}` : ''}
                </Typography.Text>
              </Flex>
              {statusTag(u)}
            </Flex>
          ),
        },
      ];

  return (
    <div data-testid="depart-users-tab">
      <Input.Search
        aria-label="按姓名搜索用户"
        placeholder="按姓名搜索"
        allowClear
        onSearch={(v) => setRealname(v.trim())}
        style={{ maxWidth: 280, marginBottom: 12 }}
      />
      {users.error ? (
        <LoadErrorAlert title="部门用户加载失败" error={users.error} onRetry={() => void users.refetch()} />
      ) : (
        <Table<PickerUser>
          rowKey="id"
          size="middle"
          loading={users.isFetching}
          columns={columns}
          dataSource={users.data ?? []}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该部门暂无用户" /> }}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        />
      )}
    </div>
  );
}
