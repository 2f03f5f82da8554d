/**
 * 编码校验规则 (system/CheckRuleList): the rules forms check codes with (/sys/checkRule/checkByCode) — name, code,
 * description and their segments; each can be edited (the rule editor with its 测试 box) or deleted. Buttons follow
 * the caller's permission codes (ADMIN_PERMISSIONS.checkRule); the server checks them again.
 */
import { useState } from 'react';
import { Button, Flex, Form, Input, Popconfirm, Space, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import type { CheckRuleRecord } from '@houtai/shared/contract/check-rule';
import { LIST_PAGE_TEXT } from '@houtai/shared/contract/list-page';
import { failureText } from '../../../lib/failure-text.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { Authorized, useHasPermission } from '../../../lib/permissions/index.ts';
import type { FitColumn } from '../../../lib/server-table/responsive-columns.ts';
import { ListPage } from '../../../widgets/list-page/list-page.tsx';
import { SearchForm } from '../../../widgets/list-page/search-form.tsx';
import { CHECK_RULE_LIST_PATH, getCheckRule, useCheckRuleTable, type CheckRuleFilters } from './api/check-rule-api.ts';
import { CheckRuleFormDialog, segmentsOf } from './check-rule-form-dialog.tsx';

const P = ADMIN_PERMISSIONS.checkRule;

/** The segments in one line: `2:[A-Z]{2} · *:\d+`. */
function segmentsText(json: string): string {
  return segmentsOf(json)
    .map((s) => `${s.digits ?? ''}:${s.pattern ?? ''}`)
    .join(' · ');
}

export function CheckRuleAdminPage() {
  const { message } = useFeedback();
  const [form] = Form.useForm<CheckRuleFilters>();
  const [editing, setEditing] = useState<{ record: CheckRuleRecord | null } | null>(null);
  const canEdit = useHasPermission(P.edit);
  const list = useCheckRuleTable(canEdit);
  const { table } = list;

  const openEditor = async (id: string | null) => {
    if (!id) {
      setEditing({ record: null });
      return;
    }
    try {
      // The rule as it is now, with the version an edit sends back.
      setEditing({ record: await getCheckRule(id) });
    } catch (e) {
      const text = failureText(e);
      if (text) void message.warning(text);
    }
  };

  const actions = (r: CheckRuleRecord, vertical: boolean) => {
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

  const code = (v: string) => (
    <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
      {v}
    </Typography.Text>
  );

  const columns: FitColumn<CheckRuleRecord>[] = [
    { title: '规则名称', dataIndex: 'ruleName', minWidth: 160 },
    { title: '规则编码', dataIndex: 'ruleCode', width: 160, render: (v: string) => code(v) },
    {
      title: '规则',
      dataIndex: 'ruleJson',
      width: 260,
      from: 'lg',
      ellipsis: { showTitle: false },
      render: (v: string) => (
        <Typography.Text ellipsis={{ tooltip: segmentsText(v) }} style={{ fontFamily: 'monospace', fontSize: 12 }}>
          {segmentsText(v)}
        </Typography.Text>
      ),
    },
    {
      title: '规则描述',
      dataIndex: 'ruleDescription',
      width: 220,
      from: 'xl',
      ellipsis: { showTitle: false },
      render: (v: string | null) => (v ? <Typography.Text ellipsis={{ tooltip: v }}>{v}</Typography.Text> : '-'),
    },
    { title: '创建时间', dataIndex: 'createTime', width: 168, from: 'xxl', render: (v: string | null) => v || '-' },
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
  // A phone: one card per rule — name, code, description — with its steps beside it.
  const compactColumns: TableColumnsType<CheckRuleRecord> = [
    {
      title: '规则',
      key: 'rule',
      render: (_: unknown, r) => (
        <Flex vertical gap={4} style={{ minWidth: 0 }} data-testid="check-rule-card">
          <Typography.Text strong>{r.ruleName}</Typography.Text>
          <div>{code(r.ruleCode)}</div>
          {r.ruleDescription ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.ruleDescription}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
  ];
  if (canEdit)
    compactColumns.push({ title: '操作', key: 'actions', width: 72, render: (_: unknown, r) => actions(r, true) });

  return (
    <>
      <ListPage<CheckRuleRecord, CheckRuleFilters>
        page={list}
        listKey={CHECK_RULE_LIST_PATH}
        title="编码校验规则"
        search={
          <SearchForm form={form} onSearch={table.searchProps.onSearch} onReset={table.searchProps.onReset}>
            <Form.Item label="规则名称" name="ruleName">
              <Input placeholder="请输入规则名称" allowClear maxLength={100} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item label="规则编码" name="ruleCode">
              <Input placeholder="请输入规则编码" allowClear maxLength={100} style={{ width: 200 }} />
            </Form.Item>
          </SearchForm>
        }
        toolbar={
          <Authorized action={P.edit}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void openEditor(null)}>
              新建
            </Button>
          </Authorized>
        }
        batchDeletePermission={P.edit}
        columns={columns}
        compactColumns={compactColumns}
        emptyText="暂无编码校验规则"
        errorTitle="编码校验规则加载失败"
        data-testid="check-rule-admin-page"
        testIdPrefix="check-rule"
      />
      <CheckRuleFormDialog open={editing !== null} record={editing?.record ?? null} onClose={() => setEditing(null)} />
    </>
  );
}
