/**
 * 日志管理 (system/LogList and system/OperateLogList): two tabs over GET /sys/log/list — 登录日志 (logType 1: who
 * signed in, from where, when) and 操作日志 (logType 2: who did what, its type, method, duration). Filters: keyword of
 * the content, account, time range, and the operate type on the operate log. A row opens its detail drawer. Needs
 * system:log:list (the menu already does; the server checks again).
 */
import { useState } from 'react';
import { useLocation } from 'react-router';
import { Button, Flex, Form, Input, Select, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { OPERATE_TYPE_OPTIONS, type SysLogRecord } from '@houtai/shared/contract/sys-log';
import type { FitColumn } from '../../../lib/server-table/responsive-columns.ts';
import { ListPage } from '../../../widgets/list-page/list-page.tsx';
import { SearchForm } from '../../../widgets/list-page/search-form.tsx';
import { RangePicker, type RangeValue } from '../../../widgets/range-picker/range-picker.tsx';
import { LOG_LIST_PATH, useLogTable, type LogFilters, type LogType } from './api/list-logs.ts';
import { costText, LogDetailDrawer } from './log-detail-drawer.tsx';

interface SearchValues {
  keyWord?: string;
  username?: string;
  operateType?: string;
  range?: RangeValue | null;
}

/** The form's values as the list's filters (the range as createTime_begin / _end). */
export function toLogFilters(v: SearchValues): LogFilters {
  const f: LogFilters = {};
  if (v.keyWord?.trim()) f.keyWord = v.keyWord.trim();
  if (v.username?.trim()) f.username = v.username.trim();
  if (v.operateType) f.operateType = v.operateType;
  if (v.range) {
    f.createTime_begin = v.range[0];
    f.createTime_end = v.range[1];
  }
  return f;
}

const TYPE_COLOR: Record<string, string> = { '2': 'green', '3': 'blue', '4': 'red', '5': 'purple', '6': 'cyan' };

const typeTag = (r: SysLogRecord) =>
  r.operateType_dictText ? (
    <Tag color={TYPE_COLOR[String(r.operateType)]} data-testid="log-operate-type">
      {r.operateType_dictText}
    </Tag>
  ) : (
    '-'
  );

const userText = (r: SysLogRecord) => (r.realname ? `${r.realname}(${r.username ?? ''})` : (r.username ?? '-'));

function LogList({ logType }: { logType: LogType }) {
  const operate = logType === '2';
  const [form] = Form.useForm<SearchValues>();
  const list = useLogTable(logType);
  const { table } = list;
  const [shown, setShown] = useState<SysLogRecord | null>(null);

  const detail = (r: SysLogRecord) => (
    <Button
      type="link"
      size="small"
      style={{ padding: 0 }}
      onClick={() => setShown(r)}
      data-testid={`log-detail-${r.id}`}
    >
      详情
    </Button>
  );
  const content = (r: SysLogRecord) => (
    <Typography.Text ellipsis={{ tooltip: r.logContent }}>{r.logContent ?? '-'}</Typography.Text>
  );

  const columns: FitColumn<SysLogRecord>[] = operate
    ? [
        { title: '操作人', dataIndex: 'username', width: 160, sorter: true, render: (_: unknown, r) => userText(r) },
        {
          title: '操作内容',
          dataIndex: 'logContent',
          minWidth: 220,
          ellipsis: { showTitle: false },
          render: (_: unknown, r) => content(r),
        },
        { title: '操作类型', dataIndex: 'operateType', width: 90, render: (_: unknown, r) => typeTag(r) },
        { title: 'IP', dataIndex: 'ip', width: 140, sorter: true, from: 'lg', render: (v: string | null) => v || '-' },
        { title: '请求方法', dataIndex: 'requestType', width: 90, from: 'xl', render: (v: string | null) => v || '-' },
        {
          title: '耗时',
          dataIndex: 'costTime',
          width: 90,
          sorter: true,
          from: 'xl',
          render: (v: number | null) => costText(v),
        },
        { title: '操作时间', dataIndex: 'createTime', width: 170, sorter: true },
        { title: '操作', key: 'actions', width: 70, render: (_: unknown, r) => detail(r) },
      ]
    : [
        { title: '用户账号', dataIndex: 'username', width: 140, sorter: true, render: (v: string | null) => v || '-' },
        {
          title: '日志内容',
          dataIndex: 'logContent',
          minWidth: 220,
          ellipsis: { showTitle: false },
          render: (_: unknown, r) => content(r),
        },
        { title: 'IP', dataIndex: 'ip', width: 140, sorter: true, render: (v: string | null) => v || '-' },
        {
          title: '请求地址',
          dataIndex: 'requestUrl',
          width: 180,
          from: 'xl',
          ellipsis: true,
          render: (v: string | null) => v || '-',
        },
        { title: '登录时间', dataIndex: 'createTime', width: 170, sorter: true },
        { title: '操作', key: 'actions', width: 70, render: (_: unknown, r) => detail(r) },
      ];
  // A phone: one card per row — who, when, what — and its detail link.
  const compactColumns: TableColumnsType<SysLogRecord> = [
    {
      title: operate ? '操作日志' : '登录日志',
      key: 'card',
      render: (_: unknown, r) => (
        <Flex vertical gap={2} style={{ minWidth: 0 }} data-testid="log-card">
          <Flex align="center" gap={4} wrap>
            <Typography.Text strong>{operate ? userText(r) : (r.username ?? '-')}</Typography.Text>
            {operate ? typeTag(r) : null}
          </Flex>
          <Typography.Text style={{ wordBreak: 'break-word' }}>{r.logContent ?? '-'}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {`${r.createTime ?? '-'} · ${r.ip ?? ''}`}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: '操作', key: 'actions', width: 64, render: (_: unknown, r) => detail(r) },
  ];

  return (
    <>
      <ListPage<SysLogRecord, LogFilters>
        page={list}
        listKey={LOG_LIST_PATH[logType]}
        title={operate ? '操作日志' : '登录日志'}
        search={
          <SearchForm<SearchValues>
            form={form}
            name={`log-search-${logType}`}
            onSearch={(v) => table.searchProps.onSearch(toLogFilters(v))}
            onReset={table.searchProps.onReset}
          >
            <Form.Item label="关键词" name="keyWord">
              <Input
                placeholder={operate ? '操作内容' : '日志内容'}
                allowClear
                maxLength={100}
                style={{ width: 180 }}
              />
            </Form.Item>
            <Form.Item label={operate ? '操作人' : '用户账号'} name="username">
              <Input placeholder="账号或姓名" allowClear maxLength={64} style={{ width: 150 }} />
            </Form.Item>
            {operate ? (
              <Form.Item label="操作类型" name="operateType">
                <Select placeholder="请选择" allowClear options={[...OPERATE_TYPE_OPTIONS]} style={{ width: 120 }} />
              </Form.Item>
            ) : null}
            <Form.Item label="时间" name="range" initialValue={null} style={{ maxWidth: '100%', minWidth: 0 }}>
              <RangePicker allowClear showTime disabledMonthNum={12} placeholder={['开始时间', '结束时间']} />
            </Form.Item>
          </SearchForm>
        }
        columns={columns}
        compactColumns={compactColumns}
        emptyText={operate ? '暂无操作日志' : '暂无登录日志'}
        errorTitle="日志加载失败"
        data-testid={`log-list-${logType}`}
        testIdPrefix={`log-${logType}`}
      />
      <LogDetailDrawer row={shown} onClose={() => setShown(null)} />
    </>
  );
}

export function LogPage() {
  // 操作日志's own menu (/isystem/operateLog, system/OperateLogList) opens on its tab.
  const { pathname } = useLocation();
  const [tab, setTab] = useState<LogType>(() => (/operatelog/i.test(pathname) ? '2' : '1'));
  return (
    <Tabs
      activeKey={tab}
      onChange={(k) => setTab(k as LogType)}
      destroyOnHidden
      data-testid="log-page"
      items={[
        { key: '1', label: '登录日志', children: <LogList logType="1" /> },
        { key: '2', label: '操作日志', children: <LogList logType="2" /> },
      ]}
    />
  );
}
