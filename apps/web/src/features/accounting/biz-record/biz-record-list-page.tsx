/**
 * 业务数据 (/accounting/bizRecord): the business records that documents and vouchers are generated from, with filters
 * (期间, 结算组织, 业务来源, 状态, 往来单位, 摘要), 新增 / 编辑 / 删除 (one or the ticked ones), 导入 and 导出 through the
 * task centre. A record that has become a document (状态 已生成) can be neither edited nor deleted. Buttons follow the
 * caller's codes; the server checks everything again.
 */
import { useState, type ReactNode } from 'react';
import {
  Button,
  DatePicker,
  Flex,
  Form,
  Input,
  Popconfirm,
  Select,
  Space,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import {
  ACCOUNTING_LIMITS,
  ACCOUNTING_PERMISSIONS,
  ACCOUNTING_TEXT,
  type BizRecordRecord,
} from '@houtai/shared/contract/accounting';
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
import { DictTreeSelect } from '../../../widgets/tree-select/tree-select.tsx';
import { BIZ_RECORD_KEYS } from './api/biz-record-keys.ts';
import { getBizRecord } from './api/get-biz-record.ts';
import { BIZ_RECORD_EXPORT, BIZ_RECORD_IMPORT } from './api/import-export-biz-records.ts';
import { BIZ_RECORD_LIST_PATH, useBizRecordTable, type BizRecordFilters } from './api/list-biz-records.ts';
import { sourceTree } from './api/source-tree.ts';
import { BizRecordFormDialog } from './biz-record-form-dialog.tsx';
import {
  moneyText,
  PERIOD_FORMAT,
  searchFilters,
  STATUS_OPTIONS,
  type BizRecordSearchValues,
} from './biz-record-form.ts';

const P = ACCOUNTING_PERMISSIONS;

const documented = (r: BizRecordRecord) => r.status === '1';

function StatusTag({ r }: { r: BizRecordRecord }) {
  return (
    <Tag color={documented(r) ? 'green' : 'default'}>{r.status_dictText || (documented(r) ? '已生成' : '未生成')}</Tag>
  );
}

export function BizRecordListPage() {
  useDocumentTitle('业务数据');
  const { message } = useFeedback();
  const [form] = Form.useForm<BizRecordSearchValues>();
  const [editing, setEditing] = useState<{ record: BizRecordRecord | null } | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  // One tree of business sources for the filter and the dialog, read once while the screen is open.
  const [sources] = useState(() => sourceTree());
  const canEdit = useHasPermission(P.bizRecordEdit);
  const canExport = useHasPermission(P.bizRecordExport);
  const list = useBizRecordTable(canEdit || canExport);
  const { table } = list;
  const queryClient = useQueryClient();

  const openEditor = async (id: string | null) => {
    if (!id) {
      setEditing({ record: null });
      return;
    }
    setOpening(id);
    try {
      // The record as it is now, with its current version.
      setEditing({ record: await getBizRecord(id) });
    } catch (e) {
      const text = failureText(e);
      if (text) void message.warning(text);
    } finally {
      setOpening(null);
    }
  };

  const actions = (r: BizRecordRecord, vertical: boolean) => {
    const style = vertical ? { padding: 0 } : { paddingInline: 4 };
    const locked = documented(r);
    // A disabled button gets no pointer events: the tooltip hangs on a wrapper.
    const why = (node: ReactNode) =>
      locked ? (
        <Tooltip title={ACCOUNTING_TEXT.documented}>
          <span style={{ display: 'inline-block', cursor: 'not-allowed' }}>{node}</span>
        </Tooltip>
      ) : (
        node
      );
    return (
      <Authorized action={P.bizRecordEdit}>
        <Space size={4} wrap={false} orientation={vertical ? 'vertical' : 'horizontal'}>
          {why(
            <Button
              type="link"
              size="small"
              style={style}
              disabled={locked}
              loading={opening === r.id}
              onClick={() => void openEditor(r.id)}
              data-testid={`biz-record-edit-${r.id}`}
            >
              编辑
            </Button>,
          )}
          {locked ? (
            why(
              <Button type="link" size="small" style={style} danger disabled data-testid={`biz-record-delete-${r.id}`}>
                删除
              </Button>,
            )
          ) : (
            <Popconfirm title={LIST_PAGE_TEXT.confirmDeleteOne} onConfirm={() => list.removeOne(r.id)}>
              <Button type="link" size="small" style={style} danger data-testid={`biz-record-delete-${r.id}`}>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      </Authorized>
    );
  };

  const money = (v: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{moneyText(v)}</span>;
  const columns: FitColumn<BizRecordRecord>[] = [
    {
      title: '业务日期',
      dataIndex: 'bizDate',
      width: 100,
      sorter: true,
      sortOrder: table.sortOrderOf('bizDate'),
    },
    { title: '结算组织', dataIndex: 'orgId_dictText', minWidth: 128, ellipsis: true },
    { title: '业务来源', dataIndex: 'dataSource_dictText', width: 100, ellipsis: true },
    {
      title: '价税合计',
      dataIndex: 'amount',
      width: 116,
      align: 'right',
      sorter: true,
      sortOrder: table.sortOrderOf('amount'),
      render: money,
    },
    { title: '税率', dataIndex: 'taxRate', width: 60, align: 'right', render: (v: string) => `${v}%` },
    { title: '税额', dataIndex: 'taxAmount', width: 100, align: 'right', from: 'lg', render: money },
    { title: '不含税金额', dataIndex: 'netAmount', width: 116, align: 'right', from: 'lg', render: money },
    {
      title: '往来单位',
      dataIndex: 'counterparty',
      width: 112,
      ellipsis: true,
      from: 'xl',
      render: (v: string | null) => v || '-',
    },
    {
      title: '摘要',
      dataIndex: 'summary',
      minWidth: 120,
      ellipsis: { showTitle: false },
      render: (v: string) => <Typography.Text ellipsis={{ tooltip: v }}>{v}</Typography.Text>,
    },
    { title: '状态', dataIndex: 'status', width: 76, render: (_: unknown, r) => <StatusTag r={r} /> },
    ...(canEdit
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 96,
            fixed: 'right' as const,
            render: (_: unknown, r: BizRecordRecord) => actions(r, false),
          },
        ]
      : []),
  ];
  // A phone: one card per record — date, source and state, organisation, amount with its tax, summary.
  const compactColumns: TableColumnsType<BizRecordRecord> = [
    {
      title: '业务数据',
      key: 'record',
      render: (_: unknown, r) => (
        <Flex vertical gap={2} style={{ minWidth: 0 }} data-testid="biz-record-card">
          <Flex align="center" gap={4} wrap>
            <Typography.Text strong>{r.bizDate}</Typography.Text>
            <Typography.Text>{r.dataSource_dictText}</Typography.Text>
            <StatusTag r={r} />
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: r.orgId_dictText }}>
            {r.orgId_dictText}
          </Typography.Text>
          <Typography.Text style={{ fontVariantNumeric: 'tabular-nums' }}>
            {`${moneyText(r.amount)}（税率 ${r.taxRate}%，税额 ${moneyText(r.taxAmount)}）`}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: r.summary }}>
            {[r.counterparty, r.summary].filter(Boolean).join(' · ')}
          </Typography.Text>
        </Flex>
      ),
    },
    ...(canEdit
      ? [{ title: '操作', key: 'actions', width: 72, render: (_: unknown, r: BizRecordRecord) => actions(r, true) }]
      : []),
  ];

  return (
    <>
      <ListPage<BizRecordRecord, BizRecordFilters>
        page={list}
        listKey={BIZ_RECORD_LIST_PATH}
        title="业务数据"
        search={
          <SearchForm
            form={form}
            name="biz-record-search"
            onSearch={(values) => table.searchProps.onSearch(searchFilters(values))}
            onReset={table.searchProps.onReset}
            data-testid="biz-record-search"
          >
            <Form.Item label="期间" name="period">
              <DatePicker picker="month" format={PERIOD_FORMAT} placeholder="请选择期间" style={{ width: 140 }} />
            </Form.Item>
            <Form.Item label="结算组织" name="orgId">
              <DictSelect
                dictCode={ACCOUNTING_LIMITS.orgDictCode}
                loader={loadDictOptions}
                placeholder="全部"
                style={{ width: 200 }}
              />
            </Form.Item>
            <Form.Item label={ACCOUNTING_TEXT.sourceLabel} name="dataSource" style={{ minWidth: 220 }}>
              <DictTreeSelect loader={sources} placeholder="全部" data-testid="biz-record-search-source" />
            </Form.Item>
            <Form.Item label="状态" name="status">
              <Select placeholder="全部" allowClear options={STATUS_OPTIONS} style={{ width: 110 }} />
            </Form.Item>
            <Form.Item label="往来单位" name="counterparty">
              <Input placeholder="请输入往来单位" allowClear style={{ width: 160 }} />
            </Form.Item>
            <Form.Item label="摘要" name="summary">
              <Input placeholder="请输入摘要" allowClear style={{ width: 160 }} />
            </Form.Item>
          </SearchForm>
        }
        toolbar={
          <Authorized action={P.bizRecordEdit}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void openEditor(null)}>
              新增
            </Button>
          </Authorized>
        }
        batchDeletePermission={P.bizRecordEdit}
        exportConfig={BIZ_RECORD_EXPORT}
        importConfig={BIZ_RECORD_IMPORT}
        onImported={() => void queryClient.invalidateQueries({ queryKey: BIZ_RECORD_KEYS.all })}
        columns={columns}
        compactColumns={compactColumns}
        emptyText="暂无业务数据"
        errorTitle="业务数据加载失败"
        data-testid="biz-record-list-page"
        testIdPrefix="biz-record"
      />
      <BizRecordFormDialog
        open={editing !== null}
        record={editing?.record ?? null}
        sources={sources}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
