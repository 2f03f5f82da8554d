/** 数据规则 of one menu: its rules listed, and 新增 / 编辑 / 删除 for holders of system:permission:rule. */
import { useRef, useState } from 'react';
import { Button, Flex, Modal, Popconfirm, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import type { DataRuleCondition, SysPermissionDataRule } from '@houtai/shared/contract/admin-menu';
import { LIST_PAGE_TEXT } from '@houtai/shared/contract/list-page';
import { useFeedback } from '../../../lib/feedback.ts';
import { useFocusableTableScroll } from '../../../lib/focusable-table-scroll.ts';
import { LoadErrorAlert } from '../../../lib/load-error-alert.tsx';
import { Authorized } from '../../../lib/permissions/index.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { useDeleteDataRule } from './api/delete-data-rule.ts';
import { useDataRules } from './api/list-data-rules.ts';
import { DataRuleFormDialog, type DataRuleEditing } from './data-rule-form-dialog.tsx';
import { CONDITION_LABEL, STATUS_LABEL } from './labels.ts';
import type { MenuRow } from './menu-tree.ts';

const RULE = ADMIN_PERMISSIONS.menu.rule;

export interface DataRuleDialogProps {
  /** The menu whose rules are shown; null: closed. */
  menu: MenuRow | null;
  onClose: () => void;
}

export function DataRuleDialog({ menu, onClose }: DataRuleDialogProps) {
  const { message } = useFeedback();
  const rules = useDataRules(menu?.id ?? null);
  const [editing, setEditing] = useState<DataRuleEditing | null>(null);
  const remove = useFormSubmit({
    mutation: useDeleteDataRule(),
    onSuccess: (text: string) => void message.success(text),
  });
  const box = useRef<HTMLDivElement>(null);
  useFocusableTableScroll(box, '数据规则表格');

  const columns: TableColumnsType<SysPermissionDataRule> = [
    { title: '规则名称', dataIndex: 'ruleName', width: 140 },
    { title: '规则字段', dataIndex: 'ruleColumn', width: 120 },
    {
      title: '条件',
      dataIndex: 'ruleConditions',
      width: 96,
      render: (c: string) => CONDITION_LABEL[c as DataRuleCondition] ?? c,
    },
    { title: '规则值', dataIndex: 'ruleValue', width: 160 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 72,
      render: (s: string) => <Tag color={s === '1' ? 'green' : 'default'}>{STATUS_LABEL[s] ?? s}</Tag>,
    },
    {
      title: '操作',
      key: 'actions',
      width: 112,
      render: (_: unknown, r) => (
        <Authorized action={RULE} fallback="-">
          <Space size={4}>
            <Button
              type="link"
              size="small"
              style={{ paddingInline: 4 }}
              onClick={() => menu && setEditing({ permissionId: menu.id, rule: r })}
            >
              编辑
            </Button>
            <Popconfirm title={LIST_PAGE_TEXT.confirmDeleteOne} onConfirm={() => remove.submit(r.id)}>
              <Button type="link" size="small" danger style={{ paddingInline: 4 }}>
                删除
              </Button>
            </Popconfirm>
          </Space>
        </Authorized>
      ),
    },
  ];

  return (
    <>
      <Modal
        title={menu ? `数据规则：${menu.name}` : '数据规则'}
        width={800}
        open={menu !== null}
        onCancel={onClose}
        footer={<Button onClick={onClose}>关闭</Button>}
        destroyOnHidden
        data-testid="data-rule-dialog"
      >
        <Flex vertical gap={12} ref={box}>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Text type="secondary">
              规则只对登记了数据规则的列表生效，授权后在角色授权中勾选。
            </Typography.Text>
            <Authorized action={RULE}>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => menu && setEditing({ permissionId: menu.id, rule: null })}
              >
                新增
              </Button>
            </Authorized>
          </Flex>
          {rules.error ? (
            <LoadErrorAlert title="数据规则加载失败" error={rules.error} onRetry={() => void rules.refetch()} />
          ) : null}
          <Table<SysPermissionDataRule>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={rules.data ?? []}
            loading={rules.isFetching}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{
              emptyText: (
                <Typography.Text type="secondary">{rules.error ? '加载失败' : '暂无数据规则'}</Typography.Text>
              ),
            }}
            data-testid="data-rule-table"
          />
        </Flex>
      </Modal>
      <DataRuleFormDialog editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}
